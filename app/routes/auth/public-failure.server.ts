import { data } from "react-router";

import { errorToast, type FailedSubmission } from "~/forms/failure.server";
import { toFormErrors, withoutSecrets } from "~/forms/form-data.server";
import { isUpstreamError, screenStatus, type UpstreamError } from "~/upstream/errors";

/**
 * A failed upstream call on a public page (sign-in, forgot and reset password, account deletion),
 * re-rendering the form: field errors onto their fields and into the toast; otherwise the server's
 * `message` whatever the status (docs/product.md#toasts-and-error-handling: these pages put the
 * server's message first), and `fallback` only when the answer had none or was not the API's JSON
 * error shape (an HTML page from a proxy, a timeout). `keep` puts back typed values that
 * withoutSecrets would drop (the wrong security key, to be corrected). Anything that is not an
 * upstream failure is rethrown.
 */
export function publicFailure(
  cause: unknown,
  values: Record<string, unknown>,
  fallback: string,
  keep: Record<string, string> = {},
) {
  if (!isUpstreamError(cause)) throw cause;
  const fieldEntries = Object.entries(cause.fieldErrors);
  const message = fieldEntries.length
    ? fieldEntries.map(([field, text]) => `${field}: ${text}`).join("\n")
    : cause.messageOr(fallback);
  const body: FailedSubmission = {
    errors: toFormErrors(cause.fieldErrors),
    values: { ...withoutSecrets(values), ...keep },
    formError: fieldEntries.length ? undefined : message,
    toast: errorToast(message),
  };
  return data(body, { status: screenStatus(cause) });
}

/** True when the upstream refused the request itself (a 4xx other than "too many requests"). */
export function isRefusal(error: UpstreamError): boolean {
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}
