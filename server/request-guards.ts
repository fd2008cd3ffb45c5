import type { Request, RequestHandler, Response } from "express";

import { refusalPageHtml } from "~/lib/refusal-page";
import { safeRedirect } from "~/session/safe-redirect";

import { isPlainHost } from "./security-headers";

/** The methods the panel answers: pages and `.data` (GET, HEAD) and forms (POST). */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The longest path the panel serves, in bytes, and its most segments. Its real paths are a few
 * dozen bytes deep in three segments (`/memberships/edit/<id>`, `/users/<id>/passport`, their
 * `.data` twins, `/assets/<file>`). React Router's route discovery costs the square of a path's
 * depth, so a longer path is refused before it runs.
 */
export const MAX_PATH_LENGTH = 256;
export const MAX_PATH_SEGMENTS = 8;

/** Answers a refusal: a plain-text `status`, and `reason` for the request log's warn line. */
function refuse(res: Response, status: number, reason: string, text: string): void {
  res.locals.refusal = reason;
  res.status(status).type("text/plain").send(text);
}

/** Largest urlencoded (or other non-multipart) body the panel reads: 1 MB. */
export const MAX_FORM_BYTES = 1024 * 1024;
/**
 * Largest multipart body, for the forms that take a file (the tier forms without JavaScript).
 * Well past the 5 MB image limit, so a picked photo that is too large comes back to its form
 * with 'File size must be less than 5MB' and everything typed; only a body past this hard cap
 * gets the bare 413 page.
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** The paths whose forms post a file: Create and Edit Membership Tier. */
const UPLOAD_PATHS = /^\/memberships\/(?:create|edit\/[^/]+)\/?$/;

/** Why a state-changing request from the browser is refused, or null when it may go on. */
export function crossSiteRefusal(
  headers: { origin?: string; secFetchSite?: string },
  ownOrigin: string,
): string | null {
  // Browsers send Sec-Fetch-Site on every request; same-site (a sibling subdomain) is not us.
  if (headers.secFetchSite && headers.secFetchSite !== "same-origin" && headers.secFetchSite !== "none") {
    return `cross-site request (Sec-Fetch-Site: ${headers.secFetchSite})`;
  }
  if (headers.origin !== undefined && headers.origin !== ownOrigin) {
    return `foreign origin (${headers.origin})`;
  }
  return null;
}

/**
 * The CSV exports' addresses (app/routes.ts): `/users.csv`, `/audit.csv`, `/users/7/invites.csv`...
 * Each one pages the whole list from the upstream.
 */
const EXPORT_PATH =
  /^\/(?:(?:users|badge-requests|posts|announcements|memberships|audit|insights)\.csv|users\/[^/]+\/(?:invites|invitees)\.csv)$/i;
/** The bulk review pages (`/users/bulk?action=ban&id=...`): one upstream read per selected item, up to BULK_MAX. */
const BULK_REVIEW_PATH = /^\/(?:users|badge-requests|posts|announcements)\/bulk$/i;

/**
 * A request path as React Router matches it: a single-fetch `.data` request is its page's twin
 * (`/users.csv.data` runs `/users.csv`'s loader), each segment is decoded (`%2E` is a dot, an
 * encoded slash stays one), and case, repeated slashes and a trailing slash do not count.
 */
function routePath(rawPath: string): { path: string; data: boolean } {
  const data = rawPath.endsWith(".data");
  const path = (data ? rawPath.slice(0, -".data".length) : rawPath)
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F");
      } catch {
        return segment;
      }
    })
    .join("/")
    .replace(/\/{2,}/g, "/")
    .replace(/(.)\/$/, "$1");
  return { path, data };
}

/** What the panel answers a GET of `rawPath` from a browser that says where it came from, before any route runs. */
export function expensiveReadRefusal(
  rawPath: string,
  secFetchSite: string | undefined,
): { status: 403 | 404; reason: string } | null {
  const { path, data } = routePath(rawPath);
  const isExport = EXPORT_PATH.test(path);
  // React Router answers an export's twin by running its loader and buffering the whole file.
  if (isExport && data) return { status: 404, reason: "the .data twin of an export" };
  if (!isExport && !BULK_REVIEW_PATH.test(path)) return null;
  // Browsers send Sec-Fetch-Site with every request: a link on the panel is same-origin, a typed
  // address or a bookmark none; a client without it (curl, a script) is not a browser led here.
  if (secFetchSite && secFetchSite !== "same-origin" && secFetchSite !== "none") {
    return { status: 403, reason: `opened from another site (Sec-Fetch-Site: ${secFetchSite})` };
  }
  return null;
}

/** The page a refused link from another site gets. */
const CROSS_SITE_READ_PAGE = {
  heading: "Open this from the panel",
  message: "This address was opened from another site. Exports and bulk actions open only from the panel's own pages.",
  links: [{ href: "/", label: "Go to the panel" }],
};

/**
 * Refuses, before React Router runs, the reads that cost the upstream most when a stranger makes a
 * signed-in admin's browser ask for them (docs/operations.md#list-exports): the `.data` twin of a
 * CSV export (404: the file would be built whole in memory), and an export or a bulk review page
 * opened from another site (403 with a page: a link elsewhere could make one admin's browser page a
 * whole list, or read 500 items, as often as it likes). Any method: a write to them is refused
 * above, or has no action.
 */
export const refuseExpensiveReads: RequestHandler = (req, res, next) => {
  const refusal = expensiveReadRefusal(req.path, req.get("sec-fetch-site"));
  if (!refusal) return next();
  if (refusal.status === 404) {
    refuse(res, 404, refusal.reason, "Not Found");
    return;
  }
  res.locals.refusal = refusal.reason;
  res.status(403).set("Cache-Control", "no-store").type("html").send(refusalPageHtml(CROSS_SITE_READ_PAGE));
};

/** The body limit of a request, in bytes: the upload cap for a multipart post to a form that takes a file. */
export function bodyLimit(contentType: string | undefined, path = ""): number {
  const multipart = contentType?.toLowerCase().startsWith("multipart/form-data") ?? false;
  return multipart && UPLOAD_PATHS.test(path) ? MAX_UPLOAD_BYTES : MAX_FORM_BYTES;
}

/**
 * Refuses, before any route runs (resource routes included), a state-changing request that a
 * browser sent from another site: 403, and nothing reaches the upstream. A request with neither
 * Origin nor Sec-Fetch-Site (a test client, curl) passes: browsers always send one of them.
 */
export const refuseCrossSiteWrites: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const ownOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
  const reason = crossSiteRefusal({ origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") }, ownOrigin);
  if (!reason) return next();
  refuse(res, 403, reason, "Forbidden: this form can only be sent from the panel itself.");
};

/** The same-origin page the request came from (its Referer), else the panel's home. */
function backTo(req: Request): string {
  const referer = req.get("referer");
  if (!referer || !URL.canParse(referer)) return "/";
  const url = new URL(referer);
  return url.host === req.get("host") ? safeRedirect(`${url.pathname}${url.search}`) : "/";
}

function tooLargePage(message: string, back: string): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too large</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>That was too large to send</h1><p>${escape(message)} Images can be at most 5 MB.</p><p><a href="${escape(back)}">Go back to the form</a></p></body></html>`;
}

/** How much of a refused body is read and thrown away so the client sees the 413. */
const DISCARD_AT_MOST_BYTES = 16 * 1024 * 1024;

// A client still sending its body would see a reset connection instead of the 413: read a
// bounded amount and drop it, then cut the connection.
function discardBody(req: import("node:http").IncomingMessage, atMost: number) {
  let seen = 0;
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > atMost) req.destroy();
  });
  req.resume();
}

/**
 * Refuses oversized bodies with a clear 413 before they are read: 1 MB for forms, 20 MB for
 * the forms that take a file. A body without a declared length gets 411, so no stream can run unbounded.
 */
export const limitBodySize: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const declared = req.get("content-length");
  if (declared === undefined) {
    if (req.get("transfer-encoding")) {
      refuse(res, 411, "body without a length", "Length Required: send the form with a Content-Length.");
      return;
    }
    return next();
  }
  const limit = bodyLimit(req.get("content-type"), req.path);
  if (Number(declared) > limit) {
    const text = `Payload Too Large: the limit is ${Math.round(limit / 1024 / 1024)} MB.`;
    res.locals.refusal = "body too large";
    res.status(413);
    // A browser without JavaScript gets a page with a way back to its form.
    if (req.accepts(["text/plain", "text/html"]) === "text/html")
      res.type("html").send(tooLargePage(text, backTo(req)));
    else res.type("text/plain").send(text);
    discardBody(req, DISCARD_AT_MOST_BYTES);
    return;
  }
  next();
};

/** Refuses a method the panel does not answer (TRACE, PROPFIND, OPTIONS...): 405 with `Allow`. */
export const refuseUnknownMethods: RequestHandler = (req, res, next) => {
  if (ALLOWED.has(req.method)) return next();
  res.setHeader("Allow", ALLOWED_METHODS.join(", "));
  refuse(res, 405, "method not allowed", "Method Not Allowed");
};

/** Why a request target is refused (its status and reason), or null when it is a path the panel may serve. */
export function targetRefusal(url: string): { status: 400 | 414; reason: string } | null {
  // Origin form only: an absolute-form target (`http://evil.test/login`) names another host than Host does.
  if (!url.startsWith("/")) return { status: 400, reason: "request target is not a path" };
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  let segments = 0;
  for (let at = path.indexOf("/"); at !== -1 && segments <= MAX_PATH_SEGMENTS; at = path.indexOf("/", at + 1)) {
    segments += 1;
  }
  if (path.length > MAX_PATH_LENGTH || segments > MAX_PATH_SEGMENTS) return { status: 414, reason: "path too long" };
  try {
    decodeURIComponent(path);
  } catch {
    return { status: 400, reason: "malformed path encoding" };
  }
  return null;
}

/**
 * Refuses, before any route runs, a request target that is not a path the panel could serve:
 * an absolute-form target or malformed percent-encoding (`/%ff`) gets 400, a path longer or
 * deeper than any real one 414. Its cost does not depend on the routes.
 */
export const refuseMalformedPaths: RequestHandler = (req, res, next) => {
  const refusal = targetRefusal(req.url);
  if (!refusal) return next();
  const text = refusal.status === 414 ? "URI Too Long" : "Bad Request: the address is not valid.";
  refuse(res, refusal.status, refusal.reason, text);
};

/**
 * Refuses a request without a usable host (HTTP/1.0 without Host, `Host: [::1`, a non-ASCII
 * name, or a trusted proxy's malformed X-Forwarded-Host) with 400: pages build their URL from it.
 */
export const refuseBadHosts: RequestHandler = (req, res, next) => {
  const host = req.headers.host;
  // req.host is X-Forwarded-Host when the proxy is trusted, Host otherwise.
  if (host && isPlainHost(host) && isPlainHost(req.host ?? "")) return next();
  refuse(res, 400, "missing or malformed host", "Bad Request: the Host header is missing or not valid.");
};
