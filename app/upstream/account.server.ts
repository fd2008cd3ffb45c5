import { data } from "react-router";

import type { FlashToast } from "~/components/feedback/toaster";
import { type FormErrors, toFormErrors, withoutSecrets } from "~/forms/form-data.server";
import { callEndpoint } from "~/upstream/client.server";
import { userEndpoints } from "~/upstream/contract/users";
import { isUpstreamError } from "~/upstream/errors";

/** POST /users/generate-key: mails a security key to the account's address (account deletion, step 1). */
export function generateDeletionKey(request: Request, email: string) {
  return callEndpoint(request, userEndpoints.generateKey, { body: { email }, public: true });
}

/** POST /users/delete-user: deletes the account when the security key matches (step 2). */
export function deleteAccount(request: Request, body: { email: string; securityKey: string }) {
  return callEndpoint(request, userEndpoints.deleteUser, { body, public: true });
}

/**
 * What a public account page's action answers when a submission fails: field errors, the
 * typed values (secrets removed), a form-level message and the toast to show with it.
 */
export interface AccountFailure {
  errors: FormErrors;
  values: Record<string, unknown>;
  formError?: string;
  toast?: FlashToast;
}

/** An error toast the page renders from its action data. */
export function errorToast(message: string): FlashToast {
  return { id: crypto.randomUUID(), type: "error", message };
}

// Why not failSubmission's flash cookie: a flash cookie is read by the *next* request's root
// loader, and a failed submission is not followed by one (without JavaScript the page comes
// from the same POST; with it, React Router skips revalidation after a 4xx/5xx action). The
// toast would show up one page late, on whatever page the visitor opens next. The toast
// therefore travels in the action data and the page renders it.

/** A submission the page itself rejected, with an optional toast (spec 5: 'Invalid Email' is inline and a toast). */
export function rejectedSubmission(errors: FormErrors, values: Record<string, unknown>, toast?: string) {
  const body: AccountFailure = { errors, values: withoutSecrets(values), toast: toast ? errorToast(toast) : undefined };
  return data(body, { status: 400 });
}

/**
 * Turns a failed upstream call into the re-rendered form (spec 8): field errors go onto their
 * fields and into the toast as 'field: message'; otherwise the server's message, else `fallback`,
 * inline and as a toast. Anything that is not an upstream failure is rethrown.
 */
export function upstreamFailure(error: unknown, values: Record<string, unknown>, fallback: string) {
  if (!isUpstreamError(error)) throw error;
  const fieldEntries = Object.entries(error.fieldErrors);
  const message = fieldEntries.length
    ? fieldEntries.map(([field, text]) => `${field}: ${text}`).join("\n")
    : error.messageOr(fallback);
  const body: AccountFailure = {
    errors: toFormErrors(error.fieldErrors),
    values: withoutSecrets(values),
    formError: fieldEntries.length ? undefined : message,
    toast: errorToast(message),
  };
  const status = error.status >= 400 && error.status < 500 ? error.status : 502;
  return data(body, { status });
}
