import { data } from "react-router";
import { generateFormData } from "remix-hook-form";
import { type $ZodType, type output, safeParse } from "zod/v4/core";

/** Form errors in react-hook-form's shape, so `useRemixForm` shows them on their fields. */
export type FormErrors = Record<string, { type: string; message: string }>;

/** What a failed submission answers: the errors and everything the user typed. */
export interface FormFailure {
  errors: FormErrors;
  values: Record<string, unknown>;
}

/** The outcome of reading a submission: the parsed data, or errors with the raw values. */
export type FormResult<T> = { ok: true; data: T; values: Record<string, unknown> } | ({ ok: false } & FormFailure);

const FORBIDDEN_KEY_PART = /(^|[.[\]])(__proto__|constructor|prototype)($|[.[\]])/;

/** Rejects field names that could reach Object.prototype when nested values are built. */
export function assertSafeFieldNames(names: Iterable<string>): void {
  for (const name of names) {
    if (FORBIDDEN_KEY_PART.test(name)) {
      throw data({ message: "Invalid form field name" }, { status: 400 });
    }
  }
}

/**
 * Reads a submitted form the same way whatever sent it: a browser without JavaScript, one with
 * it (our forms submit strings, never JSON-encoded values) or a test's urlencoded POST. Values
 * stay strings; the schema coerces them.
 */
export async function readForm<S extends $ZodType>(request: Request, schema: S): Promise<FormResult<output<S>>> {
  const formData = await request.formData();
  return parseForm(formData, schema);
}

/** Parses already-read form data against a schema (see readForm). */
export function parseForm<S extends $ZodType>(formData: FormData, schema: S): FormResult<output<S>> {
  assertSafeFieldNames(formData.keys());
  const values = generateFormData(formData, true) as Record<string, unknown>;
  const result = safeParse(schema, values);
  if (result.success) return { ok: true, data: result.data, values };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join(".") || "root";
    errors[name] ??= { type: issue.code, message: issue.message };
  }
  return { ok: false, errors, values: withoutSecrets(values) };
}

/** Turns upstream field errors (already reduced to form names) into form errors. */
export function toFormErrors(fieldErrors: Record<string, string>): FormErrors {
  return Object.fromEntries(Object.entries(fieldErrors).map(([name, message]) => [name, { type: "server", message }]));
}

const SECRET_FIELDS = /password|securityKey|token/i;

/** Typed values go back to the page so nothing is lost, except secrets, which are retyped. */
export function withoutSecrets(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET_FIELDS.test(name)));
}
