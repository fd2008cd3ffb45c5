/** Password hashing for the demo accounts (scrypt with a light cost: this is test data). */
import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";

// A low cost keeps seeding and sign-in fast; the data is fixture data, not real secrets.
const COST = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** Hashes a password into a self-describing `scrypt$salt$hash` string. */
export function hashPassword(password: string, salt: string = randomBytes(16).toString("hex")): string {
  const hash = scryptSync(password, salt, KEY_LENGTH, COST).toString("hex");
  return `scrypt$${salt}$${hash}`;
}

/** True when the password matches a hash made by hashPassword. */
export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "hex");
  const actual = scryptSync(password, salt, expected.length, COST);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
