import { data, type HeadersFunction, type RouterContextProvider } from "react-router";
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from "rate-limiter-flexible";

import { env } from "~/config/env.server";
import { errorToast, type FailedSubmission } from "~/forms/failure.server";
import { withoutSecrets } from "~/forms/form-data.server";
import { requestFactsContext } from "~/server-context";

import { sharedRedis } from "./redis.server";

// See docs/decisions/012-login-throttling.md (which refines 007).

/**
 * The one place the counters' store is chosen, for every limit below. With REDIS_URL the counts
 * live in Redis and every instance shares them (decision 018). A command Redis does not answer
 * fails within a second (redis.server.ts), and then this instance counts on its own (the insurance
 * limiter) rather than letting everything through.
 */
function createLimiter(options: IRateLimiterOptions): RateLimiterAbstract {
  const storeClient = sharedRedis();
  if (!storeClient) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient,
    keyPrefix: `panel:rate-limit:${options.keyPrefix}`,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
/** How long an account is refused from one address after its consecutive failures (OWASP: a while, not forever). */
const ACCOUNT_BLOCK_SECONDS = 15 * MINUTE;
// The memory store expires keys with setTimeout, which fires at once past 24.8 days:
// no window here may be longer than that.
const FAILURE_MEMORY_SECONDS = DAY;

/** The anonymous actions limited per client address and minute (AUTH_RATE_LIMIT_PER_MINUTE each). */
export type LimitedAction = "forgot-password" | "reset-password" | "account-deletion" | "sidebar";

const actionLimiters = new Map<LimitedAction, RateLimiterAbstract>();

function actionLimiter(action: LimitedAction): RateLimiterAbstract {
  let limiter = actionLimiters.get(action);
  if (!limiter) {
    limiter = createLimiter({ keyPrefix: action, points: env().AUTH_RATE_LIMIT_PER_MINUTE, duration: MINUTE });
    actionLimiters.set(action, limiter);
  }
  return limiter;
}

let signInLimiters: { perAccount: RateLimiterAbstract; perAddress: RateLimiterAbstract } | undefined;

function signInFailureLimiters() {
  signInLimiters ??= {
    // Consecutive failures for one account from one address; a success deletes the count.
    perAccount: createLimiter({
      keyPrefix: "sign-in-failures-account",
      points: env().LOGIN_FAILURES_PER_ACCOUNT,
      duration: FAILURE_MEMORY_SECONDS,
    }),
    // Failures from one address whatever the account: an address trying many accounts.
    perAddress: createLimiter({
      keyPrefix: "sign-in-failures-address",
      points: env().LOGIN_FAILURES_PER_DAY,
      duration: DAY,
    }),
  };
  return signInLimiters;
}

function clientAddress(context: Readonly<RouterContextProvider>): string {
  return context.get(requestFactsContext).clientIp;
}

function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/**
 * The answer to a refused attempt: status 429, Retry-After, the clear message on the form and as
 * a toast, and what the user typed (passwords and keys aside) so the form comes back filled in.
 */
export function tooManyAttempts(seconds: number, values: Record<string, unknown> = {}) {
  const message = `Too many attempts. Please wait ${seconds} seconds and try again.`;
  const typed = Object.fromEntries(
    Object.entries(withoutSecrets(values)).filter(([, value]) => typeof value === "string"),
  );
  const body: FailedSubmission = { errors: {}, values: typed, formError: message, toast: errorToast(message) };
  return data(body, { status: 429, headers: { "Retry-After": String(seconds) } });
}

/**
 * Counts an attempt at `action` from this request's client address. Within the limit it answers
 * null; over it, the number of seconds until the next attempt is allowed.
 */
export async function secondsUntilAllowed(
  context: Readonly<RouterContextProvider>,
  action: LimitedAction,
): Promise<number | null> {
  try {
    await actionLimiter(action).consume(clientAddress(context));
    return null;
  } catch (refusal) {
    if (refusal instanceof Error) throw refusal;
    return retryAfterSeconds((refusal as { msBeforeNext: number }).msBeforeNext);
  }
}

/**
 * Counts an attempt at `action` from this request's client address. Over the limit it answers
 * the form's failure (see tooManyAttempts) with the typed `values`; else null.
 */
export async function rateLimit(
  context: Readonly<RouterContextProvider>,
  action: LimitedAction,
  values: Record<string, unknown> = {},
) {
  const seconds = await secondsUntilAllowed(context, action);
  return seconds === null ? null : tooManyAttempts(seconds, values);
}

/**
 * Sign-in throttling after OWASP and rate-limiter-flexible's login recipe: only failures count,
 * per (account, address) and per address and day, so wrong passwords elsewhere or for another
 * account never lock the right password out from this address.
 */
export function signInThrottle(context: Readonly<RouterContextProvider>, email: string) {
  const limiters = signInFailureLimiters();
  const address = clientAddress(context);
  const accountKey = `${email.trim().toLowerCase()}|${address}`;
  const { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_DAY } = env();

  return {
    /** Seconds until this account may be tried again from this address, or null when it may now. */
    async secondsUntilAllowed(): Promise<number | null> {
      const [account, perAddress] = await Promise.all([
        limiters.perAccount.get(accountKey),
        limiters.perAddress.get(address),
      ]);
      const waits = [
        account && account.consumedPoints >= LOGIN_FAILURES_PER_ACCOUNT ? account.msBeforeNext : 0,
        perAddress && perAddress.consumedPoints >= LOGIN_FAILURES_PER_DAY ? perAddress.msBeforeNext : 0,
      ];
      const wait = Math.max(...waits);
      return wait > 0 ? retryAfterSeconds(wait) : null;
    },

    /** Counts a refused sign-in; the failure that reaches a limit starts its block. */
    async failed(): Promise<void> {
      // The address's refusal lasts what is left of its day (the count's own expiry); the
      // account's starts a block of its own, so the run of failures is forgotten after it.
      const [account] = await Promise.all([
        limiters.perAccount.penalty(accountKey),
        limiters.perAddress.penalty(address),
      ]);
      if (account.consumedPoints >= LOGIN_FAILURES_PER_ACCOUNT) {
        await limiters.perAccount.block(accountKey, ACCOUNT_BLOCK_SECONDS);
      }
    },

    /** A successful sign-in ends the run of consecutive failures for this account and address. */
    async succeeded(): Promise<void> {
      await limiters.perAccount.delete(accountKey);
    },
  };
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
