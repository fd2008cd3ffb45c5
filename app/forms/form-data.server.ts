import type { MiddlewareFunction } from "react-router";
import { type $ZodType, type output, safeParse } from "zod/v4/core";

import { cutTextParts, multipartBoundary } from "~/forms/multipart-limit.server";
import { pageError } from "~/lib/page-error";
import { oncePerRequest, requestRecord } from "~/lib/request-context.server";

/** Form errors keyed by field name, as the forms show them. */
export type FormErrors = Record<string, { type: string; message: string }>;

/** What a failed submission answers: the errors and everything the user typed. */
export interface FormFailure {
  errors: FormErrors;
  values: Record<string, unknown>;
}

/** The outcome of reading a submission: the parsed data, or errors with the raw values. */
export type FormResult<T> = { ok: true; data: T; values: Record<string, unknown> } | ({ ok: false } & FormFailure);

/** The most fields any of the panel's forms posts is a few dozen; more is not a form of ours. */
export const MAX_FORM_FIELDS = 200;
/** The longest field name the panel's forms use is well under this. */
const MAX_FIELD_NAME_LENGTH = 64;
/**
 * The longest text any field may hold (the tier description is the longest real one): a
 * multipart field is cut here while it is read, and no echoed value is longer (decision 032).
 */
export const MAX_FIELD_CHARS = 64 * 1024;

const FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Names that must never become keys: Object.prototype's own members (`toString`,
 * `hasOwnProperty`, `__proto__`, ...). Forms here are flat, so a dotted or bracketed name is not
 * one of ours either: refusing them means no code ever expands `a.b` into nested objects.
 */
const PROTOTYPE_MEMBERS = new Set([...Object.getOwnPropertyNames(Object.prototype), "prototype"]);

/** Why a field name is refused, or null when a form of ours could have sent it. */
export function fieldNameProblem(name: string): string | null {
  if (name.length === 0 || name.length > MAX_FIELD_NAME_LENGTH) return "Invalid form field name";
  if (/[.[\]]/.test(name)) return "Nested form field names are not accepted";
  if (PROTOTYPE_MEMBERS.has(name)) return "Invalid form field name";
  return null;
}

/** A refused submission: status and a plain message, never the input echoed. */
function refuse(status: 400 | 413, message: string): never {
  throw pageError(status, message);
}

const submissions = oncePerRequest(readCheckedForm);

/**
 * The same request, detached from the client's connection. A submission that others wait on (a
 * one-time key, runOnce) runs to its end even when the browser drops the first request of a
 * double click; its upstream calls are not cancelled. It runs in the same router context, so it
 * finds the form already read from the original (see submittedForm).
 */
export function detachedRequest(request: Request): Request {
  return new Request(request.url, { method: request.method, headers: request.headers });
}

/**
 * The request's form body, read once per request and checked: it must be a form
 * (urlencoded or multipart, well formed), with at most MAX_FORM_FIELDS fields, each with a flat
 * name (see fieldNameProblem). Anything else throws a 400 (413 for too many fields), so an
 * action never sees a body that is not one of the panel's forms. The root middleware calls it
 * for every submission, so the check holds even for an action that forgets to.
 */
export function submittedForm(request: Request): Promise<FormData> {
  const resumed = resumedForms()?.form;
  return resumed ? Promise.resolve(resumed) : submissions(request);
}

// A submission held for a re-authentication and carried on by this request (app/session/reauthentication.server.ts).
const resumedForms = requestRecord<{ form?: FormData }>(() => ({}));

/**
 * Makes `form` the request's submission from now on: what every later submittedForm answers (a held
 * submission carried on after its re-authentication, in place of the challenge's own fields).
 */
export function resumeSubmittedForm(form: FormData): void {
  const slot = resumedForms();
  if (slot) slot.form = form;
}

/** The fields of a form that were longer than MAX_FIELD_CHARS, and were cut to it (see parseForm). */
const cutFields = new WeakMap<FormData, Set<string>>();

/** Message of a field cut to MAX_FIELD_CHARS (the tier form's texts have no limit of their own). */
export const FIELD_TOO_LONG = `Too long: at most ${MAX_FIELD_CHARS / 1024} KB of text`;

async function readCheckedForm(request: Request): Promise<FormData> {
  const header = request.headers.get("content-type") ?? "";
  const contentType = header.split(";")[0]!.trim().toLowerCase();
  if (!FORM_CONTENT_TYPES.includes(contentType)) {
    refuse(400, "Bad Request: send the form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  const cut = new Set<string>();
  let formData: FormData;
  try {
    formData = boundedFields(await parseBody(request, header, cut), cut);
  } catch {
    refuse(400, "Bad Request: the form could not be read.");
  }
  cutFields.set(formData, cut);
  let count = 0;
  for (const name of formData.keys()) {
    if (++count > MAX_FORM_FIELDS) refuse(413, `Payload Too Large: a form has at most ${MAX_FORM_FIELDS} fields.`);
    const problem = fieldNameProblem(name);
    if (problem) refuse(400, `Bad Request: ${problem}.`);
  }
  return formData;
}

/**
 * The body parsed by the platform. A clone: the original body stays readable for code that
 * streams it. A multipart body passes through cutTextParts first, so no text field reaches the
 * parser longer than MAX_FIELD_CHARS bytes, however large the body (up to the upload cap).
 */
function parseBody(request: Request, contentType: string, cut: Set<string>): Promise<FormData> {
  const copy = request.clone();
  const boundary = multipartBoundary(contentType);
  if (!copy.body || !boundary) return copy.formData();
  const limited = copy.body.pipeThrough(cutTextParts(boundary, MAX_FIELD_CHARS, cut));
  const init = { method: request.method, headers: request.headers, body: limited, duplex: "half" };
  return new Request(request.url, init as RequestInit).formData();
}

/** The form with every text value cut to MAX_FIELD_CHARS (a urlencoded body is not cut while read); cut names go to `cut`. */
function boundedFields(formData: FormData, cut: Set<string>): FormData {
  const tooLong = ([, value]: [string, FormDataEntryValue]) =>
    typeof value === "string" && value.length > MAX_FIELD_CHARS;
  if (![...formData].some(tooLong)) return formData;
  const bounded = new FormData();
  for (const [name, value] of formData) {
    if (tooLong([name, value])) cut.add(name);
    if (typeof value === "string") bounded.append(name, value.slice(0, MAX_FIELD_CHARS));
    else bounded.append(name, value);
  }
  return bounded;
}

/**
 * A form's values as flat own properties: one value per name, an array where a name repeats
 * (the tier form's `features`). Values stay strings (or Files); the schema coerces them.
 */
export function formValues(formData: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = Object.create(null);
  for (const name of new Set(formData.keys())) {
    if (fieldNameProblem(name)) continue;
    const all = formData.getAll(name);
    values[name] = all.length === 1 ? all[0] : all;
  }
  return { ...values };
}

/** Reads the request's form (see submittedForm) and parses it against a schema (see parseForm). */
export async function readForm<S extends $ZodType>(request: Request, schema: S): Promise<FormResult<output<S>>> {
  return parseForm(await submittedForm(request), schema);
}

/**
 * A form schema's fields by name: an object's, every option's of a union (a screen's intents), the
 * input's of a pipe (or its output's, when the pipe starts with a transform); null for others.
 */
function schemaShape(schema: $ZodType): Record<string, $ZodType> | null {
  const def = schema._zod.def as {
    shape?: Record<string, $ZodType>;
    options?: $ZodType[];
    in?: $ZodType;
    out?: $ZodType;
  };
  if (def.shape) return def.shape;
  if (def.options) return Object.assign({}, ...def.options.map((option) => schemaShape(option) ?? {}));
  if (def.in) return schemaShape(def.in) ?? (def.out ? schemaShape(def.out) : null);
  return null;
}

/**
 * The most characters of a value a failure echoes: twice its field's maxLength, so a value a
 * little over the limit comes back whole to be trimmed while a flood is cut; MAX_FIELD_CHARS for
 * a field without a limit.
 */
function echoLimit(schema: $ZodType | undefined): number {
  const max = declaredMaxLength(schema);
  return max === undefined ? MAX_FIELD_CHARS : Math.min(2 * max, MAX_FIELD_CHARS);
}

/** A field schema's maxLength check, looking through optional and pipe wrappers. */
function declaredMaxLength(schema: $ZodType | undefined): number | undefined {
  const def = schema?._zod.def as
    | { checks?: { _zod: { def: { check?: string; maximum?: number } } }[]; innerType?: $ZodType; in?: $ZodType }
    | undefined;
  if (!def) return undefined;
  const max = def.checks?.find((check) => check._zod.def.check === "max_length")?._zod.def.maximum;
  return max ?? declaredMaxLength(def.innerType ?? def.in);
}

/** Text cut to `max` characters: what a failure answer may echo of a value. */
export function echoable(value: unknown, max = MAX_FIELD_CHARS): unknown {
  if (typeof value === "string") return value.slice(0, max);
  return Array.isArray(value) ? value.map((item) => echoable(item, max)) : value;
}

/**
 * Parses already-read form data against a schema. On failure the values go back to the page so
 * nothing typed is lost: only the fields the schema knows, and never a secret.
 */
export function parseForm<S extends $ZodType>(formData: FormData, schema: S): FormResult<output<S>> {
  const values = knownValues(formValues(formData), schema);
  const result = safeParse(schema, values);
  const cut = [...(cutFields.get(formData) ?? [])].filter((name) => Object.hasOwn(values, name));
  if (result.success && cut.length === 0) return { ok: true, data: result.data, values };
  // What goes back is cut to each field's bound: an answer never grows with what was sent.
  const shape = schemaShape(schema);
  for (const name of Object.keys(values)) values[name] = echoable(values[name], echoLimit(shape?.[name]));
  const errors: FormErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const name = issue.path.join(".") || "root";
    errors[name] ??= { type: issue.code, message: issue.message };
  }
  // A field's own limit says it better; a field without one gets the general bound's message.
  for (const name of cut) errors[name] ??= { type: "too_big", message: FIELD_TOO_LONG };
  return { ok: false, errors, values: withoutSecrets(values) };
}

/** Which intent and which row a post is about (the recipe: docs/how-a-screen-works.md): kept beside any schema's fields. */
const ROUTING_FIELDS = ["intent", "id"];

/** Only the values of fields the schema declares: an unknown field is never echoed back. */
function knownValues(values: Record<string, unknown>, schema: $ZodType): Record<string, unknown> {
  const shape = schemaShape(schema);
  if (!shape) return values;
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => Object.hasOwn(shape, name) || ROUTING_FIELDS.includes(name)),
  );
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

/**
 * Root middleware: every submission (any method but GET and HEAD) is read and checked before a
 * loader or action runs, so no route, present or future, can meet a hostile form body.
 */
export const checkSubmittedForms: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") await submittedForm(request);
  return next();
};
