import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

import { type Cookie, type CookieOptions, createCookie, createCookieSessionStorage } from "react-router";

import { readCookie } from "~/lib/cookie-header";

// Derived secrets are kept: pages read the user cookie on every request, and HKDF is not free.
const derived = new Map<string, string>();

/**
 * The secret that signs the cookie called `name`: derived from the session secret and the name
 * (HKDF-SHA256), so a value signed for one cookie never verifies as another, even when both
 * hold the same shape ({ email } in a password reset request and in an account deletion).
 * docs/decisions/034-one-key-per-cookie.md
 */
export function cookieSecret(sessionSecret: string, name: string): string {
  const key = `${name}\0${sessionSecret}`;
  let secret = derived.get(key);
  if (secret === undefined) {
    secret = Buffer.from(hkdfSync("sha256", sessionSecret, "", `panel cookie: ${name}`, 32)).toString("base64url");
    derived.set(key, secret);
  }
  return secret;
}

// Signatures that checked out, by key and signed text: a signed-in page reads the user cookie
// twice (Server-Timing, then the page) and the upstream session cookie once, each an HMAC. A text
// that verified once verifies again; only those are kept (a forged one costs its HMAC every time),
// at most VERIFIED_MAX, then the set starts over.
const verified = new Set<string>();
const VERIFIED_MAX = 4096;

/** Whether `signed` verifies under `secret`: `verify` runs only the first time it does. */
export function verifiedSignature(secret: string, signed: string, verify: () => boolean): boolean {
  const key = `${secret}\0${signed}`;
  if (verified.has(key)) return true;
  if (!verify()) return false;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.add(key);
  return true;
}

/** Options of a signed cookie: anything createCookie takes, except its secrets (derived here). */
export type SignedCookieOptions = Omit<CookieOptions, "secrets">;

/**
 * React Router's createCookie, signed with this cookie's own secret (cookieSecret) and, unless
 * `options` say otherwise, HttpOnly, SameSite=Lax and on path "/" (createCookie sets neither
 * HttpOnly nor Secure by default). The one way the panel makes a signed cookie.
 */
export function signedCookie(name: string, sessionSecret: string, options: SignedCookieOptions = {}): Cookie {
  return createCookie(name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    ...options,
    secrets: [cookieSecret(sessionSecret, name)],
  });
}

/** React Router's cookie session storage, kept in a cookie made by signedCookie. */
export function signedCookieSessionStorage(name: string, sessionSecret: string, options: SignedCookieOptions = {}) {
  return createCookieSessionStorage({ cookie: signedCookie(name, sessionSecret, options) });
}

/**
 * Reads a cookie written by signedCookie(name, sessionSecret), synchronously. React Router
 * checks the signature with Web Crypto: a key import and an asynchronous verify on every read,
 * about 5% of the CPU a signed-in page costs (docs/performance.md). This reads the same format
 * (base64 of the JSON, ".", the unpadded base64 HMAC-SHA256 of that base64) with node:crypto,
 * with the same secret derived for `name`. Undefined when the cookie is absent, unsigned,
 * signed for another cookie, tampered with or not JSON.
 */
export function readSignedJsonCookie(header: string | null, name: string, sessionSecret: string): unknown {
  const raw = readCookie(header, name);
  if (!raw) return undefined;
  let signed: string;
  try {
    signed = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  const secret = cookieSecret(sessionSecret, name);
  const matches = verifiedSignature(secret, signed, () => {
    const given = Buffer.from(signed.slice(dot + 1), "base64");
    const expected = createHmac("sha256", secret).update(value).digest();
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!matches) return undefined;
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}
