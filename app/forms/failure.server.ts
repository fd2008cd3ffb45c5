/**
 * The one failure mapper (docs/how-a-screen-works.md): every failed submission of every screen
 * answers through these functions, so field errors, toasts and statuses read the same everywhere.
 */
import { data } from "react-router";

import { type FormErrors, toFormErrors, withoutSecrets } from "~/forms/form-data.server";
import type { FlashToast } from "~/components/feedback/toaster";
import { replaceWithError } from "~/session/toast.server";
import { screenStatus, unknownOutcomeMessage, upstreamFailure, type UpstreamError } from "~/upstream/errors";

/** What an action answers when a submission fails: field errors, a form-level message and the typed values. */
export interface FailedSubmission {
  errors: FormErrors;
  values: Record<string, unknown>;
  formError?: string;
  /** Shown at the top right in this very response (no flash cookie: see useActionToasts in root.tsx). */
  toast?: FlashToast;
  /** One toast per upstream field error ('field: message'), shown like `toast`. */
  toasts?: FlashToast[];
}

/** An error toast carried in action data. */
export function errorToast(message: string): FlashToast {
  return { id: crypto.randomUUID(), type: "error", message };
}

/** How a form reads an upstream failure beyond its own texts. */
export interface FormFailureOptions {
  /** Upstream field name -> the form's field, where they differ (the push's `body` is the form's `message`). */
  fieldNames?: Readonly<Record<string, string>>;
  /** Typed values to put back that withoutSecrets would drop (a wrong security key, to be corrected). */
  keep?: Readonly<Record<string, string>>;
}

/**
 * Turns a failed upstream call into the re-rendered form (docs/product.md#toasts-and-error-handling): each field error goes onto its
 * field and into a toast of its own, 'field: message'; otherwise failureMessage: the server's
 * message, else `fallback`. Anything that is not an upstream failure is rethrown.
 */
export function failSubmission(
  cause: unknown,
  values: Record<string, unknown>,
  fallback: string,
  options: FormFailureOptions = {},
) {
  const error = upstreamFailure(cause);
  return failedForm(error, values, failureMessage(error, fallback), options);
}

/**
 * The re-rendered form of a failed upstream call whose message is already chosen: the field
 * errors on their fields (renamed by `fieldNames`) with one toast each, 'field: message' in the
 * upstream's own words; without field errors, `message` inline and as the toast.
 */
export function failedForm(
  error: UpstreamError,
  values: Record<string, unknown>,
  message: string,
  { fieldNames = {}, keep = {} }: FormFailureOptions = {},
) {
  const fieldEntries = error.fieldErrorList;
  const onForm = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, text]) => [
      Object.hasOwn(fieldNames, field) ? fieldNames[field]! : field,
      text,
    ]),
  );
  const body: FailedSubmission = {
    errors: toFormErrors(onForm),
    values: { ...withoutSecrets(values), ...keep },
    formError: fieldEntries.length ? undefined : message,
    toasts: fieldEntries.length
      ? fieldEntries.map(([field, text]) => errorToast(`${field}: ${text}`))
      : [errorToast(message)],
  };
  return data(body, { status: screenStatus(error) });
}

/** Answers a submission that failed validation in the panel itself (messages shown inline). */
export function invalidSubmission(errors: FormErrors, values: Record<string, unknown>) {
  const body: FailedSubmission = { errors, values: withoutSecrets(values) };
  return data(body, { status: 400 });
}

/**
 * A submission the panel cannot run at all: an unknown intent or a malformed id (a 400,
 * docs/how-a-screen-works.md#the-recipe-apprecipe). It says why inline and as a toast.
 */
export function rejectedAction(message: string, values: Record<string, unknown> = {}, errors: FormErrors = {}) {
  const body: FailedSubmission = {
    errors,
    values: withoutSecrets(values),
    formError: message,
    toast: errorToast(message),
  };
  return data(body, { status: 400 });
}

/** rejectedAction for a failed parse: the unknown intent, else the first field's message. */
export function rejectedForm({ errors, values }: { errors: FormErrors; values: Record<string, unknown> }) {
  const message = errors.intent ? "Unknown action" : (Object.values(errors)[0]?.message ?? "Unknown action");
  return rejectedAction(message, values, errors);
}

/**
 * A failed row action (nothing typed to keep): Post/Redirect/Get back to the screen with the
 * error toast, so a reload never sends it again. Anything that is not an upstream failure is rethrown.
 */
export function failRowAction(request: Request, back: string, cause: unknown, fallback: string) {
  const error = upstreamFailure(cause);
  const fields = error.fieldErrorList;
  const message = fields.length
    ? fields.map(([field, text]) => `${field}: ${text}`).join("\n")
    : failureMessage(error, fallback);
  return replaceWithError(request, back, message);
}

/**
 * A failed submission's message: the server's (see upstreamFailure) or `fallback`, except for a
 * change that was sent and got no answer in time, which may have happened (unknownOutcomeMessage).
 */
export function failureMessage(error: UpstreamError, fallback: string): string {
  return error.failure === "outcome-unknown" ? unknownOutcomeMessage(fallback) : error.messageOr(fallback);
}
