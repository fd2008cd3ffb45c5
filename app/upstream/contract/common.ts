/**
 * Shared pieces of the upstream API contract: error bodies, pagination, ids and the
 * endpoint descriptor. Pure module (no Node imports): the panel's upstream client and
 * the demo API both import it, so the two cannot drift apart.
 */
import { z } from "zod";

/**
 * Entity ids. The demo API sends integers; a provider may send strings. Both are accepted
 * and the panel always sees a string, which is what route params and links need anyway.
 */
export const IdSchema = z.union([z.number().int().nonnegative(), z.string().min(1)]).transform((id) => String(id));

/** An id sent in a request body: a JSON number or a string of digits. */
export const IdInputSchema = z.union([z.number().int().positive(), z.string().regex(/^\d+$/)], {
  error: (issue) => (issue.input === undefined ? "Id is required" : "Id must be a positive integer"),
});

/** One server-side validation error; `field` may be dotted (`body.title`). */
export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.output<typeof FieldErrorSchema>;

/** Error body of a failed validation (400): the panel maps each entry onto its form field. */
export const ValidationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.array(FieldErrorSchema),
});

/**
 * What the panel reads of a successful mutation: its message, "" when it has none. Any 2xx is a
 * success whatever its body (`{}`, `{ success: true }`, a 204 without one, or a `data` the panel
 * does not need): the screen then shows its own success text (docs/product.md#toasts-and-error-handling).
 */
export const SuccessAnswerSchema = z.preprocess(
  (body) => (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}),
  z.object({ message: z.string().trim().catch("") }),
);

/** How many of the latest posts and pending badge requests the dashboard shows (docs/product.md#dashboard). */
export const DASHBOARD_RECENT = 5;

/**
 * A list of which a page shows the first `shown` entries and only counts the others (decision 091):
 * the first are read with `entry`, every other one with `rest` (what the count needs of it: an
 * object, an id). A shown entry that is not whole, or any other that lacks what its count needs,
 * fails the answer as a whole, like any malformed answer (an error card where the list was).
 */
export function firstInFull<E extends z.ZodType, R extends z.ZodType>(entry: E, shown: number, rest: R) {
  const first = Array.from({ length: shown }, () => entry.optional()) as [z.ZodOptional<E>];
  return z.tuple(first, rest).transform((entries) => ({
    first: entries.slice(0, shown) as z.output<E>[],
    rest: entries.slice(shown) as z.output<R>[],
  }));
}

/** Pagination block of the users list. */
export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

/** Pagination block of the announcements list (adds hasNext and hasPrev). */
export const PagePaginationSchema = PaginationSchema.extend({
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});

/** Query of a paged list; numbers travel as strings in the query string. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().positive().optional(),
  search: z.string().optional(),
});

/** A required string that must not be blank after trimming; the answer is the trimmed text. */
export function requiredText(requiredMessage: string) {
  return z.string({ error: requiredMessage }).trim().min(1, requiredMessage);
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One upstream call: method, path pattern (`:name` params) and its schemas. */
export interface EndpointSpec {
  method: HttpMethod;
  /** Path after the base path `/api`, with `:name` placeholders, e.g. `/users/:id`. */
  path: `/${string}`;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
}

/** Declares an endpoint, keeping its literal method, path and schema types. */
export function defineEndpoint<const E extends EndpointSpec>(endpoint: E): E {
  return endpoint;
}

/** Fills the `:name` placeholders of an endpoint path with URL-encoded values. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
