/** Validates request bodies and queries with the contract's zod schemas. */
import type { z } from "zod";
import type { FieldError } from "../app/upstream/contract/common.ts";
import { validationFailed } from "./errors.ts";

/** Turns zod issues into the upstream's `{ field: "body.title", message }` entries. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], location: "body" | "query"): FieldError[] {
  return issues.map((issue) => ({
    field: [location, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
}

/** Parses input with a schema or throws a 400 with an errors array. */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  location: "body" | "query" = "body",
): z.output<S> {
  // A missing or non-object body is validated as {} so each required field reports itself.
  const value = input !== null && typeof input === "object" && !Array.isArray(input) ? input : {};
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(toFieldErrors(result.error.issues, location));
  return result.data;
}
