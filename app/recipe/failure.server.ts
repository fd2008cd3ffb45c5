/**
 * The one failure module (docs/how-a-screen-works.md). Every failed submission of every screen,
 * public pages included, answers through one builder (failedSubmission), so field errors, toasts
 * and statuses read the same everywhere; a failed row action redirects back with its toast
 * (failRowAction); a loader whose upstream call failed answers the screen's error state
 * (loadFailure). A refusal thrown while a submission runs (refuse) becomes one of these answers.
 */
import { data } from "react-router";

import { type FormErrors, toFormErrors, withoutSecrets } from "~/forms/form-data.server";
import type { FlashToast } from "~/lib/toast";
import { redirectWithError, replaceWithError, replaceWithWarning } from "~/session/toast.server";
import { screenStatus, unknownOutcomeMessage, upstreamFailure, type UpstreamError } from "~/upstream/errors";

/** What an action answers when a submission fails: field errors, a form-level message and the typed values. */
export interface FailedSubmission {
  errors: FormErrors;
  values: Record<string, unknown>;
  formError?: string;
  /** Shown at the top right in this very response (no flash cookie: see usePageToasts). */
  toast?: FlashToast;
  /** The error toasts, one per message (one per upstream field error, 'field: message'). */
  toasts?: FlashToast[];
  /**
   * The one-time key the form keeps (useOnceKey): its change was sent and got no answer in time,
   * so sending the form again must answer this outcome, not send the change a second time.
   */
  keptKey?: string;
}

/** An action's data answer with its status. */
type Answer<T> = ReturnType<typeof data<T>>;

/** What a failed submission says. */
interface FailureParts {
  /** Messages on their fields. */
  errors?: FormErrors;
  /** What the user typed, handed back so nothing is lost (secrets are dropped here). */
  values?: Record<string, unknown>;
  /** Typed values to put back that the secrets rule would drop (a wrong security key, to be corrected). */
  keep?: Readonly<Record<string, string>>;
  /** The message above the form. */
  formError?: string;
  /** The toasts' messages. */
  toasts?: readonly string[];
  /** Their kind: an error, or a warning for a change whose outcome is unknown. */
  toastType?: FlashToast["type"];
  /** The one-time key the form keeps (FailedSubmission). */
  keptKey?: string;
}

/**
 * The one builder of a failed submission's answer: every failure below, on every screen and
 * public page, is one of these. `extra` adds what a page shows instead of its form (the sign-in's
 * page for a member); its answers are typed apart from the form's (the page tells them apart).
 */
export function failedSubmission(
  status: number,
  parts: FailureParts,
  init?: { headers?: HeadersInit },
): Answer<FailedSubmission>;
export function failedSubmission<X extends object>(
  status: number,
  parts: FailureParts,
  init: { headers?: HeadersInit; extra: X },
): Answer<Partial<FailedSubmission> & X>;
export function failedSubmission(
  status: number,
  { errors = {}, values = {}, keep = {}, formError, toasts = [], toastType = "error", keptKey }: FailureParts,
  { headers, extra }: { headers?: HeadersInit; extra?: object } = {},
) {
  const body: FailedSubmission = {
    errors,
    values: { ...withoutSecrets(values), ...keep },
    ...(formError ? { formError } : {}),
    ...(toasts.length ? { toasts: toasts.map((message) => toastOf(toastType, message)) } : {}),
    ...(keptKey ? { keptKey } : {}),
  };
  return data({ ...body, ...extra }, { status, headers });
}

function toastOf(type: FlashToast["type"], message: string): FlashToast {
  return { id: crypto.randomUUID(), type, message };
}

/**
 * A submission that failed the panel's own checks: the messages inline, the typed values back.
 * `toast` also shows the first message as a toast (the account deletion's 'Invalid Email').
 */
export function invalidSubmission(
  errors: FormErrors,
  values: Record<string, unknown>,
  { toast = false }: { toast?: boolean } = {},
) {
  const first = Object.values(errors)[0]?.message;
  return failedSubmission(400, { errors, values, toasts: toast && first ? [first] : [] });
}

/**
 * A submission the panel refuses to run: an unknown intent, a malformed id, an action the
 * user's state rules out (no email to push to). It says why inline and as a toast (400).
 */
export function rejectedSubmission(message: string, values: Record<string, unknown> = {}, errors: FormErrors = {}) {
  return failedSubmission(400, { errors, values, formError: message, toasts: [message] });
}

/**
 * A failed upstream call, as the re-rendered form (docs/product.md#toasts-and-error-handling):
 * each field error goes onto its field (renamed by `fieldNames`) and into a toast of its own,
 * 'field: message' in the upstream's words; otherwise one message inline and as the toast: the
 * server's, else `fallback`. An admin screen says so, as a warning, when a change got no answer
 * in time (failureMessage); a public page (`publicPage`) shows the server's message or `fallback`.
 * Either way a change without an answer keeps the form's one-time key (`onceKey`): sent again, it
 * answers this outcome instead of sending the change twice (decision 019).
 * Anything that is not an upstream failure is rethrown.
 */
export function failSubmission(
  cause: unknown,
  values: Record<string, unknown>,
  fallback: string,
  { fieldNames = {}, keep = {}, publicPage = false, onceKey }: FormFailureOptions = {},
) {
  const error = upstreamFailure(cause);
  const unknown = error.failure === "outcome-unknown";
  const message = publicPage ? error.messageOr(fallback) : failureMessage(error, fallback);
  const fields = error.fieldErrorList;
  const onForm = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, text]) => [
      Object.hasOwn(fieldNames, field) ? fieldNames[field]! : field,
      text,
    ]),
  );
  return failedSubmission(screenStatus(error), {
    errors: toFormErrors(onForm),
    values,
    keep,
    formError: fields.length ? undefined : message,
    toasts: fields.length ? fields.map(([field, text]) => `${field}: ${text}`) : [message],
    toastType: unknown && !publicPage ? "warning" : "error",
    keptKey: unknown ? onceKey : undefined,
  });
}

/** How a form reads an upstream failure beyond its own texts. */
export interface FormFailureOptions {
  /** Upstream field name -> the form's field, where they differ (the push's `body` is the form's `message`). */
  fieldNames?: Readonly<Record<string, string>>;
  /** Typed values to put back that withoutSecrets would drop (a wrong security key, to be corrected). */
  keep?: Readonly<Record<string, string>>;
  /** A public page (sign-in, account pages): the server's message whatever happened, else the fallback. */
  publicPage?: boolean;
  /** The submission's one-time key, kept by the form when the change got no answer in time. */
  onceKey?: string;
}

/**
 * The answer to a refused attempt (a rate limit, sign-in throttling): status 429, Retry-After,
 * the clear message on the form and as a toast, and what the user typed (passwords and keys
 * aside) so the form comes back filled in.
 */
export function tooManyAttempts(seconds: number, values: Record<string, unknown> = {}) {
  const message = `Too many attempts. Please wait ${seconds} seconds and try again.`;
  const typed = Object.fromEntries(Object.entries(values).filter(([, value]) => typeof value === "string"));
  return failedSubmission(
    429,
    { values: typed, formError: message, toasts: [message] },
    { headers: { "Retry-After": String(seconds) } },
  );
}

/**
 * A failed row action (nothing typed to keep): Post/Redirect/Get back to the screen with the
 * error toast, so a reload never sends it again; a change without an answer in time may have
 * happened, so its toast is a warning. Anything that is not an upstream failure is rethrown.
 */
export function failRowAction(request: Request, back: string, cause: unknown, fallback: string) {
  const error = upstreamFailure(cause);
  const fields = error.fieldErrorList;
  if (!fields.length && error.failure === "outcome-unknown") {
    return replaceWithWarning(request, back, failureMessage(error, fallback));
  }
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

/** True when the upstream refused the request itself (a 4xx other than a timeout or "too many requests"). */
export function isRefusal(error: UpstreamError): boolean {
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * A loader's failed upstream call: the screen's error `state` (its empty rows and message, or
 * `found: false`), with the status screenStatus gives. Anything that is not an upstream failure
 * (the redirect to /login of an upstream 401, a bug) is rethrown. Independent calls use settleAll.
 */
export function loadFailure<T>(cause: unknown, state: T) {
  return data(state, { status: screenStatus(upstreamFailure(cause)) });
}

/**
 * The status of a call that settleAll reported as failed: screenStatus of its error (the call
 * has settled; this reads its reason again).
 */
export function failedStatus(call: Promise<unknown>): Promise<number> {
  return call.then(
    () => 200,
    (error: unknown) => screenStatus(upstreamFailure(error)),
  );
}

/** Why a running submission stops without sending (see refuse and refuseAttempt). */
export class Refusal {
  constructor(readonly refused: { message: string; field?: string; redirectTo?: string } | { waitSeconds: number }) {}

  /** The refusal as an answer, with the typed values. */
  answer(request: Request, values: Record<string, unknown>) {
    const refused = this.refused;
    if ("waitSeconds" in refused) return tooManyAttempts(refused.waitSeconds, values);
    const { message, field, redirectTo } = refused;
    if (redirectTo) return redirectWithError(request, redirectTo, message);
    if (field) return invalidSubmission({ [field]: { type: "custom", message } }, values);
    return rejectedSubmission(message, values);
  }
}

/**
 * Stops a submission from inside its `send` (rowAction, saveForm) before anything more is sent:
 * the recipe answers `message` inline and as a toast (400); on `field` only, like the panel's own
 * checks; or as the error toast of the page `redirectTo` (a used reset link: the page that says so).
 */
export function refuse(message: string, where: { field?: string; redirectTo?: string } = {}): never {
  throw new Refusal({ message, ...where });
}

/** Stops a submission that is over a limit (tooManyAttempts, with the typed values). */
export function refuseAttempt(waitSeconds: number): never {
  throw new Refusal({ waitSeconds });
}
