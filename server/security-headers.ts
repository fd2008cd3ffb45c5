import { randomBytes } from "node:crypto";

import type { RequestHandler } from "express";
import { referrerPolicy, strictTransportSecurity, xContentTypeOptions, xFrameOptions } from "helmet";

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
 * The security headers of every response, refusals included (helmet), and the request's CSP
 * nonce in `res.locals.nonce` for React Router's load context. The Content-Security-Policy is
 * written here rather than by helmet's, which joins directives with a bare ";" (decision 043).
 */
export function securityHeaders({
  apiOrigin,
  uploadOrigins = [],
  development = false,
}: SecurityHeadersOptions): RequestHandler[] {
  // max-age=31536000; includeSubDomains
  const hsts = strictTransportSecurity();
  return [
    xContentTypeOptions(),
    xFrameOptions({ action: "deny" }),
    // Set before the routes run: a token page's stricter policy is appended after it, and a
    // browser applies the last policy a Referrer-Policy header names.
    referrerPolicy({ policy: "strict-origin-when-cross-origin" }),
    (req, res, next) => {
      const nonce = createNonce();
      res.locals.nonce = nonce;
      const devSocket = development ? devSocketOrigin(req.get("host")) : undefined;
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, apiOrigin, uploadOrigins, devSocket));
      // req.secure follows X-Forwarded-Proto only when TRUST_PROXY trusts the proxy.
      if (req.secure) hsts(req, res, next);
      else next();
    },
  ];
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
