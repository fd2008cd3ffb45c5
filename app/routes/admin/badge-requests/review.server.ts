/**
 * The citizenship queue (docs/product.md#citizenship-queue): which request an admin sees, the
 * reviews that keep two admins apart (the one claim per target, app/state/claims.server.ts), and
 * the queue's decisions, the approve and reject of the screen's table (badge-actions.server.ts)
 * through the outcome core.
 * The day counts, skip lists and first-seen times live in the queue store
 * (queue-store.server.ts; decisions 056, 067). What each of its buttons posts is here too
 * (QueueActionSchema), read by its action only.
 */
import { replace } from "react-router";
import * as z from "zod/mini";

import { BADGE_TABLE, decidedStale, readBadgeRequest, whoDecided } from "./badge-actions.server";
import * as queueStore from "./queue-store.server";
import { memberHistoryHref, QUEUE_PATH, requestPath } from "./review-links";
import { detailsHref, passportHref } from "~/routes/admin/users/user-links";
import { savedMessagePicker } from "~/components/moderation/saved-message-picker.server";
import type { SavedMessagePickerView } from "~/components/moderation/saved-message-picker";
import { env } from "~/config/env.server";
import { parseForm } from "~/forms/form-data.server";
import { entityId, UNKNOWN_ACTION } from "~/forms/fields";
import {
  MemberMessageSchema,
  MODERATION_REASONS,
  OTHER_REASON,
  reasonFields,
  reasonLine,
} from "~/forms/moderation-reasons";
import { formatDateTime } from "~/lib/format";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { toLocalDateTime } from "~/lib/local-datetime";
import { logLine } from "~/lib/log.server";
import { answerOutcome, tableRowAction, applyAction, heldBy } from "~/recipe/outcome.server";
import { invalidSubmission, loadFailure } from "~/recipe/failure.server";
import { recordAuditEntry, recordsItsOwnEntries } from "~/audit/record.server";
import { firstSeen } from "~/insights/pending.server";
import { type Claim, claimsOn, claimToReview, takeOverReview } from "~/state/claims.server";
import { may } from "~/session/permissions";
import { replaceWithError, replaceWithInfo, replaceWithSuccess } from "~/session/toast.server";
import { displayName, getCurrentUser, requireUser } from "~/session/user.server";
import type { BadgeRequest } from "~/upstream/contract/users";
import { isUpstreamError } from "~/upstream/errors";
import { safeFileLink } from "~/upstream/file-links.server";
import { listPendingBadges } from "~/upstream/moderation.server";
import { getUser } from "~/upstream/users.server";
import { type NoteSummary, noteSummaries } from "~/state/staff-notes.server";

/** How long opening a request keeps it for the admin who opened it. */
export const CLAIM_MS = 5 * 60_000;
/** How long a skip keeps a request out of an admin's queue, from their last skip. */
const SKIP_KEPT_MS = 60 * 60_000;

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
  /** The member's staff notes in short: how many, and the newest (docs/product.md#staff-notes). */
  notes: NoteSummary | null;
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
  | {
      kind: "request";
      request: ReviewRequest;
      claimedBy: string | null;
      reasons: readonly string[];
      /** Reject's saved messages to the member, and the one chosen (`?saved=`). */
      picker: SavedMessagePickerView;
    };

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
  const [details, notes] = await Promise.all([memberDetails(request, badge.id), noteSummaries([badge.id], zone)]);
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
    history: may((await requireUser(request)).panelRole, "read-audit") ? memberHistoryHref(badge.id) : null,
    notes: notes.get(badge.id) ?? null,
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
  const admin = adminOf(request);
  const zone = env().APP_TIMEZONE;
  const now = Date.now();
  const ids = pending.map((badge) => badge.id);
  const [seen, claims, skipped, decidedToday] = await Promise.all([
    firstSeen(ids, zone, now),
    claimsOn("badge-request", ids),
    queueStore.skipped(admin),
    queueStore.decidedOn(dayOf(now, zone)),
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
      claimedBy: claim.admin === admin ? null : heldBy(claim, admin, zone),
      reasons: [...MODERATION_REASONS.reject, OTHER_REASON],
      picker: await savedMessagePicker(request, "reject-citizenship"),
    } as QueueView,
  });
  const review = (badgeId: string) => claimToReview({ kind: "badge-request", id: badgeId }, admin, CLAIM_MS);

  if (id !== undefined) {
    const entry = ordered.find((candidate) => candidate.badge.id === id);
    if (!entry) return { stats, view: { kind: "gone", message: await whoDecided(id) } as QueueView };
    return shown(entry, await review(id));
  }
  for (const entry of ordered) {
    const held = claims.get(entry.badge.id);
    if (skipped.has(entry.badge.id) || (held && held.admin !== admin)) continue;
    // Another admin may have claimed it since the claims were read: then on to the next one.
    const claim = await review(entry.badge.id);
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

const requestId = () => entityId("Request id is required");

/**
 * What each of the queue's buttons posts (docs/product.md#citizenship-queue): a decision (reject's
 * own fields are read by rejectFields), Skip, Take over, and "Show skipped requests again".
 */
export const QueueActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), id: requestId() }),
    z.object({ intent: z.literal("reject"), id: requestId() }),
    z.object({ intent: z.literal("skip"), id: requestId() }),
    z.object({ intent: z.literal("take-over"), id: requestId() }),
    z.object({ intent: z.literal("unskip") }),
  ],
  { error: UNKNOWN_ACTION },
);

/** Reject's reason: the shared list plus "Other". */
const RejectReasonSchema = reasonFields("reject");

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

/**
 * Approve or reject from the queue, as straight-line code: check the fields, then the outcome core
 * (the admin's review of the request becomes their hold on it; another admin's is refused and
 * named; the request is read and refused when decided, naming who decided; the decision is sent
 * and recorded), count the day's decision, send the member the rejection's message, and go on to
 * the next request. The same approve and reject as /badge-requests (badge-actions.server.ts).
 */
export async function decideInQueue(request: Request, form: FormData, id: string, decision: "approve" | "reject") {
  const admin = adminOf(request);
  const zone = env().APP_TIMEZONE;
  const reject = decision === "reject" ? rejectFields(form) : null;
  if (reject && !reject.ok) return invalidSubmission(reject.errors, reject.values);
  const row = tableRowAction(request, BADGE_TABLE, decision, id);

  const { outcome, found } = await applyAction({ ...row, admin, reason: reject?.reason ?? null }, zone);
  if (outcome.result === "refused" && !outcome.refusal)
    return replaceWithInfo(
      request,
      outcome.why.startsWith("Being reviewed") ? requestPath(id) : QUEUE_PATH,
      outcome.why,
    );
  if (outcome.result !== "done") return answerOutcome(request, QUEUE_PATH, outcome, row);

  await queueStore.countDecision(dayOf(Date.now(), zone));
  const text = outcome.message || row.done!;
  const sent = reject?.message && found?.state ? await messageMember(request, id, found.state, reject.message) : true;
  return replaceWithSuccess(request, QUEUE_PATH, sent ? text : `${text}. The message to the member could not be sent`);
}

/** Sends a rejected member the admin's message (the table's push call); false when it could not be sent. */
async function messageMember(request: Request, id: string, state: BadgeRequest, text: string): Promise<boolean> {
  try {
    await BADGE_TABLE.actions.reject.message?.send(request, id, state, text);
    return true;
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    logLine("warn", "queue: the rejection's message to the member was not sent", { status: error.status });
    return false;
  }
}

/** What the trail says a skip and "Show skipped requests again" did: the panel's own steps, which send nothing. */
const PANEL_ONLY = "panel only, nothing sent upstream";
const SKIP_DONE = `out of their queue for an hour; ${PANEL_ONLY}`;
const unskipDone = (count: number) =>
  `${count} skipped request${count === 1 ? "" : "s"} back in their queue; ${PANEL_ONLY}`;

/**
 * Skip: the request leaves this admin's queue for a while (SKIP_KEPT_MS, from their last skip)
 * and their review of it ends; on to the next request. Only a pending request is skipped, so the
 * list holds no more than the pending requests. A step of the panel's own, through the outcome
 * core like any other: done, refused when the request is no longer pending, or failed when the
 * pending list could not be read.
 */
export async function skipInQueue(request: Request, id: string) {
  const admin = adminOf(request);
  const { outcome } = await applyAction(
    {
      target: { kind: "badge-request", id },
      action: "skip",
      admin,
      read: () => readBadgeRequest(request, id),
      stale: (state) => decidedStale(state, id),
      // The core's hold ends with the step: the skip list alone keeps it out of the queue.
      send: () => queueStore.skip(admin, id, SKIP_KEPT_MS),
      panelOnly: true,
      doneDetail: () => SKIP_DONE,
    },
    env().APP_TIMEZONE,
  );
  return answerOutcome(request, QUEUE_PATH, outcome, { failed: LIST_LOAD_ERROR });
}

/** "Show skipped requests again": empties this admin's skip list; its audit entry says how many came back. */
export async function unskipInQueue(request: Request) {
  const admin = adminOf(request);
  const count = (await queueStore.skipped(admin)).size;
  await queueStore.clearSkipped(admin);
  recordsItsOwnEntries();
  await recordAuditEntry({ admin, action: "unskip", result: "done", detail: unskipDone(count) });
  return replace(QUEUE_PATH);
}

/** Take over: the request's review becomes this admin's, whoever held it; audited with who held it before. */
export async function takeOverInQueue(request: Request, id: string) {
  const admin = adminOf(request);
  const found = await readBadgeRequest(request, id).catch((error: unknown) => {
    if (isUpstreamError(error)) return null;
    throw error;
  });
  if (!found) return replaceWithError(request, requestPath(id), LIST_LOAD_ERROR);
  if (!found.state) return replaceWithInfo(request, requestPath(id), await whoDecided(id));
  const before = await takeOverReview({ kind: "badge-request", id }, admin, CLAIM_MS);
  recordsItsOwnEntries();
  await recordAuditEntry({
    admin,
    action: "take-over",
    target: { kind: "badge-request", id, name: found.name },
    result: "done",
    detail: before && before.admin !== admin ? `taken over from ${before.admin}` : null,
  });
  return replaceWithSuccess(request, requestPath(id), "You are now reviewing this request");
}
