import { data, type HeadersFunction, type RouterContextProvider } from "react-router";

import { env } from "~/config/env.server";
import { errorToast, type FailedSubmission } from "~/forms/failure.server";
import { requestFactsContext } from "~/server-context";

/** The window of the limit; AUTH_RATE_LIMIT_PER_MINUTE attempts fit in it (default 10). */
export const WINDOW_MS = 60_000;

/** A sliding-window counter per key, in this process's memory. */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Records an attempt; tells whether it is allowed and, if not, how many seconds until one is. */
  attempt(key: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.delete(key);
    this.hits.set(key, recent);
    // Oldest keys go first when an address flood would grow the map without bound.
    if (this.hits.size > this.maxKeys) this.hits.delete(this.hits.keys().next().value!);
    return { allowed: true };
  }
}

/** The actions limited per client address (see docs/decisions/007-rate-limits-in-memory.md). */
export type LimitedAction = "sign-in" | "forgot-password" | "account-deletion";

const limiters = new Map<LimitedAction, SlidingWindowLimiter>();

/**
 * Counts an attempt at `action` from this request's client address. Over the limit it answers
 * the form's failure with status 429, a Retry-After header and a clear message; else null.
 */
export function rateLimit(context: Readonly<RouterContextProvider>, action: LimitedAction) {
  let limiter = limiters.get(action);
  if (!limiter) {
    limiter = new SlidingWindowLimiter(env().AUTH_RATE_LIMIT_PER_MINUTE, WINDOW_MS);
    limiters.set(action, limiter);
  }
  const { clientIp } = context.get(requestFactsContext);
  const verdict = limiter.attempt(clientIp);
  if (verdict.allowed) return null;
  const message = `Too many attempts. Please wait ${verdict.retryAfterSeconds} seconds and try again.`;
  const body: FailedSubmission = { errors: {}, values: {}, formError: message, toast: errorToast(message) };
  return data(body, { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
}

/**
 * A route `headers` export that keeps the action's Retry-After: React Router sends a route's
 * action headers on a document response only through its `headers` function.
 */
export const keepRetryAfter: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
