/**
 * What the second factor keeps secret at rest (docs/operations.md#second-factor): each admin's TOTP
 * secret sealed with AES-256-GCM under TOTP_ENCRYPTION_KEY (bound to its admin, so a record copied
 * onto another admin's key does not open), and recovery codes kept only as keyed digests.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";

import { env, keyBytes } from "~/config/env.server";

let derived: { source: string; key: Buffer } | undefined;

/**
 * The key of the secrets at rest: TOTP_ENCRYPTION_KEY, else one derived from SESSION_SECRET for this
 * purpose alone (HKDF), so a panel configured before the second factor existed starts as it was.
 */
export function secondFactorKey(): Buffer {
  const { TOTP_ENCRYPTION_KEY: configured, SESSION_SECRET: sessionSecret } = env();
  const source = configured ?? `session:${sessionSecret}`;
  if (derived?.source !== source) {
    const key =
      (configured && keyBytes(configured)) ||
      Buffer.from(hkdfSync("sha256", sessionSecret, "", "panel second factor: secrets at rest", 32));
    derived = { source, key };
  }
  return derived.key;
}

/** `secret` sealed for `owner` (AES-256-GCM, a fresh 96-bit nonce): `v1.<nonce>.<ciphertext>.<tag>`. */
export function seal(secret: Uint8Array, owner: string, key = secondFactorKey()): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce).setAAD(Buffer.from(owner));
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return ["v1", nonce, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The secret `sealed` holds for `owner`; undefined when it was sealed for another owner or key, or altered. */
export function unseal(sealed: string, owner: string, key = secondFactorKey()): Buffer | undefined {
  const [version, nonce, body, tag] = sealed.split(".");
  if (version !== "v1" || nonce === undefined || body === undefined || tag === undefined) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"))
      .setAAD(Buffer.from(owner))
      .setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
  } catch {
    return undefined;
  }
}

/** Recovery codes given at enrolment. */
export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: a code is read off paper.
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/** Ten new one-use recovery codes, `xxxxx-xxxxx` (about 50 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  });
}

/** A recovery code as typed, reduced to its characters: case, spaces and the dash are forgiven. */
export function normalRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, "");
}

/** The digest a recovery code is kept as: keyed, so a copy of the store alone cannot try codes offline. */
export function recoveryCodeDigest(code: string, key = secondFactorKey()): string {
  return createHmac("sha256", key)
    .update(`recovery:${normalRecoveryCode(code)}`)
    .digest("base64url");
}
