import { readdirSync } from "node:fs";
import path from "node:path";

import type { RequestHandler } from "express";

/** The encodings the build writes beside each text asset, best first, with their suffix. */
const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

type Encoding = (typeof PRECOMPRESSED)[number]["encoding"];

/**
 * The best of `offered` that an Accept-Encoding header allows, in the server's order of
 * preference (browsers list gzip before br, with equal weight). No header means no encoding.
 */
export function pickEncoding(header: string | undefined, offered: readonly Encoding[]): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part
      .toLowerCase()
      .split(";")
      .map((piece) => piece.trim());
    const q = params.map((param) => /^q=([0-9.]+)$/.exec(param)?.[1]).find(Boolean);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weightOf = (encoding: string) => weights.get(encoding) ?? weights.get("*") ?? 0;
  return offered.find((encoding) => weightOf(encoding) > 0);
}

/**
 * Serves `file.br` or `file.gz` for `file` when the build wrote one (scripts/vite-precompress.ts)
 * and the browser accepts it, with the original file's type. Mount it in front of
 * `express.static` on the same directory: it only rewrites the URL and sets the headers. The
 * directory is read once; a build never changes under a running server.
 */
export function precompressed(dir: string): RequestHandler {
  const files = new Set(readdirSync(dir, { recursive: true }).map((file) => String(file).split(path.sep).join("/")));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = req.path.slice(1);
    const offered = PRECOMPRESSED.filter(({ suffix }) => files.has(`${file}${suffix}`));
    if (offered.length === 0) return next();
    res.vary("Accept-Encoding");
    const encoding = pickEncoding(
      req.headers["accept-encoding"],
      offered.map((entry) => entry.encoding),
    );
    const chosen = offered.find((entry) => entry.encoding === encoding);
    if (!chosen) return next();
    res.setHeader("Content-Encoding", chosen.encoding);
    // express.static keeps a Content-Type that is already set.
    res.type(path.extname(file));
    req.url = `${req.path}${chosen.suffix}`;
    next();
  };
}
