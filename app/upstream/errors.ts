/** Field name -> message, with dotted upstream names reduced to the part after the first dot. */
export type FieldErrors = Record<string, string>;

/**
 * Why an upstream call failed, beyond its HTTP status. "outcome-unknown" is a timeout of a call
 * that changes something (sent once, see RetryPolicy in client.server.ts): it was sent and may
 * have happened; "timeout" is that of a read or of a call that may be repeated.
 */
export type UpstreamFailure = "http" | "timeout" | "outcome-unknown" | "network" | "invalid-response" | "aborted";

/** The one error type every failed upstream call becomes (docs/how-a-screen-works.md#the-route-module). */
export class UpstreamError extends Error {
  override name = "UpstreamError";

  constructor(
    /** HTTP status to act on: the upstream's own, or 504/502 for timeouts and transport faults. */
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly failure: UpstreamFailure = "http",
    /** True when the upstream itself sent `message`, so it may be shown to the admin. */
    readonly fromServer = false,
    /** Every entry of the upstream's `errors` array, in order, named like fieldErrors (one toast each). */
    readonly fieldErrorList: ReadonlyArray<readonly [field: string, message: string]> = Object.entries(fieldErrors),
  ) {
    super(message);
  }

  /** The server's message when it sent one, else the screen's fallback text (docs/product.md#toasts-and-error-handling). */
  messageOr(fallback: string): string {
    return this.fromServer && this.message ? this.message : fallback;
  }
}

/** The upstream's `errors` array with dotted names reduced to the form's ("body.title" -> "title"), in order. */
export function toFieldErrorList(
  errors: ReadonlyArray<{ field: string; message: string }> | undefined,
): [field: string, message: string][] {
  return (errors ?? []).map(({ field, message }) => {
    const dot = field.indexOf(".");
    return [dot === -1 ? field : field.slice(dot + 1), message];
  });
}

/** Maps the upstream's `errors` array onto form fields, the first message of each field. */
export function toFieldErrors(errors: ReadonlyArray<{ field: string; message: string }> | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const [name, message] of toFieldErrorList(errors)) fields[name] ??= message;
  return fields;
}

/** True for an UpstreamError (also across module copies, by name). */
export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

/**
 * The upstream failure an action maps (docs/product.md#toasts-and-error-handling); anything else
 * is rethrown (e.g. the redirect to /login of an upstream 401). Its message is the server's
 * whenever the answer was the API's own JSON error body, whatever the status: `fromServer` is
 * false for an HTML error page, a proxy's text or a timeout, and messageOr gives the fallback then.
 */
export function upstreamFailure(error: unknown): UpstreamError {
  if (!isUpstreamError(error)) throw error;
  return error;
}

/**
 * Why the upstream refused, in one line: the first field error's message when it sent an
 * `errors` array, else its own message, else `fallback` (the reason of 'Upload failed: {reason}').
 */
export function refusalReason(error: UpstreamError, fallback: string): string {
  return error.fieldErrorList[0]?.[1] ?? error.messageOr(fallback);
}

/**
 * What the admin is told when a change got no answer in time: not that it failed, since it was
 * sent and may have happened, but to check before sending it again. One template for every
 * mutation, naming the action from the screen's failure text: "Failed to ban user" is "the
 * request to ban the user" (the failure texts are the spec's, without articles).
 */
export function unknownOutcomeMessage(failed: string): string {
  const [, verb, object] = /^Failed to (\S+) (.+)$/.exec(failed.trim()) ?? [];
  const action = verb && object ? `${verb} ${/^(the|a|an|this|that)\s/i.test(object) ? "" : "the "}${object}` : null;
  return `No answer from the server in time: the request${action ? ` to ${action}` : ""} was sent and may have gone through. Reload to check before trying again.`;
}

/**
 * The HTTP status a screen answers with when an upstream call failed: the upstream's own for a
 * refused request (4xx), 502 when the upstream itself failed (5xx, timeouts, transport).
 */
export function screenStatus(error: UpstreamError): number {
  return error.status >= 400 && error.status < 500 ? error.status : 502;
}
