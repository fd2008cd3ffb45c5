/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1, 6 digits, 30-second
 * steps, what every authenticator app reads from an `otpauth://` link. Built on node:crypto's HMAC
 * (about 60 lines, server-only: nothing of it reaches the browser); see
 * docs/decisions/072-a-second-factor-on-the-panels-state.md.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Seconds per time step (RFC 6238's X). */
export const TOTP_STEP_SECONDS = 30;
/** Digits of a code. */
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one: a code a step early or late still signs in. */
export const TOTP_WINDOW = 1;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** A new shared secret: 160 random bits (RFC 4226's recommended length). */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** `bytes` in base32 without padding (RFC 4648), the text key an authenticator app accepts. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

/** The bytes of a base32 text key; spaces, dashes and case are forgiven. */
export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toUpperCase().replace(/[\s=-]/g, "")) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new RangeError("not a base32 key");
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The time step that `now` (ms since the epoch) falls in. */
export function totpStep(now: number): number {
  return Math.floor(now / 1000 / TOTP_STEP_SECONDS);
}

/** The HOTP code of `secret` for the counter `step` (RFC 4226, section 5.3). */
export function hotp(secret: Uint8Array, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac("sha1", secret).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

/** The code an authenticator shows at `now`. */
export function totpCode(secret: Uint8Array, now: number): string {
  return hotp(secret, totpStep(now));
}

/**
 * The step whose code `code` is, within TOTP_WINDOW steps of `now`; null when it is none of them.
 * Every step is compared in constant time, so the answer's timing says nothing of which matched.
 */
export function matchingStep(secret: Uint8Array, code: string, now: number): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const current = totpStep(now);
  let found: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

/** The `otpauth://` link an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUri(secret: Uint8Array, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret: base32Encode(secret),
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString().replaceAll("+", "%20")}`;
}
