import { safeParse, type $ZodType } from "zod/v4/core";

// The browser imports this module only through useFormCheck's dynamic import, after hydration:
// zod's code stays out of a page's first load (docs/decisions/026-form-code-after-first-load.md).

/** One message per field: the first issue of each, keyed by its dotted path. */
export type FieldMessages = Record<string, string>;

/** The first message of each field that fails `schema`, or an empty object when it passes. */
export function checkFields(schema: $ZodType, values: Record<string, unknown>): FieldMessages {
  const result = safeParse(schema, values);
  const messages: FieldMessages = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) messages[issue.path.join(".") || "root"] ??= issue.message;
  return messages;
}
