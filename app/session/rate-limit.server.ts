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
import { sharedRedis } from "~/state/redis.server";

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

/** An attempt let through by a throttle: it is already counted as a failure until it says otherwise. */
export interface ReservedAttempt {
  /** The attempt was refused by the upstream: it stays counted (nothing to do). */
  failed(): Promise<void>;
  /** The attempt says nothing about the password (the upstream failed or was busy): its count is given back. */
  release(): Promise<void>;
  /** The attempt succeeded: the run of failures ends. */
  succeeded(): Promise<void>;
}

/** A throttle's answer: an attempt counted in advance, or the seconds to wait first. */
export type Reservation = { wait: null; attempt: ReservedAttempt } | { wait: number };

/**
 * Failures in a row under one key (an account, a device cookie): the first `free` cost nothing,
 * then each one makes the key wait, twice as long as the last time (failure-delays.ts). The run is
 * forgotten a day after its first failure, or at once by a success.
 *
 * An attempt is counted before it is sent, never after: a burst of simultaneous attempts cannot all
 * pass a check that the first failure has not yet reached (docs/decisions/063-sign-in-attempts-counted-before-they-are-sent.md).
 * Each increment is atomic in either store, so the n-th attempt knows it is the n-th: below `free`
 * it goes; from `free` on it must take the key's turn, which one attempt at a time holds for as
 * long as the wait its failure would start, and which the others are refused.
 */
function growingDelays(name: string, free: () => number) {
  let limiters: { failures: RateLimiterAbstract; turns: RateLimiterAbstract } | undefined;
  const store = () =>
    (limiters ??= {
      // Only penalty, reward and delete are used: `points` is never consumed against.
      failures: createLimiter({ keyPrefix: `${name}-failures`, points: 1, duration: FAILURE_MEMORY_SECONDS }),
      // One point per wait: the attempt that takes it goes, and holds it for the wait's length.
      turns: createLimiter({ keyPrefix: `${name}-wait`, points: 1, duration: MAX_WAIT_SECONDS }),
    });

  return {
    /** Counts an attempt under `key` before it is sent; or, when the key must wait, the seconds left. */
    async reserve(key: string): Promise<Reservation> {
      const { failures, turns } = store();
      const { consumedPoints: attempt } = await failures.penalty(key);
      const wait = waitAfterFailures(attempt, free());
      const ends = {
        failed: async () => undefined,
        release: async () => {
          await failures.reward(key);
        },
        succeeded: async () => {
          await Promise.all([failures.delete(key), turns.delete(key)]);
        },
      };
      if (wait === 0) return { wait: null, attempt: ends };
      const turn = await consumeOrWait(turns, key, wait);
      if (turn !== null) {
        await failures.reward(key);
        return { wait: turn };
      }
      return {
        wait: null,
        attempt: {
          ...ends,
          // Not a failure after all: neither its count nor its wait stays.
          release: async () => {
            await Promise.all([failures.reward(key), turns.delete(key)]);
          },
        },
      };
    },
  };
}

// Untrusted clients (no device cookie for the account): per account, whatever the address.
const accountDelays = growingDelays("sign-in-account", () => env().LOGIN_FAILURES_PER_ACCOUNT);
// A browser with the account's device cookie: per cookie, and nothing else.
const deviceDelays = growingDelays("sign-in-device", () => env().LOGIN_FAILURES_PER_ACCOUNT);

let addressLimiter: RateLimiterAbstract | undefined;

/**
 * Untrusted clients' attempts from one address whatever the account: an address trying many
 * accounts. Counted before they are sent like the accounts' (growingDelays); a success, or an
 * attempt the upstream could not judge, gives its point back.
 */
function addressAttempts(): RateLimiterAbstract {
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

/** Consumes one point of `key` (in a window of `seconds`, when given): null within the limit, else the seconds until the next one. */
async function consumeOrWait(limiter: RateLimiterAbstract, key: string, seconds?: number): Promise<number | null> {
  try {
    await limiter.consume(key, 1, seconds === undefined ? {} : { customDuration: seconds });
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
 * Sign-in throttling after OWASP's "device cookies" design (decision 035); only failures count,
 * and each attempt is counted before it is sent (decision 063). `trustedDevice` is the id of this
 * browser's device cookie when it was issued to `email` by an earlier sign-in: its attempts count
 * per cookie, and no one else's failures can refuse them. Every other attempt is untrusted: growing
 * waits per account from every address together, and LOGIN_FAILURES_PER_DAY per address and day.
 */
export function signInThrottle(context: Readonly<RouterContextProvider>, email: string, trustedDevice?: string) {
  return {
    /**
     * Counts this attempt as a failure before it is sent: the answer is the attempt (to settle
     * once the upstream has answered) or, when this client must wait, the seconds to wait.
     */
    async reserve(): Promise<Reservation> {
      if (trustedDevice !== undefined) return deviceDelays.reserve(trustedDevice);
      const address = clientAddress(context);
      const perAddress = await consumeOrWait(addressAttempts(), address);
      if (perAddress !== null) return { wait: perAddress };
      const giveAddressBack = async () => {
        await addressAttempts().reward(address);
      };
      const account = await accountDelays.reserve(accountKey(email));
      if (account.wait !== null) {
        await giveAddressBack();
        return account;
      }
      const { attempt } = account;
      return {
        wait: null,
        attempt: {
          failed: attempt.failed,
          release: async () => {
            await Promise.all([attempt.release(), giveAddressBack()]);
          },
          // A success gives the address its point back and ends the account's run. A trusted
          // browser's success (deviceDelays) leaves the untrusted count alone: the owner signing in
          // daily does not hand a guesser fresh free tries.
          succeeded: async () => {
            await Promise.all([attempt.succeeded(), giveAddressBack()]);
          },
        },
      };
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
