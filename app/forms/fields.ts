import * as z from "zod/mini";

import { ENTITY_ID_PATTERN } from "~/lib/entity-id";

// Form schemas use zod/mini: they ship to the browser, where full zod would cost ~25 KB.

/** A string that must be non-blank after trimming; `message` is shown when it is missing. */
export function requiredText(message: string) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message));
}

/** The email pattern of docs/product.md#form-validation-rules ("a standard email pattern"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest email address there is (RFC 5321's path limit): a longer one is refused and echoed cut. */
export const EMAIL_MAX = 254;

/**
 * The one row id schema: the `id` every row action and edit form posts, short, URL-safe, never
 * blank. `message` when it is malformed, `missing` when it is not posted at all.
 */
export function entityId(message = "Id is required", missing = message) {
  return z.string({ error: missing }).check(z.trim(), z.regex(ENTITY_ID_PATTERN, message));
}

/** What a screen answers to a missing or unknown intent: the error of every intent schema (z.discriminatedUnion). */
export const UNKNOWN_ACTION = "Unknown action";
