import { readdirSync } from "node:fs";
import path from "node:path";

import type { RequestHandler } from "express";
import Negotiator from "negotiator";

/** The encodings the build writes beside each text asset, best first, with their suffix. */
const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

type Encoding = (typeof PRECOMPRESSED)[number]["encoding"];

/**
 * The best of `offered` that an Accept-Encoding header allows (negotiator reads the header), in
 * the server's order of preference: browsers list gzip before br, with equal weight, and any
 * weight above 0 accepts. No header means no encoding.
 */
export function pickEncoding(header: string | undefined, offered: readonly Encoding[]): Encoding | undefined {
  const accepted = new Negotiator({ headers: { "accept-encoding": header } }).encodings(offered);
  return offered.find((encoding) => accepted.includes(encoding));
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
