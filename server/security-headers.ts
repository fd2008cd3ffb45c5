import { randomBytes } from "node:crypto";

import type { ServerResponse } from "node:http";

import type { RequestHandler } from "express";

/** A fresh CSP nonce: 16 random bytes, base64. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of a page whose scripts carry `nonce`. `devSocket` (development
 * only) is the origin of Vite's hot-reload WebSocket, the one thing Vite's client needs beyond
 * production's policy: its modules load from the nonced entry script ('strict-dynamic') and
 * its injected styles are covered by style-src.
 */
export function contentSecurityPolicy(
  nonce: string,
  apiOrigin: string,
  uploadOrigins: readonly string[] = [],
  devSocket?: string,
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    // The browser talks to the panel, and PUTs tier images straight to the upload host.
    ["connect-src 'self'", apiOrigin, ...uploadOrigins, ...(devSocket ? [devSocket] : [])].join(" "),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

export interface SecurityHeadersOptions {
  /** Origin of the upstream API, allowed in connect-src. */
  apiOrigin: string;
  /** Origins of presigned upload URLs when they are not on the API host (UPLOAD_ORIGINS). */
  uploadOrigins?: readonly string[];
  /** Under Vite's dev server: allow its hot-reload WebSocket on the page's own host. */
  development?: boolean;
}

// A Host header as browsers send it (name or IP literal, optional port): nothing that could
// end the connect-src directive.
const PLAIN_HOST = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Whether `host` is a plain ASCII name or IP literal with an optional port that a URL can carry. */
export function isPlainHost(host: string): boolean {
  return PLAIN_HOST.test(host) && URL.canParse(`http://${host}`);
}

/** The WebSocket origin of Vite's hot reload, which shares the page's host and port. */
export function devSocketOrigin(host: string | undefined): string | undefined {
  return host && isPlainHost(host) ? `ws://${host}` : undefined;
}

/**
 * Baseline security headers on every response, and the request's CSP nonce in
 * `res.locals.nonce` for React Router's load context.
 */
export function securityHeaders({
  apiOrigin,
  uploadOrigins = [],
  development = false,
}: SecurityHeadersOptions): RequestHandler {
  return (req, res, next) => {
    const nonce = createNonce();
    res.locals.nonce = nonce;
    const devSocket = development ? devSocketOrigin(req.get("host")) : undefined;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, apiOrigin, uploadOrigins, devSocket));
    res.setHeader("X-Content-Type-Options", "nosniff");
    defaultHeader(res, "Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    // req.secure follows X-Forwarded-Proto only when TRUST_PROXY trusts the proxy.
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Sets a header just before the response starts, unless the app set its own: React Router's
 * adapter appends headers, so setting the default up front would send two values (token pages
 * choose a stricter Referrer-Policy).
 */
function defaultHeader(res: ServerResponse, name: string, value: string) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!res.hasHeader(name)) res.setHeader(name, value);
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * Behind a trusted proxy, makes the Host header the public host (X-Forwarded-Host).
 * @react-router/express takes the hostname from X-Forwarded-Host but the port from Host
 * when X-Forwarded-Host has none, so `Host: panel:3000` would turn the request URL into
 * https://panel.example.com:3000 and fail the same-origin check of every action.
 */
export const forwardedHost: RequestHandler = (req, _res, next) => {
  if (req.get("x-forwarded-host") && req.host) req.headers.host = req.host;
  next();
};
