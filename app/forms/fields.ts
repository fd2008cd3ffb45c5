import * as z from "zod/mini";

// Form schemas use zod/mini: they ship to the browser, where full zod would cost ~25 KB.

/** A string that must be non-blank after trimming; `message` is shown when it is missing. */
export function requiredText(message: string) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message));
}

/** The email pattern of docs/product.md#form-validation-rules ("a standard email pattern"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest email address there is (RFC 5321's path limit): a longer one is refused and echoed cut. */
export const EMAIL_MAX = 254;

/** An entity id as forms post it: short, URL-safe, never blank. */
export function entityId(message = "Id is required") {
  return z.string({ error: message }).check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, message));
}
