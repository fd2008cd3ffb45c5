/**
 * The citizenship queue (docs/product.md#citizenship-queue): which request an admin sees, the
 * claims that keep two admins apart, and the queue's decisions, built on the approve and reject
 * of decide-badge.server.ts. The claims, decisions, day counts and skip lists live in the claim
 * store (app/session/claims.server.ts; decision 056).
 */
import { replace } from "react-router";

import { badgeDecision, decided } from "./decide-badge.server";
import { memberHistoryHref, QUEUE_PATH, requestPath } from "./review-links";
import { detailsHref, passportHref } from "~/routes/admin/users/user-links";
import { env } from "~/config/env.server";
import { parseForm } from "~/forms/form-data.server";
import { MemberMessageSchema, RejectReasonSchema } from "~/forms/review-queue.server";
import { MODERATION_REASONS, OTHER_REASON, reasonLine } from "~/forms/moderation-reasons";
import { formatDateTime } from "~/lib/format";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { toLocalDateTime } from "~/lib/local-datetime";
import { logLine } from "~/lib/log.server";
import { rowAction } from "~/recipe/action.server";
import { invalidSubmission, loadFailure } from "~/recipe/failure.server";
import { type AuditRecord, recordAudit, recordAuditEntry, recordsItsOwnEntries } from "~/session/audit.server";
import { type Claim, claimStore, type DecisionRecord } from "~/session/claims.server";
import { may } from "~/session/permissions";
import { replaceWithInfo } from "~/session/toast.server";
import { displayName, getCurrentUser } from "~/session/user.server";
import type { BadgeRequest } from "~/upstream/contract/users";
import { isUpstreamError } from "~/upstream/errors";
import { safeFileLink } from "~/upstream/file-links.server";
import { listPendingBadges } from "~/upstream/moderation.server";
import { sendNotificationToUser } from "~/upstream/notifications.server";
import { getUser } from "~/upstream/users.server";

/** How long opening a request keeps it for the admin who opened it. */
export const CLAIM_MS = 5 * 60_000;
/** How long the panel remembers who decided a request (to tell the admin who comes second). */
const DECISION_KEPT_MS = 30 * 86_400_000;
/** How long a skip keeps a request out of an admin's queue, from their last skip. */
const SKIP_KEPT_MS = 60 * 60_000;

/** The push title of a rejection's message to the member. */
export const MEMBER_MESSAGE_TITLE = "Your citizenship request";
/** The admin as the queue names them: their email, else the name the shell shows. */
function adminOf(request: Request): string {
  const user = getCurrentUser(request);
  return user.email ?? displayName(user);
}

/** The day an instant falls on in the panel's time zone (YYYY-MM-DD): the "decided today" count's key. */
const dayOf = (instant: number, timeZone: string) => toLocalDateTime(instant, timeZone).slice(0, 10);

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as the empty queue's list says since when a claim runs: '10:02 AM' today, else with its date. */
function sinceText(instant: number, now: number, timeZone: string): string {
  if (dayOf(instant, timeZone) !== dayOf(now, timeZone)) return formatDateTime(instant, timeZone);
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone });
    timeFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

/** How long something has waited, in the largest whole unit: "less than a minute", "5 minutes", "3 days". */
export function waitedFor(ms: number): string {
  const units = [
    ["day", 86_400_000],
    ["hour", 3_600_000],
    ["minute", 60_000],
  ] as const;
  for (const [unit, size] of units) {
    const count = Math.floor(ms / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? "" : "s"}`;
  }
  return "less than a minute";
}

/** What the page says of a live claim by another admin. */
export const beingReviewed = (claim: Claim, timeZone: string) =>
  `Being reviewed by ${claim.admin} since ${formatDateTime(claim.since, timeZone)}`;

/** What the admin who comes second is told. */
export const alreadyDecided = (record: DecisionRecord, timeZone: string) =>
  `Already ${record.decision === "approve" ? "approved" : "rejected"} by ${record.admin} at ${formatDateTime(record.doneAt ?? record.at, timeZone)}`;

/** A pending request as the queue shows it. */
export interface ReviewRequest {
  id: string;
  name: string;
  email: string;
  phone: string;
  country: string;
  avatar: string | null;
  /** The passport download, when the member has one (or when their details could not be read). */
  passport: string | null;
  waiting: string;
  /** When the panel first listed the request as pending: as shown, and as an ISO instant. */
  firstSeen: { text: string; iso: string };
  /** The member's details (user details, whose Back returns here). */
  details: string;
  /** The member's History in the audit trail (earlier rejections, bans), for an admin who may read it. */
  history: string | null;
}

/** A request another admin holds, as the empty queue names it. */
export interface HeldRequest {
  id: string;
  name: string;
  admin: string;
  since: string;
}

/** What the queue shows under its header. */
export type QueueView =
  | { kind: "error"; message: string }
  | { kind: "empty"; pending: number; skipped: number; held: HeldRequest[] }
  | { kind: "gone"; message: string }
  | { kind: "request"; request: ReviewRequest; claimedBy: string | null; reasons: readonly string[] };

/** The queue's header figures. */
export interface QueueStats {
  pending: number;
  oldestWaiting: string | null;
  decidedToday: number;
}

/** The request's details beyond the pending list: the passport and country (GET /users/{id}). */
async function memberDetails(request: Request, id: string) {
  try {
    return await getUser(request, id);
  } catch (error) {
    if (isUpstreamError(error)) return null;
    throw error;
  }
}

/** What the queue calls a request: its member's name, else their email. */
const requestName = (badge: BadgeRequest) => badge.fullName?.trim() || badge.email;

async function reviewRequest(
  request: Request,
  badge: BadgeRequest,
  { seen, now, zone }: { seen: number; now: number; zone: string },
): Promise<ReviewRequest> {
  const details = await memberDetails(request, badge.id);
  const hasPassport = details ? Boolean(details.passport?.trim()) : true;
  const here = requestPath(badge.id);
  return {
    id: badge.id,
    name: badge.fullName?.trim() ?? "",
    email: badge.email,
    phone: badge.phone?.trim() ?? "",
    country: details?.country?.trim() ?? "",
    avatar: safeFileLink(badge.profilePic),
    passport: hasPassport ? passportHref(badge.id, here) : null,
    waiting: waitedFor(now - seen),
    firstSeen: { text: formatDateTime(seen, zone), iso: new Date(seen).toISOString() },
    details: detailsHref(badge.id, here),
    history: may(getCurrentUser(request).role, "read-audit") ? memberHistoryHref(badge.id) : null,
  };
}

/**
 * The queue's loader: the pending requests, oldest first (by when the panel first saw each, then
 * the upstream's order); with `id`, that request, else the oldest one neither skipped by this
 * admin nor claimed by another. Opening a request claims it for CLAIM_MS.
 */
export async function loadQueue(request: Request, id: string | undefined) {
  let pending: BadgeRequest[];
  try {
    pending = await listPendingBadges(request);
  } catch (error) {
    return loadFailure(error, { stats: null, view: { kind: "error", message: LIST_LOAD_ERROR } as QueueView });
  }
  const store = claimStore();
  const admin = adminOf(request);
  const zone = env().APP_TIMEZONE;
  const now = Date.now();
  const ids = pending.map((badge) => badge.id);
  const [seen, claims, skipped, decidedToday] = await Promise.all([
    store.firstSeen(ids),
    store.claims(ids),
    store.skipped(admin),
    store.decidedOn(dayOf(now, zone)),
  ]);
  const ordered = pending
    .map((badge, index) => ({ badge, index, seen: seen.get(badge.id) ?? now }))
    .sort((a, b) => a.seen - b.seen || a.index - b.index);
  const stats: QueueStats = {
    pending: pending.length,
    oldestWaiting: ordered[0] ? waitedFor(now - ordered[0].seen) : null,
    decidedToday,
  };
  const shown = async (entry: (typeof ordered)[number], claim: Claim) => ({
    stats,
    view: {
      kind: "request",
      request: await reviewRequest(request, entry.badge, { seen: entry.seen, now, zone }),
      claimedBy: claim.admin === admin ? null : beingReviewed(claim, zone),
      reasons: [...MODERATION_REASONS.reject, OTHER_REASON],
    } as QueueView,
  });

  if (id !== undefined) {
    const entry = ordered.find((candidate) => candidate.badge.id === id);
    if (!entry) {
      const record = await store.decision(id);
      return {
        stats,
        view: { kind: "gone", message: record ? alreadyDecided(record, zone) : decided(false)! } as QueueView,
      };
    }
    return shown(entry, await store.claim(id, admin, CLAIM_MS));
  }
  for (const entry of ordered) {
    const held = claims.get(entry.badge.id);
    if (skipped.has(entry.badge.id) || (held && held.admin !== admin)) continue;
    // Another admin may have claimed it since the claims were read: then on to the next one.
    const claim = await store.claim(entry.badge.id, admin, CLAIM_MS);
    if (claim.admin === admin) return shown(entry, claim);
  }
  const held = ordered.flatMap(({ badge }): HeldRequest[] => {
    const claim = claims.get(badge.id);
    if (!claim || claim.admin === admin) return [];
    return [{ id: badge.id, name: requestName(badge), admin: claim.admin, since: sinceText(claim.since, now, zone) }];
  });
  const view: QueueView = {
    kind: "empty",
    pending: pending.length,
    skipped: ids.filter((pendingId) => skipped.has(pendingId)).length,
    held,
  };
  return { stats, view };
}

/** The reject fields, read apart from the intent's schema: the reason (required) and the member's message. */
function rejectFields(form: FormData) {
  const reason = parseForm(form, RejectReasonSchema);
  const message = parseForm(form, MemberMessageSchema);
  if (reason.ok && message.ok)
    return { ok: true as const, reason: reasonLine(reason.data), message: message.data.message };
  return {
    ok: false as const,
    errors: { ...(reason.ok ? {} : reason.errors), ...(message.ok ? {} : message.errors) },
    values: { ...reason.values, ...message.values },
  };
}

/** How a step the upstream failed ends in the trail: failed with its status, or unknown without an answer. */
function failureOutcome(error: unknown): Pick<AuditRecord, "result" | "status" | "detail"> {
  const failure = isUpstreamError(error) ? error : null;
  return {
    result: failure?.failure === "outcome-unknown" ? "unknown" : "failed",
    status: failure?.status ?? null,
    detail: failure?.message ?? null,
  };
}

/**
 * Approve or reject from the queue: the approve and reject of /badge-requests (badgeDecision: its
 * call, texts and "no longer pending" check), with the queue's rules around it. A request another
 * admin holds is refused (its page says who); the decision is noted in the claim store before it
 * is sent, so of two admins deciding the same request only the first reaches the upstream and the
 * second is told who decided; a reject's message goes to the member once the rejection is done.
 * Success goes on to the next request.
 */
export async function decideInQueue(request: Request, form: FormData, id: string, decision: "approve" | "reject") {
  const store = claimStore();
  const admin = adminOf(request);
  const zone = env().APP_TIMEZONE;
  const reject = decision === "reject" ? rejectFields(form) : null;
  if (reject && !reject.ok) return invalidSubmission(reject.errors, reject.values);
  const reason = reject?.reason ?? null;
  const base = badgeDecision(request, id, decision);
  let badge: BadgeRequest | undefined;
  let outcome: Pick<AuditRecord, "result" | "status" | "detail"> = { result: "failed" };
  const audit = () =>
    recordAudit({
      admin,
      action: decision,
      target: { kind: "badge-request", id, name: badge ? requestName(badge) : null },
      reason,
      ...outcome,
    });

  const held = (await store.claims([id])).get(id);
  if (held && held.admin !== admin) {
    const notice = beingReviewed(held, zone);
    outcome = { result: "refused", detail: notice };
    audit();
    return replaceWithInfo(request, requestPath(id), notice);
  }

  const answer = await rowAction(request, QUEUE_PATH, {
    current: async () => {
      const listedAt = Date.now();
      badge = (await listPendingBadges(request)).find((candidate) => candidate.id === id);
      if (!badge) return { pending: false, before: await store.decision(id) };
      const record = { admin, decision, at: Date.now() };
      return { pending: true, before: await store.noteDecision(id, record, DECISION_KEPT_MS, listedAt) };
    },
    stale: ({ pending, before }) => {
      const why = before ? alreadyDecided(before, zone) : decided(pending);
      if (why) outcome = { result: "refused", detail: why };
      return why;
    },
    send: async () => {
      let message: string | null | void;
      try {
        message = await base.send();
      } catch (error) {
        outcome = failureOutcome(error);
        // A call with no answer may have been decided: its note stays (done now), so the admin who
        // comes next is told; a request still pending on a later read may be decided again.
        await (outcome.result === "unknown" ? store.markDone(id, admin, Date.now()) : store.forgetDecision(id, admin));
        throw error;
      }
      outcome = { result: "done", status: 200 };
      const doneAt = Date.now();
      await Promise.all([
        store.markDone(id, admin, doneAt),
        store.countDecision(dayOf(doneAt, zone)),
        store.release(id, admin),
      ]);
      const text = message?.trim() || base.done;
      if (reject?.message && badge) {
        try {
          await sendNotificationToUser(request, {
            email: badge.email,
            title: MEMBER_MESSAGE_TITLE,
            body: reject.message,
          });
        } catch (error) {
          if (!isUpstreamError(error)) throw error;
          logLine("warn", "queue: the rejection's message to the member was not sent", { id, status: error.status });
          return `${text}. The message to the member could not be sent`;
        }
      }
      return text;
    },
    done: base.done,
    failed: base.failed,
  });
  audit();
  return answer;
}

/** The request's state for skip and take over: the pending request, or what the admin is told when it is gone. */
async function pendingOrGone(request: Request, id: string) {
  const badge = (await listPendingBadges(request)).find((candidate) => candidate.id === id);
  if (badge) return { badge, gone: null };
  const record = await claimStore().decision(id);
  return { badge, gone: record ? alreadyDecided(record, env().APP_TIMEZONE) : decided(false) };
}

/** What the trail says a skip and "Show skipped requests again" did: the panel's own steps, which send nothing. */
const PANEL_ONLY = "panel only, nothing sent upstream";
const SKIP_DONE = `out of their queue for an hour; ${PANEL_ONLY}`;
const unskipDone = (count: number) =>
  `${count} skipped request${count === 1 ? "" : "s"} back in their queue; ${PANEL_ONLY}`;

/**
 * The entry of a queue step the panel does alone (skip, show the skipped again). Recorded by the
 * step itself: the audit middleware would read "reads, then a redirect" as a refusal. Awaited, as
 * the middleware's entries are, so the next page (/audit included) shows it.
 */
async function auditPanelStep(record: AuditRecord): Promise<void> {
  recordsItsOwnEntries();
  await recordAuditEntry(record);
}

/**
 * Skip: the request leaves this admin's queue for a while (SKIP_KEPT_MS, from their last skip)
 * and their claim on it ends; on to the next request. Only a pending request is skipped, so the
 * list holds no more than the pending requests. Its audit entry is its own: done, or refused when
 * the request is no longer pending, or failed when the pending list could not be read.
 */
export async function skipInQueue(request: Request, id: string) {
  const store = claimStore();
  const admin = adminOf(request);
  let badge: BadgeRequest | undefined;
  let outcome: Pick<AuditRecord, "result" | "status" | "detail"> = { result: "failed" };
  const answer = await rowAction(request, QUEUE_PATH, {
    current: async () => {
      try {
        const state = await pendingOrGone(request, id);
        badge = state.badge;
        return state;
      } catch (error) {
        outcome = failureOutcome(error);
        throw error;
      }
    },
    stale: ({ gone }) => {
      if (gone) outcome = { result: "refused", detail: gone };
      return gone;
    },
    send: async () => {
      await Promise.all([store.skip(admin, id, SKIP_KEPT_MS), store.release(id, admin)]);
      outcome = { result: "done", detail: SKIP_DONE };
    },
    failed: LIST_LOAD_ERROR,
  });
  await auditPanelStep({
    admin,
    action: "skip",
    target: { kind: "badge-request", id, name: badge ? requestName(badge) : null },
    ...outcome,
  });
  return answer;
}

/** "Show skipped requests again": empties this admin's skip list; its audit entry says how many came back. */
export async function unskipInQueue(request: Request) {
  const store = claimStore();
  const admin = adminOf(request);
  const count = (await store.skipped(admin)).size;
  await store.clearSkipped(admin);
  await auditPanelStep({ admin, action: "unskip", result: "done", detail: unskipDone(count) });
  return replace(QUEUE_PATH);
}

/** Take over: the request becomes this admin's, whoever held it; audited with who held it before. */
export async function takeOverInQueue(request: Request, id: string) {
  const store = claimStore();
  const admin = adminOf(request);
  let badge: BadgeRequest | undefined;
  return rowAction(request, requestPath(id), {
    current: async () => {
      const state = await pendingOrGone(request, id);
      badge = state.badge;
      return state;
    },
    stale: ({ gone }) => gone,
    send: async () => {
      const before = (await store.claims([id])).get(id);
      await store.takeOver(id, admin, CLAIM_MS);
      recordAudit({
        admin,
        action: "take-over",
        target: { kind: "badge-request", id, name: badge ? requestName(badge) : null },
        result: "done",
        detail: before && before.admin !== admin ? `taken over from ${before.admin}` : null,
      });
    },
    done: "You are now reviewing this request",
    failed: LIST_LOAD_ERROR,
  });
}
