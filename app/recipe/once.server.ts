import { createHash } from "node:crypto";

import { data, redirect, type RouterContextProvider } from "react-router";

import { detachedRequest } from "~/forms/form-data.server";
import { ONCE_FIELD } from "~/recipe/mutation-form";
import { requestFactsContext } from "~/server-context";
import { claimKey, completeKey, keyState, type RememberedOutcome } from "~/recipe/once-keys.server";
import { UPSTREAM_SESSION_COOKIE } from "~/upstream/contract/auth";
import { trackUpstreamReach } from "~/upstream/reached.server";
import { readCookie } from "~/lib/cookie-header";

/** How long a finished submission's outcome is remembered: longer than any double click or retry. */
const REMEMBER_MS = 5 * 60_000;
/** How long a claim holds while its submission runs: beyond any upstream call's timeouts and retries. */
const CLAIM_MS = 2 * 60_000;
/** How often a duplicate looks whether the first submission has finished. */
const WAIT_STEP_MS = 20;
/**
 * The largest outcome remembered, as JSON: a redirect or a re-rendered form of bounded fields
 * takes a few KB. A larger one is remembered only as "answered" (see replay).
 */
export const MAX_REMEMBERED_CHARS = 8 * 1024;

/** Keys are what onceKey renders: url-safe random text; anything else counts as no key. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

/** What runOnce needs of an action's arguments: the request and the router context (the client's address). */
export interface OnceArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** An action's answer: a Response (the redirect) or `data(...)` (a re-rendered form). */
type Outcome = unknown;

/**
 * Runs a submission once per one-time key (decision 019, bounded by decision 032); actions call
 * it through runOnce (app/recipe/submission.server.ts), which reads the form first. The first
 * post with a key runs `run`; a post with the same key from the same client gets that outcome
 * again without running (so without calling the upstream), also when it arrives while the first
 * is still in flight: it waits for the first's outcome. A post without a key (a tester's plain
 * POST) just runs.
 * Only an outcome that sent something to the upstream is remembered: a validation failure or a
 * 429 is forgotten, so a stranger's posts leave nothing behind and a corrected form runs.
 * `run` gets the request detached from the client (detachedRequest): without JavaScript a double
 * click makes the browser drop the first request, whose outcome the second is waiting for.
 */
export async function oncePerKey<T>(
  { request, context }: OnceArgs,
  form: FormData,
  run: (request: Request) => Promise<T>,
): Promise<T> {
  const key = form.get(ONCE_FIELD);
  if (typeof key !== "string" || !KEY_PATTERN.test(key)) return run(request);
  // A key is only ever valid for the screen that rendered it, and only for the client that sent it:
  // another client replaying it must not get the first one's answer (its toast, its typed values).
  const storeKey = `${new URL(request.url).pathname}#${clientOf(request, context)}#${key}`;

  for (;;) {
    if (await claimKey(storeKey, CLAIM_MS)) {
      let outcome: T;
      let reached: boolean;
      try {
        ({ value: outcome, reached } = await trackUpstreamReach(() => run(detachedRequest(request))));
      } catch (thrown) {
        // A thrown answer (the redirect to /login, a 400): nothing to share, a retry runs again.
        await completeKey(storeKey, null, 0);
        throw thrown;
      }
      await completeKey(storeKey, reached ? remembered(outcome) : null, REMEMBER_MS);
      return outcome;
    }
    const seen = await finishedOutcome(storeKey);
    // The same kind of answer the first one was (a redirect or the form's data), for this route's types.
    if (seen) return replay(seen, request) as T;
    // The first left nothing to share and forgot its key: this one runs (claiming it first).
  }
}

/**
 * Who sent a submission, as a digest (the store never holds a session token): the upstream
 * session cookie of a signed-in browser, else the client's address.
 */
function clientOf(request: Request, context: Readonly<RouterContextProvider>): string {
  const session = readCookie(request.headers.get("cookie"), UPSTREAM_SESSION_COOKIE);
  const who = session ? `session:${session}` : `address:${context.get(requestFactsContext).clientIp}`;
  return createHash("sha256").update(who).digest("base64url").slice(0, 22);
}

/** Waits while the key is pending; its outcome, or undefined once the key is gone. */
async function finishedOutcome(storeKey: string): Promise<RememberedOutcome | undefined> {
  for (;;) {
    const state = await keyState(storeKey);
    if (!state) return undefined;
    if (state.state === "done") return state.outcome;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/**
 * The part of an outcome worth answering again, or null for one that is not (a non-redirect
 * Response). One larger than MAX_REMEMBERED_CHARS is kept only as "answered".
 */
function remembered(outcome: Outcome): RememberedOutcome | null {
  const full = fullOutcome(outcome);
  if (!full) return null;
  return JSON.stringify(full).length > MAX_REMEMBERED_CHARS ? { kind: "answered" } : full;
}

function fullOutcome(outcome: Outcome): RememberedOutcome | null {
  if (outcome instanceof Response) {
    if (outcome.status < 300 || outcome.status >= 400) return null;
    // Location, the toast's Set-Cookie (each one separately) and React Router's replace flag.
    return { kind: "redirect", status: outcome.status, headers: [...outcome.headers] };
  }
  if (isDataWithInit(outcome)) {
    return { kind: "data", status: outcome.init?.status ?? 200, body: jsonCopy(outcome.data) };
  }
  return { kind: "data", status: 200, body: jsonCopy(outcome) };
}

/**
 * The same answer again: a fresh Response (bodies are read once) or the same data. An outcome
 * too large to keep is answered with the screen itself (Post/Redirect/Get): it shows what the
 * first submission did, and nothing is sent twice.
 */
function replay(outcome: RememberedOutcome, request: Request): Outcome {
  if (outcome.kind === "answered") {
    const url = new URL(request.url);
    return redirect(url.pathname + url.search);
  }
  if (outcome.kind === "redirect") return new Response(null, { status: outcome.status, headers: outcome.headers });
  return data(outcome.body, { status: outcome.status });
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** What the page can get back, as plain JSON (a File among the values becomes nothing). */
function jsonCopy(value: unknown): unknown {
  return value === undefined
    ? null
    : JSON.parse(JSON.stringify(value, (_name, item) => (item instanceof Blob ? undefined : item)));
}
