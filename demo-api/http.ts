/** Small helpers over node:http: bodies, JSON answers, cookies and origins. */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Reads a request body up to `limit` bytes; beyond it the rest is drained and dropped. */
export async function readBody(req: IncomingMessage, limit: number): Promise<{ bytes: Buffer; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Keep reading (and discarding) so the connection stays usable for the 413 answer.
    if (size > limit) tooLarge = true;
    else chunks.push(chunk);
  }
  return { bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge };
}

/** Sends a JSON answer (or an empty one for 204/304). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (status === 204 || status === 304 || body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

/** Parses a Cookie header into name/value pairs (first occurrence wins). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!cookies.has(name)) {
      try {
        cookies.set(name, decodeURIComponent(value));
      } catch {
        cookies.set(name, value);
      }
    }
  }
  return cookies;
}

/** The origin clients reached this server on: the fixed public URL if set, else Host. */
export function requestOrigin(req: IncomingMessage, publicUrl: string | undefined, fallbackHost: string): string {
  if (publicUrl) return publicUrl;
  const forwarded = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    ?.trim();
  const proto = forwarded === "https" ? "https" : "http";
  const host = req.headers.host && /^[A-Za-z0-9.\-:[\]]+$/.test(req.headers.host) ? req.headers.host : fallbackHost;
  return `${proto}://${host}`;
}

/** The panel origin for links in emails: a valid X-Panel-Origin header wins over the default. */
export function panelOriginOf(req: IncomingMessage, fallback: string): string {
  const header = req.headers["x-panel-origin"];
  const value = Array.isArray(header) ? header[0] : header;
  if (value) {
    try {
      const url = new URL(value);
      if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
    } catch {
      // An unusable header falls back to the configured origin.
    }
  }
  return fallback;
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
