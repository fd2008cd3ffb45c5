/**
 * A ban's terms on the server (docs/product.md#bans-with-an-end, decision 074): the ladder and
 * what the confirmation offers, the end a posted duration comes to, and what a done ban or un-ban
 * leaves in the panel's state (the pending end, the strike).
 */
import { clearBanEnd, setBanEnd } from "~/bans/ban-ends.server";
import { addStrike } from "~/bans/strikes.server";
import { env } from "~/config/env.server";
import { BanDurationSchema, BanMessageSchema } from "~/forms/ban-terms";
import { type FormErrors, parseForm } from "~/forms/form-data.server";
import { reasonFields, reasonLine } from "~/forms/moderation-reasons";
import { BAN_TEXTS, type BanDuration, DURATION_DAYS, type LadderStep, parseLadder } from "~/lib/ban-ladder";
import { now } from "~/lib/clock.server";
import { localDateTimeToIso, toLocalDateTime } from "~/lib/local-datetime";
import { logLine } from "~/lib/log.server";

const DAY_MS = 24 * 3600 * 1000;

/** What the ban confirmation needs to offer its durations (the browser works out the suggestion). */
export interface BanOffer {
  ladder: LadderStep[];
  lapseDays: number;
  /** Whether bans that end are offered: the panel has an account to un-ban with (BAN_END_EMAIL). */
  timed: boolean;
  timeZone: string;
  /** The earliest "until" the form takes, as a datetime-local value. */
  minUntil: string;
}

/** The ban confirmation's offer, from the environment. */
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

export const BAN_TERMS_TEXTS = {
  endNotKept: "The ban is done, but its end could not be kept: un-ban the member by hand when it is due.",
} as const;

/**
 * When a ban of `duration` posted now ends (epoch ms), null for a permanent one, or the message
 * for the `until` field: a time past, or a timed ban on a panel that cannot end it.
 */
export function banUntil(
  duration: BanDuration,
  until: string | undefined,
): { ok: true; until: number | null } | { ok: false; field: "duration" | "until"; message: string } {
  if (duration === "permanent") return { ok: true, until: null };
  if (!env().BAN_END_EMAIL) return { ok: false, field: "duration", message: BAN_TEXTS.notTimed };
  if (duration !== "until") return { ok: true, until: now() + DURATION_DAYS[duration] * DAY_MS };
  const iso = until ? localDateTimeToIso(until, env().APP_TIMEZONE) : null;
  if (!iso) return { ok: false, field: "until", message: BAN_TEXTS.untilInvalid };
  const at = Date.parse(iso);
  if (at <= now()) return { ok: false, field: "until", message: BAN_TEXTS.untilPast };
  return { ok: true, until: at };
}

/** What an admin set for one ban: its end (null: permanent), reason and who. */
export interface BanTerms {
  until: number | null;
  reason: string | null;
  admin: string | null;
}

/**
 * After a done ban: its end kept (a permanent ban, or a ban with no terms, forgets any pending end)
 * and a strike recorded. Answers a warning to add to what the admin is told, when the end could not
 * be kept (the ban itself is done; the log says why).
 */
export async function afterBan(userId: string, terms: BanTerms | undefined): Promise<string | null> {
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
export async function afterUnban(userId: string): Promise<void> {
  try {
    await clearBanEnd(userId);
  } catch (error) {
    // The tick reads the member first: a member no longer banned gets no call at the end.
    logLine("error", "a ban's pending end was not cleared", { user: userId, error: String(error) });
  }
}

/**
 * Reads a ban's terms from its posted form (duration, until, reason, message), checked: the terms
 * to ban with, or the errors and what was typed for the 400 that shows the dialog again.
 */
export function readBanTerms(
  form: FormData,
  admin: string | null,
):
  | { ok: true; value: BanTerms & { message: string | null } }
  | { ok: false; errors: FormErrors; values: Record<string, unknown> } {
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
