import { failedForm } from "~/forms/failure.server";
import { upstreamFailure, type UpstreamError } from "~/upstream/errors";

/**
 * A failed upstream call on a public page (sign-in, forgot and reset password, account deletion),
 * re-rendering the form like every other form (failedForm): each field error onto its field and
 * into a toast of its own; otherwise the server's `message` whatever the status
 * (docs/product.md#toasts-and-error-handling), and `fallback` only when the answer had none or
 * was not the API's JSON error shape (an HTML page from a proxy, a timeout). `keep` puts back
 * typed values that withoutSecrets would drop (the wrong security key, to be corrected).
 * Anything that is not an upstream failure is rethrown.
 */
export function publicFailure(
  cause: unknown,
  values: Record<string, unknown>,
  fallback: string,
  keep: Record<string, string> = {},
) {
  const error = upstreamFailure(cause);
  return failedForm(error, values, error.messageOr(fallback), { keep });
}

/** True when the upstream refused the request itself (a 4xx other than "too many requests"). */
export function isRefusal(error: UpstreamError): boolean {
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}
