import { createHash, createHmac, timingSafeEqual } from "node:crypto";

import { env } from "~/config/env.server";
import { readCookie } from "~/lib/cookie-header";
import { cookieSecret, verifiedSignature } from "~/lib/signed-cookie.server";
import { UPSTREAM_SESSION_COOKIE } from "~/upstream/contract/auth";

/**
 * The upstream's session cookie travels through the panel: the browser holds it for the panel's
 * host, the panel forwards it (and nothing else) to the upstream, and relays any new value back.
 */

/** The key that signs the upstream session cookie: its own, derived from SESSION_SECRET (decision 034). */
function sessionCookieSecret(): string {
  return cookieSecret(env().SESSION_SECRET, UPSTREAM_SESSION_COOKIE);
}

/**
 * What the panel keeps of a session token when it must name one without holding it (the
 * revocation store, the background logout's log lines): its SHA-256, hex.
 */
export function sessionHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The upstream session token as the panel stores it in the browser: signed with the session cookie's key. */
export function signSessionToken(token: string): string {
  return signCookieValue(token, sessionCookieSecret());
}

/** The token inside a panel-signed session cookie value; undefined when its signature does not match. */
export function sessionTokenOf(signed: string): string | undefined {
  return unsignCookieValue(signed, sessionCookieSecret());
}

/**
 * Rewrites an upstream Set-Cookie for the panel's host: no Domain, HttpOnly, SameSite=Lax,
 * Secure only when the panel is served over HTTPS; the lifetime and path are kept.
 */
export function rewriteSetCookie(
  setCookie: string,
  secure: boolean,
  sign: (value: string) => string = (value) => value,
): string {
  const [upstreamPair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
  const eq = upstreamPair.indexOf("=");
  const value = upstreamPair.slice(eq + 1);
  // An emptied cookie (a logout) stays empty; a real value is signed by the panel.
  const pair = `${upstreamPair.slice(0, eq)}=${value ? sign(value) : ""}`;
  const kept = attributes.filter((attribute) => {
    const key = attribute.split("=")[0]!.toLowerCase();
    return key === "max-age" || key === "expires";
  });
  return [pair, "Path=/", ...kept, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
}

/** Signs a cookie value with HMAC-SHA256: `value.signature`. */
export function signCookieValue(value: string, secret: string): string {
  return `${value}.${createHmac("sha256", secret).update(value).digest("base64url")}`;
}

/** The value of a signed cookie, or undefined when its signature does not match. */
export function unsignCookieValue(signed: string, secret: string): string | undefined {
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  const matches = verifiedSignature(secret, signed, () => {
    const expected = Buffer.from(signCookieValue(value, secret).slice(dot + 1));
    const given = Buffer.from(signed.slice(dot + 1));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return matches ? value : undefined;
}

/** The upstream session token of the request's panel-signed cookie; undefined when absent or tampered with. */
export function upstreamSessionToken(request: Request): string | undefined {
  const signed = readCookie(request.headers.get("cookie"), UPSTREAM_SESSION_COOKIE);
  return signed ? sessionTokenOf(signed) : undefined;
}

/** A Cookie header carrying `token` as the browser would send it (signed by the panel). */
export function sessionCookieHeader(token: string): string {
  return `${UPSTREAM_SESSION_COOKIE}=${signSessionToken(token)}`;
}

/** The Set-Cookie lines of an upstream answer that concern the named cookie. */
export function sessionSetCookies(lines: readonly string[], name: string): string[] {
  return lines.filter((line) => line.trimStart().startsWith(`${name}=`));
}

/** A Set-Cookie line that removes the named cookie from the browser. */
export function expireCookie(name: string, secure: boolean): string {
  return [
    `${name}=`,
    "Path=/",
    "Max-Age=0",
    "Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
