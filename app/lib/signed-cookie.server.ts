import { createHmac, timingSafeEqual } from "node:crypto";

import { readCookie } from "~/upstream/session-cookie.server";

/**
 * Reads a cookie written by React Router's `createCookie(name, { secrets })`, synchronously.
 * React Router checks the signature with Web Crypto: a key import and an asynchronous verify
 * on every read, about 5% of the CPU a signed-in page costs (docs/performance.md). This reads
 * the same format (base64 of the JSON, ".", the unpadded base64 HMAC-SHA256 of that base64) with
 * node:crypto, so cookies written by React Router stay valid and the panel keeps writing them
 * with `serialize`. Any of `secrets` may have signed it, as in React Router. Undefined when
 * the cookie is absent, unsigned, tampered with or not JSON.
 */
export function readSignedJsonCookie(header: string | null, name: string, secrets: readonly string[]): unknown {
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
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  const genuine = secrets.some((secret) => {
    const expected = createHmac("sha256", secret).update(value).digest();
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!genuine) return undefined;
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}
