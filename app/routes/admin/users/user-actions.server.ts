/**
 * The users screen's action table, its server half (user-actions.ts has the browser's: how each
 * action is confirmed, and its check): each action's label, reason, check, upstream call, toasts
 * and the trail's word (app/recipe/action-table.server.ts). The route's intent schema and
 * `switch`, the bulk actions and History read it. Typed from the browser half's keys: an action
 * in one half and not the other fails the typecheck.
 *
 * Beside it, `usersBulk`: the list's bulk actions (app/bulk/bulk-list.ts), the same entries on the
 * items a selection names or the list's query matches; and the ban's terms (its entry's `terms`:
 * what the confirmation offers, how a post reads them, what a done ban or un-ban keeps).
 */
import { banStale, unbanStale, type UserIntent, type UserState, userState, verifyStale } from "./user-actions";
import {
  type ActionTable,
  type ActionTerms,
  rowIntentSchema,
  tableIntents,
  type TermsRead,
  type Found,
} from "~/recipe/action-table.server";
import type { RowAction } from "~/recipe/outcome.server";
import { invalidSubmission } from "~/recipe/failure.server";
import { clearBanEnd, setBanEnd } from "~/bans/ban-ends.server";
import { addStrike } from "~/bans/strikes.server";
import { env } from "~/config/env.server";
import { BanDurationSchema, BanMessageSchema } from "~/forms/ban-terms";
import { type FormErrors, parseForm } from "~/forms/form-data.server";
import { reasonFields, reasonLine } from "~/forms/moderation-reasons";
import {
  BAN_TEXTS,
  type BanDuration,
  type BanEndRead,
  type BanOffer,
  DURATION_DAYS,
  parseLadder,
} from "~/lib/ban-ladder";
import { now } from "~/lib/clock.server";
import { localDateTimeToIso, toLocalDateTime } from "~/lib/local-datetime";
import { logLine } from "~/lib/log.server";
import { POST_WARN_TEXTS, WARN_TEXTS, WarnTextSchema } from "~/forms/warning";
import { getCurrentUser } from "~/session/user.server";
import { isUpstreamError } from "~/upstream/errors";
import { banUser, getUser, isAdminUser, unbanUser, verifyUser } from "~/upstream/users.server";
import { userPages } from "./list-rows.server";
import { sendNotificationToUser } from "~/upstream/notifications.server";
import type { BulkList } from "~/bulk/bulk-list";
import { findEach } from "~/bulk/find-each.server";
import type { User } from "~/upstream/contract/users";

/**
 * A user's current state and name, the read of the row actions before they send (user-actions.ts
 * checks it; the audit entry names the user as read).
 */
async function readUser(request: Request, id: string): Promise<Found<UserState>> {
  const state = userState(await getUser(request, id));
  return { name: state.label, state };
}

/** The push title of a message to a member about their account (a ban's, a warning's). */
export const MEMBER_PUSH_TITLE = "About your account";

/** Sends `text` to the member through the push call; their address is read from their account, never from a form. */
export async function pushToMember(request: Request, id: string, _state: UserState | null, text: string) {
  const user = await getUser(request, id);
  return sendNotificationToUser(request, { email: user.email, title: MEMBER_PUSH_TITLE, body: text });
}

// ---------------------------------------------------------------------------------------------
// The ban's terms (docs/product.md#bans-with-an-end, decision 074): what the confirmation offers,
// the end a posted duration comes to, how a post reads them, and what a done ban or un-ban leaves
// in the panel's state (the pending end, bans/ban-ends.server.ts; the strike, bans/strikes.server.ts).

const DAY_MS = 24 * 3600 * 1000;

/** The ban confirmation's offer, from the environment (the list's, user details' and the bulk review's). */
export function banOffer(): BanOffer {
  const { BAN_LADDER, STRIKE_LAPSE_DAYS, BAN_END_EMAIL, APP_TIMEZONE } = env();
  return {
    ladder: parseLadder(BAN_LADDER) ?? ["permanent"],
    lapseDays: STRIKE_LAPSE_DAYS,
    timed: Boolean(BAN_END_EMAIL),
    timeZone: APP_TIMEZONE,
    minUntil: toLocalDateTime(now() + 60_000, APP_TIMEZONE),
  };
}

const BAN_TERMS_TEXTS = {
  endNotKept: "The ban is done, but its end could not be kept: un-ban the member by hand when it is due.",
} as const;

/**
 * When a ban of `duration` posted now ends (epoch ms), null for a permanent one, or the message
 * for the `until` field: a time past, or a timed ban on a panel that cannot end it.
 */
function banUntil(duration: BanDuration, until: string | undefined): BanEndRead {
  if (duration === "permanent") return { ok: true, until: null };
  if (!env().BAN_END_EMAIL) return { ok: false, field: "duration", message: BAN_TEXTS.notTimed };
  if (duration !== "until") return { ok: true, until: now() + DURATION_DAYS[duration] * DAY_MS };
  const iso = until ? localDateTimeToIso(until, env().APP_TIMEZONE) : null;
  if (!iso) return { ok: false, field: "until", message: BAN_TEXTS.untilInvalid };
  const at = Date.parse(iso);
  if (at <= now()) return { ok: false, field: "until", message: BAN_TEXTS.untilPast };
  return { ok: true, until: at };
}

/**
 * A ban's terms from one member's posted ban (duration, until, reason, message), checked: the terms
 * to ban with, or the errors and what was typed for the 400 that shows the dialog again.
 */
function readBanTerms(form: FormData, admin: string | null): TermsRead {
  const errors: FormErrors = {};
  const values: Record<string, unknown> = {};
  let until: number | null = null;
  let reason: string | null = null;
  let message: string | null = null;
  // A post without a duration is the plain ban it always was: permanent.
  const duration = form.has("duration")
    ? parseForm(form, BanDurationSchema)
    : ({ ok: true, data: { duration: "permanent", until: undefined }, values: {} } as const);
  Object.assign(values, duration.values);
  if (!duration.ok) Object.assign(errors, duration.errors);
  else {
    const end = banUntil(duration.data.duration, duration.data.until);
    if (end.ok) until = end.until;
    else errors[end.field] = { type: "custom", message: end.message };
  }
  // The reason is asked, not required, of one member's ban (a row ban never needed one); the bulk Confirm requires it.
  if ((form.get("reason") ?? "") !== "") {
    const reasonForm = parseForm(form, reasonFields("ban"));
    Object.assign(values, reasonForm.values);
    if (reasonForm.ok) reason = reasonLine(reasonForm.data);
    else Object.assign(errors, reasonForm.errors);
  }
  const messageForm = parseForm(form, BanMessageSchema);
  Object.assign(values, messageForm.values);
  if (messageForm.ok) message = messageForm.data.message || null;
  else Object.assign(errors, messageForm.errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, value: { until, reason, admin, message } };
}

/**
 * After a done ban: its end kept (a permanent ban, or a ban with no terms, forgets any pending end)
 * and a strike recorded. Answers a warning to add to what the admin is told, when the end could not
 * be kept (the ban itself is done; the log says why).
 */
async function afterBan(userId: string, terms: ActionTerms | undefined): Promise<string | null> {
  try {
    if (terms?.until) await setBanEnd(userId, { until: terms.until, admin: terms.admin, reason: terms.reason });
    else await clearBanEnd(userId);
  } catch (error) {
    logLine("error", "a ban's end was not kept", { user: userId, error: String(error) });
    return BAN_TERMS_TEXTS.endNotKept;
  }
  try {
    await addStrike(userId, { kind: "ban", reason: terms?.reason ?? null, admin: terms?.admin ?? null });
  } catch (error) {
    logLine("error", "a ban's strike was not recorded", { user: userId, error: String(error) });
  }
  return null;
}

/** After a done manual un-ban: the pending end is forgotten (nothing is sent at its time). */
async function afterUnban(userId: string): Promise<void> {
  try {
    await clearBanEnd(userId);
  } catch (error) {
    // The tick reads the member first: a member no longer banned gets no call at the end.
    logLine("error", "a ban's pending end was not cleared", { user: userId, error: String(error) });
  }
}

/** The users screen's actions (docs/product.md#users-list). */
export const USER_TABLE: ActionTable<UserIntent, UserState> = {
  kind: "user",
  read: readUser,
  actions: {
    ban: {
      label: "Ban",
      reason: "ban",
      // How long, why, and the message to the member, read by the recipe from the post (tableAction).
      terms: { offer: banOffer, until: banUntil, read: readBanTerms },
      stale: banStale,
      // Then the end is kept (or a pending one forgotten) and the strike recorded (docs/product.md#bans-with-an-end).
      send: async (request, id, terms) => {
        const answer = await banUser(request, id);
        const warning = await afterBan(id, terms);
        return warning ? `${answer ?? "User banned successfully!"} ${warning}` : answer;
      },
      doneDetail: (message, terms) =>
        terms?.until
          ? [`Banned until ${new Date(terms.until).toISOString()}`, message].filter(Boolean).join(": ")
          : message,
      done: "User banned successfully!",
      failed: "Failed to ban user",
      records: "banned",
      // The optional message to the member, through the push call, once the ban is done.
      message: { defaultText: "", send: pushToMember, saved: "ban" },
    },
    unban: {
      label: "Un-Ban",
      stale: unbanStale,
      // A manual un-ban replaces the pending end: nothing is sent at its time.
      send: async (request, id) => {
        const answer = await unbanUser(request, id);
        await afterUnban(id);
        return answer;
      },
      done: "User un-banned successfully!",
      failed: "Failed to unban user",
      records: "unbanned",
    },
    verify: {
      label: "Verify",
      stale: verifyStale,
      send: verifyUser,
      done: "User verified successfully!",
      failed: "Failed to verify user",
      records: "verified",
    },
  },
};

/** The users list's posts (docs/product.md#users-list): one of the table's intents, on one user. */
export const UserRowActionSchema = rowIntentSchema(tableIntents(USER_TABLE), "User id is invalid");

/** What the list's bulk actions act on (docs/product.md#bulk-actions): every action of the table, on the users the list holds. */
export const usersBulk: BulkList<UserState, User, UserIntent> = {
  path: "users",
  title: "Users",
  noun: { one: "user", many: "users" },
  table: USER_TABLE,
  // An administrator is never on the list (docs/product.md#users-list): one named is a tampered selection.
  find: (request, ids) =>
    findEach(ids, async (id) => {
      const user = await getUser(request, id);
      return isAdminUser(user) ? null : usersBulk.fromRow(user);
    }),
  pages: userPages,
  fromRow: (user) => {
    const state = userState(user);
    return { id: state.id, name: state.label, state };
  },
  itemHref: ({ id }) => `/users/${encodeURIComponent(id)}`,
};

/** A warning as Warn's form gives it (readWarning), and the post it concerns, if any. */
export interface Warning {
  reason: string;
  text: string;
  admin: string | null;
  /** The post "Delete and warn the author" deleted (docs/product.md#posts). */
  post?: { id: string; title: string } | null;
}

/**
 * Warn's form (docs/product.md#warnings-and-strikes), on user details and in a post's "Delete and
 * warn the author": a reason from the moderation list and the message to the member, both
 * required. Refused: the 400 with every message and what was typed.
 */
export function readWarning(request: Request, form: FormData) {
  const reason = parseForm(form, reasonFields("ban"));
  const text = parseForm(form, WarnTextSchema);
  if (!reason.ok || !text.ok) {
    const errors = { ...(reason.ok ? {} : reason.errors), ...(text.ok ? {} : text.errors) };
    return { ok: false as const, rejected: invalidSubmission(errors, { ...reason.values, ...text.values }) };
  }
  const warning: Warning = {
    reason: reasonLine(reason.data),
    text: text.data.text,
    admin: getCurrentUser(request).email,
  };
  return { ok: true as const, warning };
}

/**
 * Warn (docs/product.md#warnings-and-strikes): records a strike with its reason and text (and the
 * post it concerns), then pushes the text to the member. A push that fails is said in the answer
 * and kept in the audit entry's detail, never silent; the strike stands (it is the warning). The
 * entry's reason names the post, so the member's History shows which one.
 */
export function warnAction(request: Request, id: string, warning: Warning): RowAction<UserState> {
  const { post = null } = warning;
  return {
    target: { kind: "user", id },
    action: "warn",
    reason: post ? `${warning.reason} — ${POST_WARN_TEXTS.about(post)}` : warning.reason,
    read: () => USER_TABLE.read(request, id),
    send: async () => {
      await addStrike(id, { kind: "warning", reason: warning.reason, text: warning.text, admin: warning.admin, post });
      try {
        await pushToMember(request, id, null, warning.text);
        return WARN_TEXTS.sent;
      } catch (error) {
        if (error instanceof Response) throw error;
        const said = isUpstreamError(error) ? error.messageOr("") : "";
        return said ? `${WARN_TEXTS.notSent}: ${said}` : WARN_TEXTS.notSent;
      }
    },
    failed: WARN_TEXTS.failed,
  };
}
