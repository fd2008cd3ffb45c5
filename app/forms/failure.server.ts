import { data } from "react-router";

import { type FormErrors, toFormErrors, withoutSecrets } from "~/forms/form-data.server";
import type { FlashToast } from "~/components/feedback/toaster";
import { screenStatus, shownFailure } from "~/upstream/errors";

/** What an action answers when a submission fails: field errors, a form-level message and the typed values. */
export interface FailedSubmission {
  errors: FormErrors;
  values: Record<string, unknown>;
  formError?: string;
  /** Shown at the top right in this very response (no flash cookie: see actionToast in root.tsx). */
  toast?: FlashToast;
}

/** An error toast carried in action data. */
export function errorToast(message: string): FlashToast {
  return { id: crypto.randomUUID(), type: "error", message };
}

/**
 * Turns a failed upstream call into the re-rendered form (spec 8): field errors go onto their
 * fields and into the toast as 'field: message'; otherwise the server's message (for a refused
 * request, see shownFailure), else `fallback`. Anything that is not an upstream failure is rethrown.
 */
export function failSubmission(cause: unknown, values: Record<string, unknown>, fallback: string) {
  const error = shownFailure(cause);
  const fieldEntries = Object.entries(error.fieldErrors);
  const toast = fieldEntries.length
    ? fieldEntries.map(([field, message]) => `${field}: ${message}`).join("\n")
    : error.messageOr(fallback);
  const body: FailedSubmission = {
    errors: toFormErrors(error.fieldErrors),
    values: withoutSecrets(values),
    formError: fieldEntries.length ? undefined : toast,
    toast: errorToast(toast),
  };
  return data(body, { status: screenStatus(error) });
}

/** Answers a submission that failed validation in the panel itself (messages shown inline). */
export function invalidSubmission(errors: FormErrors, values: Record<string, unknown>) {
  const body: FailedSubmission = { errors, values: withoutSecrets(values) };
  return data(body, { status: 400 });
}
