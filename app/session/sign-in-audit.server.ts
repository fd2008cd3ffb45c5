/**
 * Failed sign-ins in the audit trail (docs/operations.md#audit-trail): anyone can post the sign-in
 * form, so a failure is never an entry of its own. The failures from one client address are
 * gathered for SIGN_IN_AUDIT_SECONDS and written as one entry with their count and the accounts
 * tried; what was typed is named only when it is shaped like an email address, so a password
 * typed into the email field never reaches the trail. A refused attempt (too many) writes nothing:
 * the limits already bound it. A successful sign-in is an entry at once (login.tsx).
 */
import type { AuditRecord, AuditResult } from "~/audit/entry";
import { env } from "~/config/env.server";
import { recordAuditEntry } from "~/audit/record.server";
import { isUpstreamError } from "~/upstream/errors";

/** How one failed sign-in ended (sign-in-audit.server.ts gathers them): the upstream's status, or why no answer came. */
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
