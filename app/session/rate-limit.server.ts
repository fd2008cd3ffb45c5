import { createHash } from "node:crypto";

import type { HeadersFunction, RouterContextProvider } from "react-router";
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from "rate-limiter-flexible";

import { env } from "~/config/env.server";
import { requestFactsContext } from "~/server-context";

import { MAX_WAIT_SECONDS, waitAfterFailures } from "./failure-delays";
import { sharedRedis } from "./redis.server";

// See docs/decisions/035-throttling-that-spares-the-owner.md (which supersedes part of 012).

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
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
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

/**
 * Failures in a row under one key (an account, a device cookie): the first `free` cost nothing,
 * then each one makes the key wait, twice as long as the last time (failure-delays.ts). The run is
 * forgotten a day after its first failure, or at once by a success.
 */
function growingDelays(name: string, free: () => number) {
  let limiters: { failures: RateLimiterAbstract; waits: RateLimiterAbstract } | undefined;
  const store = () =>
    (limiters ??= {
      // Only penalty, get and delete are used: `points` is never consumed against.
      failures: createLimiter({ keyPrefix: `${name}-failures`, points: 1, duration: FAILURE_MEMORY_SECONDS }),
      // A key waits while it is blocked here (block() marks it over its one point).
      waits: createLimiter({ keyPrefix: `${name}-wait`, points: 1, duration: MAX_WAIT_SECONDS }),
    });

  return {
    /** Seconds until `key` may try again, or null when it may now. */
    async secondsToWait(key: string): Promise<number | null> {
      const wait = await store().waits.get(key);
      return wait && wait.consumedPoints > 1 ? retryAfterSeconds(wait.msBeforeNext) : null;
    },
    /** Counts a failure; past the free ones it starts the key's next, longer wait. */
    async failed(key: string): Promise<void> {
      const { consumedPoints } = await store().failures.penalty(key);
      const seconds = waitAfterFailures(consumedPoints, free());
      if (seconds > 0) await store().waits.block(key, seconds);
    },
    /** Ends the key's run of failures. */
    async succeeded(key: string): Promise<void> {
      await Promise.all([store().failures.delete(key), store().waits.delete(key)]);
    },
  };
}

// Untrusted clients (no device cookie for the account): per account, whatever the address.
const accountDelays = growingDelays("sign-in-account", () => env().LOGIN_FAILURES_PER_ACCOUNT);
// A browser with the account's device cookie: per cookie, and nothing else.
const deviceDelays = growingDelays("sign-in-device", () => env().LOGIN_FAILURES_PER_ACCOUNT);

let addressLimiter: RateLimiterAbstract | undefined;

/** Untrusted clients' failures from one address whatever the account: an address trying many accounts. */
function addressFailures(): RateLimiterAbstract {
  addressLimiter ??= createLimiter({
    keyPrefix: "sign-in-failures-address",
    points: env().LOGIN_FAILURES_PER_DAY,
    duration: DAY,
  });
  return addressLimiter;
}

let keyGuessLimiter: RateLimiterAbstract | undefined;

/** Security-key guesses per account email and hour, from every address together. */
function keyGuesses(): RateLimiterAbstract {
  keyGuessLimiter ??= createLimiter({
    keyPrefix: "deletion-key-guesses",
    points: env().KEY_GUESSES_PER_HOUR,
    duration: HOUR,
  });
  return keyGuessLimiter;
}

function clientAddress(context: Readonly<RouterContextProvider>): string {
  return context.get(requestFactsContext).clientIp;
}

function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/**
 * Counts an attempt at `action` from this request's client address. Within the limit it answers
 * null; over it, the number of seconds until the next attempt is allowed.
 */
export async function secondsUntilAllowed(
  context: Readonly<RouterContextProvider>,
  action: LimitedAction,
): Promise<number | null> {
  return consumeOrWait(actionLimiter(action), clientAddress(context));
}

/** Consumes one point of `key`: null within the limit, else the seconds until the next one. */
async function consumeOrWait(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (refusal) {
    if (refusal instanceof Error) throw refusal;
    return retryAfterSeconds((refusal as { msBeforeNext: number }).msBeforeNext);
  }
}

let exportLimiter: RateLimiterAbstract | undefined;

/**
 * Counts a CSV export started by `admin` (their email), whatever the address: null within
 * EXPORTS_PER_MINUTE, else the seconds until the minute's window lets another one start.
 */
export function exportSecondsUntilAllowed(admin: string): Promise<number | null> {
  exportLimiter ??= createLimiter({ keyPrefix: "exports", points: env().EXPORTS_PER_MINUTE, duration: MINUTE });
  return consumeOrWait(exportLimiter, accountKey(admin));
}

/**
 * Counts a security-key guess for the deletion of `email`'s account, whatever the address: null
 * within KEY_GUESSES_PER_HOUR, else the seconds until the hour's window ends (a window,
 * never a lasting lock: the owner can always try again within the hour).
 */
export function keyGuessSecondsUntilAllowed(email: string): Promise<number | null> {
  return consumeOrWait(keyGuesses(), accountKey(email));
}

// Anyone can type any email: its digest keeps every key the same small size, and the store holds
// no addresses.
function accountKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}

/**
 * Sign-in throttling after OWASP's "device cookies" design (decision 035); only failures count.
 * `trustedDevice` is the id of this browser's device cookie when it was issued to `email` by an
 * earlier sign-in: its attempts count per cookie, and no one else's failures can refuse them.
 * Every other attempt is untrusted: growing waits per account from every address together, and
 * LOGIN_FAILURES_PER_DAY per address and day.
 */
export function signInThrottle(context: Readonly<RouterContextProvider>, email: string, trustedDevice?: string) {
  const address = clientAddress(context);
  const account = accountKey(email);

  return {
    /** Seconds until this client may try this account again, or null when it may now. */
    async secondsUntilAllowed(): Promise<number | null> {
      if (trustedDevice !== undefined) return deviceDelays.secondsToWait(trustedDevice);
      const [accountWait, perAddress] = await Promise.all([
        accountDelays.secondsToWait(account),
        addressFailures().get(address),
      ]);
      const addressWait =
        perAddress && perAddress.consumedPoints >= env().LOGIN_FAILURES_PER_DAY
          ? retryAfterSeconds(perAddress.msBeforeNext)
          : null;
      const wait = Math.max(accountWait ?? 0, addressWait ?? 0);
      return wait > 0 ? wait : null;
    },

    /** Counts a refused sign-in against what throttles this client. */
    async failed(): Promise<void> {
      if (trustedDevice !== undefined) return deviceDelays.failed(trustedDevice);
      // The address's refusal lasts what is left of its day (the count's own expiry).
      await Promise.all([accountDelays.failed(account), addressFailures().penalty(address)]);
    },

    /**
     * A successful sign-in ends this client's run of failures. A trusted browser's success leaves
     * the untrusted count alone: the owner signing in daily does not hand a guesser fresh free tries.
     */
    async succeeded(): Promise<void> {
      await (trustedDevice !== undefined ? deviceDelays.succeeded(trustedDevice) : accountDelays.succeeded(account));
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
