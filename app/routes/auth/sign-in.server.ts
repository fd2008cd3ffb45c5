/**
 * Sign-in's own parts (docs/product.md#sign-in), shared by every form that checks an admin's
 * password or authentication code: sign-in (login.tsx), its code form (two-factor.tsx),
 * re-authentication (confirm.tsx) and the second factor's settings (account/two-factor.server.ts).
 *
 * - **The attempt**: `reserveSignInAttempt` counts it against the sign-in limits before it is
 *   checked (decision 063; the limits: app/session/rate-limit.server.ts). OWASP's device cookie
 *   (decision 035): after a successful sign-in the browser keeps a signed cookie naming the
 *   account, so its later attempts for that account are judged on their own and are never refused
 *   because of other clients' failures.
 * - **The second factor**: a right password of an admin with one starts no session;
 *   `holdForSecondFactor` keeps the sign-in pending for the code form.
 * - **The trail** (docs/operations.md#audit-trail): a successful sign-in is an entry at once
 *   (`signedIn`). Anyone can post the sign-in form, so a failure is never an entry of its own:
 *   the failures from one client address are gathered for SIGN_IN_AUDIT_SECONDS and written as one
 *   entry with their count and the accounts tried; what was typed is named only when it is shaped
 *   like an email address, so a password typed into the email field never reaches the trail. A
 *   refused attempt (too many) writes nothing: the limits already bound it.
 */
import { randomUUID } from "node:crypto";

import type { RouterContextProvider } from "react-router";
import * as z from "zod/mini";

import type { AuditRecord, AuditResult } from "~/audit/entry";
import { recordAuditEntry } from "~/audit/record.server";
import { env } from "~/config/env.server";
import { pageMemory } from "~/routes/auth/page-memory.server";
import { type Reservation, signInThrottle } from "~/session/rate-limit.server";
import { holdSignIn, type PendingSignIn } from "~/session/second-factor-sign-in.server";
import { secondFactors } from "~/session/second-factor-store.server";
import { isUpstreamError } from "~/upstream/errors";

// Long enough to outlive holidays; it is renewed by every successful sign-in.
const DEVICE_COOKIE_MAX_AGE = 90 * 24 * 60 * 60;

const deviceCookie = pageMemory(
  "panel_device",
  DEVICE_COOKIE_MAX_AGE,
  z.object({ email: z.string(), id: z.string().check(z.minLength(1)) }),
);

/** The id of this browser's device cookie when it was issued for `email`; undefined for any other browser. */
async function trustedDevice(request: Request, email: string): Promise<string | undefined> {
  const device = await deviceCookie.read(request);
  return device && device.email === email.trim().toLowerCase() ? device.id : undefined;
}

/** A Set-Cookie line giving this browser a new device cookie for `email` (after a successful sign-in). */
function issueDeviceCookie(request: Request, email: string): Promise<string> {
  return deviceCookie.remember(request, { email: email.trim().toLowerCase(), id: randomUUID() });
}

/** Reserves this attempt of `email`'s (decision 063): the attempt to settle once checked, or the seconds to wait. */
export async function reserveSignInAttempt(
  context: Readonly<RouterContextProvider>,
  request: Request,
  email: string,
): Promise<Reservation> {
  return signInThrottle(context, email, await trustedDevice(request, email)).reserve();
}

/**
 * A right password of an admin with a second factor (docs/product.md#second-factor): the sign-in
 * waits for the code form, and the Set-Cookie line naming it is the answer; null for an admin without one.
 */
export async function holdForSecondFactor(request: Request, sign: PendingSignIn): Promise<string | null> {
  if (!(await secondFactors().status(String(sign.user.id))).enrolled) return null;
  return holdSignIn(request, sign);
}

/**
 * A sign-in that succeeded: its audit entry (with how the code was given, after the code form),
 * and the Set-Cookie line of this browser's new device cookie.
 */
export async function signedIn(request: Request, email: string, detail?: string): Promise<string> {
  await recordAuditEntry({ admin: email, action: "sign-in", result: "done", ...(detail ? { detail } : {}) });
  return issueDeviceCookie(request, email);
}

/** How one failed sign-in ended (noteSignInFailure gathers them): the upstream's status, or why no answer came. */
export interface SignInFailure {
  result: Extract<AuditResult, "failed" | "unknown">;
  status: number | null;
  detail: string | null;
}

/** How a sign-in that threw ends in the trail: failed with the upstream's status, or unknown. */
export function signInFailure(error: unknown): SignInFailure {
  if (!isUpstreamError(error)) return { result: "failed", status: null, detail: "error" };
  if (error.failure !== "http") return { result: "unknown", status: null, detail: error.failure };
  return { result: "failed", status: error.status, detail: null };
}

/** The accounts named in one entry; the rest are counted. */
const NAMED_ACCOUNTS = 5;
/** Addresses gathered at once; past it, failures from new addresses share one gathering. */
const MAX_ADDRESSES = 10_000;
const OTHER_ADDRESSES = "other addresses";

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

interface Gathering {
  firstAt: number;
  count: number;
  accounts: Set<string>;
  otherAccounts: number;
  notEmails: number;
  outcomes: Map<string, number>;
  last: SignInFailure;
  timer: NodeJS.Timeout;
}

const gatherings = new Map<string, Gathering>();

/** Notes a failed sign-in from `address` with what was typed as the email: written within SIGN_IN_AUDIT_SECONDS. */
export function noteSignInFailure(address: string, typed: string, failure: SignInFailure, now = Date.now()): void {
  const key = gatherings.has(address) || gatherings.size < MAX_ADDRESSES ? address : OTHER_ADDRESSES;
  let gathering = gatherings.get(key);
  if (!gathering) {
    gathering = {
      firstAt: now,
      count: 0,
      accounts: new Set(),
      otherAccounts: 0,
      notEmails: 0,
      outcomes: new Map(),
      last: failure,
      timer: setTimeout(() => void writeGathering(key), env().SIGN_IN_AUDIT_SECONDS * 1000).unref(),
    };
    gatherings.set(key, gathering);
  }
  gathering.count++;
  gathering.last = failure;
  const outcome = failure.status === null ? (failure.detail ?? failure.result) : String(failure.status);
  gathering.outcomes.set(outcome, (gathering.outcomes.get(outcome) ?? 0) + 1);
  const email = typed.trim().toLowerCase();
  if (!EMAIL_SHAPE.test(email)) gathering.notEmails++;
  else if (gathering.accounts.has(email)) return;
  else if (gathering.accounts.size < NAMED_ACCOUNTS) gathering.accounts.add(email);
  else gathering.otherAccounts++;
}

/** The entry of one address's gathered failures (pure, so it is tested on its own). */
export function signInFailuresRecord(
  address: string,
  gathering: Pick<Gathering, "firstAt" | "count" | "accounts" | "otherAccounts" | "notEmails" | "outcomes" | "last">,
): AuditRecord {
  const accounts = [...gathering.accounts];
  const outcomes = [...gathering.outcomes].map(([outcome, count]) => `${count} × ${outcome}`).join(", ");
  const tried = [
    ...accounts,
    ...(gathering.otherAccounts > 0 ? [`${gathering.otherAccounts} more accounts`] : []),
    ...(gathering.notEmails > 0 ? [`${gathering.notEmails} not an email address`] : []),
  ].join(", ");
  const attempts = gathering.count === 1 ? "1 failed sign-in" : `${gathering.count} failed sign-ins`;
  const single = gathering.outcomes.size === 1;
  return {
    // Named only when one account alone was tried: the entry is then that account's.
    admin: accounts.length === 1 && gathering.otherAccounts === 0 && gathering.notEmails === 0 ? accounts[0]! : null,
    action: "sign-in",
    result: single ? gathering.last.result : "failed",
    status: single ? gathering.last.status : null,
    detail: `${attempts} from ${address} (${outcomes}): ${tried}`,
    at: gathering.firstAt,
  };
}

async function writeGathering(key: string): Promise<void> {
  const gathering = gatherings.get(key);
  if (!gathering) return;
  gatherings.delete(key);
  clearTimeout(gathering.timer);
  await recordAuditEntry(signInFailuresRecord(key, gathering));
}

/** At shutdown (server.js, before the trail closes): writes every gathering now. */
export async function flushSignInFailures(): Promise<void> {
  await Promise.all([...gatherings.keys()].map(writeGathering));
}
