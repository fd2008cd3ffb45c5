import { z, type ZodType } from "zod";

import { env } from "~/config/env.server";
import { ENTITY_ID_PATTERN } from "~/lib/entity-id";
import { logLine } from "~/lib/log.server";
import { NO_ACCESS, pageError } from "~/lib/page-error";
import { isSecureRequest } from "~/lib/request-url";
import { UPSTREAM_SESSION_COOKIE } from "~/upstream/contract/auth";
import { buildPath, type EndpointSpec } from "~/upstream/contract/common";
import { isUpstreamError, toFieldErrorList, toFieldErrors, UpstreamError } from "~/upstream/errors";
import { panelSession } from "~/upstream/panel-session.server";
import { httpCall, type HttpAnswer, type HttpRequest } from "~/upstream/http-call.server";
import { noteUpstreamSend } from "~/upstream/reached.server";
import { timeUpstreamCall, type UpstreamOutcome } from "~/upstream/server-timing.server";
import {
  rewriteSetCookie,
  sessionSetCookies,
  signSessionToken,
  upstreamSessionToken,
} from "~/upstream/session-cookie.server";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type QueryValue = string | number | boolean | null | undefined;

/**
 * Whether a call may be sent again after a transport fault or a 502/503/504. The method says
 * nothing about it (the upstream bans and unbans with GETs), so each call declares it:
 * - "never" (the default): a mutation, sent once whatever happens;
 * - "safe-read": a read with no effect upstream, retried up to twice; a 403
 *   on it is the forbidden view rather than an error for a form;
 * - "harmless-once": a call whose repetition does no harm (logging out twice), retried once.
 */
export type RetryPolicy = "never" | "safe-read" | "harmless-once";

/** Retries each policy allows. */
const RETRIES: Record<RetryPolicy, number> = { never: 0, "safe-read": 2, "harmless-once": 1 };

/** One call to the upstream API: where, what, and the schema its answer must match. */
export interface UpstreamCall<T> {
  method?: Method;
  /** Path below API_URL, starting with "/" (e.g. "/users/42"). */
  path: string;
  /** The path's pattern (e.g. "/users/:id"): what Server-Timing shows instead of the path. */
  template?: string;
  /** Query parameters; null, undefined and "" are left out. */
  query?: Record<string, QueryValue>;
  /** JSON body. */
  body?: unknown;
  /** Schema of a successful answer's body. */
  schema: ZodType<T>;
  /**
   * A call that needs no session (sign-in, password and account pages): its 401 is an answer
   * for the form. Every other call's 401 signs the browser out and sends it to /login.
   */
  public?: boolean;
  /** Whether the call may be repeated when it fails on the way; "never" unless declared. */
  retry?: RetryPolicy;
  /**
   * The call ends the session it carries (the logout): the one call that still forwards a session
   * the panel has revoked, since ending it upstream is the point (decision 033).
   */
  endsSession?: boolean;
}

/** A successful call: the validated body and the session cookie lines to relay to the browser. */
export interface UpstreamResult<T> {
  data: T;
  setCookies: string[];
}

/** The first retry waits this long; each further one waits twice as long. */
export const FIRST_RETRY_DELAY_MS = 250;

const RETRYABLE_STATUSES = new Set([502, 503, 504]);

const ErrorBodySchema = z
  .object({
    message: z.string().optional(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .catch({});

/**
 * Calls the upstream API on behalf of the browser's request: forwards only the upstream session
 * cookie, aborts with the request or after UPSTREAM_TIMEOUT_MS, retries only what the call declares
 * repeatable (see RetryPolicy), validates
 * the answer and turns every failure into an UpstreamError. Each call, however it ends, is one
 * entry of the response's Server-Timing header; its duration covers every attempt and retry wait.
 * What it needs of the panel's session (a revoked session, the sign-out, the audit) it finds in
 * the request's router context (panelSession), so it imports nothing of the session layer.
 */
export async function callUpstream<T>(request: Request, call: UpstreamCall<T>): Promise<UpstreamResult<T>> {
  // A refused session is no upstream call: checked before the call is timed.
  const session = await sessionToForward(request, call);
  const outcome: UpstreamOutcome = { attempts: 0 };
  const finish = timeUpstreamCall(call.method ?? "GET", call.template ?? call.path);
  try {
    return await sendUpstream(request, call, session, outcome);
  } catch (error) {
    if (isUpstreamError(error) && error.failure !== "http") outcome.failure = error.failure;
    throw error;
  } finally {
    finish(outcome);
  }
}

async function sendUpstream<T>(
  request: Request,
  call: UpstreamCall<T>,
  session: string | undefined,
  outcome: UpstreamOutcome,
): Promise<UpstreamResult<T>> {
  const { API_URL, UPSTREAM_TIMEOUT_MS } = env();
  const method = call.method ?? "GET";
  const retries = RETRIES[call.retry ?? "never"];
  const url = buildUrl(API_URL, call.path, call.query);
  const deadline = AbortSignal.timeout(UPSTREAM_TIMEOUT_MS);
  const signal = AbortSignal.any([request.signal, deadline]);
  const init: HttpRequest = {
    method,
    headers: forwardHeaders(session, call.body),
    signal,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  };

  const { redirectToLogin } = panelSession();
  const started = performance.now();
  const fail = (error: UpstreamError): never => {
    logFailure(method, call.path, error, performance.now() - started);
    throw error;
  };

  let response: HttpAnswer | undefined;
  for (let attempt = 0; ; attempt++) {
    const mayRetry = attempt < retries;
    try {
      outcome.attempts++;
      // From here the call may have had its effect upstream, whatever comes back.
      noteUpstreamSend();
      response = await httpCall(url, init);
      outcome.status = response.status;
    } catch (cause) {
      if (request.signal.aborted) fail(new UpstreamError(499, "The request was cancelled", {}, "aborted"));
      if (deadline.aborted) fail(timeoutError(call));
      if (!mayRetry) fail(new UpstreamError(502, "The upstream API could not be reached", {}, "network"));
      void cause;
    }
    if (response && !(mayRetry && RETRYABLE_STATUSES.has(response.status))) break;
    response?.discard();
    response = undefined;
    const waited = await sleep(FIRST_RETRY_DELAY_MS * 2 ** attempt, signal);
    if (!waited)
      fail(
        request.signal.aborted
          ? new UpstreamError(499, "The request was cancelled", {}, "aborted")
          : timeoutError(call),
      );
  }

  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    if (deadline.aborted) fail(timeoutError(call));
    body = undefined;
  }

  if (response.status === 401 && !call.public) {
    logFailure(method, call.path, new UpstreamError(401, "Unauthorized"), performance.now() - started);
    throw await redirectToLogin(request);
  }
  // A page the upstream refuses to this admin (a role changed upstream, say) is the forbidden
  // view of the shell's error boundary; a refused mutation (a ban is a GET) stays an error for its form.
  if (response.status === 403 && !call.public && call.retry === "safe-read") {
    logFailure(method, call.path, new UpstreamError(403, "Forbidden"), performance.now() - started);
    throw pageError(403, NO_ACCESS);
  }

  if (response.status < 200 || response.status > 299) {
    const parsed = ErrorBodySchema.parse(body);
    const message = parsed.message?.trim();
    fail(
      new UpstreamError(
        response.status,
        message || `The upstream API answered ${response.status}`,
        toFieldErrors(parsed.errors),
        "http",
        Boolean(message),
        toFieldErrorList(parsed.errors),
      ),
    );
  }

  const result = call.schema.safeParse(body);
  if (!result.success) {
    fail(
      new UpstreamError(
        502,
        `Unexpected answer from the upstream API (${z.prettifyError(result.error).split("\n")[0]})`,
        {},
        "invalid-response",
      ),
    );
  }

  const secure = isSecureRequest(request);
  const setCookies = sessionSetCookies(response.setCookies, UPSTREAM_SESSION_COOKIE).map((line) =>
    rewriteSetCookie(line, secure, signSessionToken),
  );
  return { data: result.data as T, setCookies };
}

function buildUrl(base: string, path: string, query: UpstreamCall<unknown>["query"]): URL {
  const url = new URL(`${base}${path.startsWith("/") ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    url.searchParams.set(key, String(value));
  }
  return url;
}

/**
 * The upstream session to send with the call: the browser's token signed by the panel (a tampered
 * one is not forwarded), unless the panel revoked it. A revoked session is never sent (but by the
 * logout that ends it): a call that needs a session sends the browser to sign in, as a 401 would,
 * and a public call goes without one.
 */
async function sessionToForward(request: Request, call: UpstreamCall<unknown>): Promise<string | undefined> {
  const session = upstreamSessionToken(request);
  const { isRevoked, redirectToLogin } = panelSession();
  if (!session || call.endsSession || !(await isRevoked(request))) return session;
  if (!call.public) throw await redirectToLogin(request);
  return undefined;
}

function forwardHeaders(session: string | undefined, body: unknown): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (session) headers.cookie = `${UPSTREAM_SESSION_COOKIE}=${session}`;
  return headers;
}

// A call sent once is a change: given up on after it was sent, it may still have happened.
function timeoutError(call: UpstreamCall<unknown>): UpstreamError {
  const failure = (call.retry ?? "never") === "never" ? "outcome-unknown" : "timeout";
  return new UpstreamError(504, "The upstream API did not answer in time", {}, failure);
}

/** Waits, unless the signal fires first; tells whether the full wait happened. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

// The path is logged without its query: tokens travel in queries.
function logFailure(method: string, path: string, error: UpstreamError, durationMs: number) {
  if (error.failure === "aborted") return;
  logLine(error.status >= 500 ? "error" : "warn", "upstream call failed", {
    method,
    path,
    status: error.status,
    failure: error.failure,
    durationMs: Math.round(durationMs),
  });
}

/** Inputs of one endpoint call: path params, query and body as the contract types them. */
export interface EndpointInput<E extends EndpointSpec> {
  params?: Record<string, string | number>;
  query?: E["query"] extends ZodType ? z.input<E["query"]> : never;
  body?: E["body"] extends ZodType ? z.input<E["body"]> : never;
  public?: boolean;
  /** See RetryPolicy: a read declares "safe-read"; left out, the call is sent once. */
  retry?: RetryPolicy;
  /** See UpstreamCall.endsSession. */
  endsSession?: boolean;
}

/** Calls a contract endpoint (see callUpstream) and returns its validated answer. */
export function callEndpoint<E extends EndpointSpec>(
  request: Request,
  endpoint: E,
  input: EndpointInput<E> = {},
): Promise<UpstreamResult<z.output<E["answer"]>>> {
  // A malformed id never reaches the upstream: it is simply not found.
  if (Object.values(input.params ?? {}).some((value) => !ENTITY_ID_PATTERN.test(String(value)))) {
    return Promise.reject(new UpstreamError(404, "Not found"));
  }
  return callUpstream<z.output<E["answer"]>>(request, {
    method: endpoint.method,
    path: buildPath(endpoint.path, input.params),
    query: input.query as Record<string, QueryValue> | undefined,
    body: input.body,
    schema: endpoint.answer as ZodType<z.output<E["answer"]>>,
    public: input.public,
    retry: input.retry,
    endsSession: input.endsSession,
    template: endpoint.path,
  });
}
