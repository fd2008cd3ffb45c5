import {
  type AuditRow,
  type AuditTarget,
  capitalised,
  RESULT_LABELS,
  recordedAction,
  withLocalTime,
} from "~/audit/entry";
import { theAuditTrail } from "~/audit/trail.server";
import type { BadgeTone } from "~/components/ui/badge";
import { logLine } from "~/lib/log.server";
import { formatDateTime } from "~/lib/format";
import { BAN_END_ACTION, NO_LONGER_BANNED } from "~/bans/ban-end-runner.server";

/** Entries the History section of user details shows; more are behind its "See all" link. */
const HISTORY_SIZE = 20;

/** History's words where the trail's word needs one more to name its target; the rest read as recorded. */
const HISTORY_WORDS: Record<string, string> = {
  "sent a push notification": "Sent a push notification to",
};

/** What each kind of target is called in a History entry. */
const TARGET_WORDS: Record<AuditTarget["kind"], string> = {
  user: "user",
  "badge-request": "the citizenship request of",
  post: "post",
  announcement: "announcement",
  plan: "membership plan",
  list: "list",
  session: "session",
  note: "the staff note",
  "saved-message": "the saved message",
  page: "page",
};

/** One entry of a History, in words (made on the server: the section adds no client code but markup). */
export interface HistoryEntry {
  seq: number;
  at: string;
  when: string;
  admin: string;
  /** The action and its target's name at the time: "Banned user “Ada”". */
  what: string;
  reason: string | null;
  result: string;
  tone: BadgeTone;
  batch: string | null;
  /** The whole sentence, where a ban's end has one of its own (docs/product.md#bans-with-an-end); else `{admin} {what}`. */
  line: string | null;
}

/** A user's History: the newest entries about them, or why it cannot be shown. */
export type UserHistory =
  { ok: true; entries: HistoryEntry[]; more: boolean } | { ok: false; entries: []; more: false };

/** What a timed ban's entry says in its detail (its end, ISO 8601), and its end's entries. */
const BANNED_UNTIL = /^Banned until (\d{4}-\d{2}-\d{2}T[\d:.]+Z)/;

/**
 * History's own sentence of a timed ban and of its end (docs/product.md#bans-with-an-end):
 * "Banned until {date} — {reason} (by {admin})", "Un-banned: the ban ended", and the end that
 * found the member no longer banned; null for every other entry.
 */
function banLine(entry: AuditRow, action: string, admin: string, timeZone: string): string | null {
  if (action === "banned" && entry.result === "done") {
    const until = BANNED_UNTIL.exec(entry.detail ?? "")?.[1];
    if (!until) return null;
    const reason = entry.reason ? ` — ${entry.reason}` : "";
    return `Banned until ${formatDateTime(Date.parse(until), timeZone)}${reason} (by ${admin})`;
  }
  if (action !== recordedAction(BAN_END_ACTION)) return null;
  if (entry.result === "done") return "Un-banned: the ban ended";
  if (entry.detail === NO_LONGER_BANNED)
    return `The ban ended: ${NO_LONGER_BANNED.charAt(0).toLowerCase()}${NO_LONGER_BANNED.slice(1)}`;
  return `The ban ended, but the un-ban was not sent: ${entry.detail ?? "no answer"}`;
}

/** An entry as the History shows it. */
function historyEntry(entry: AuditRow, timeZone: string): HistoryEntry {
  const [label, tone] = RESULT_LABELS[entry.result];
  // Entries written before the trail kept words say their intent ("ban"): read as its word.
  const action = recordedAction(entry.action);
  const { target } = entry;
  const name = target ? ` ${TARGET_WORDS[target.kind]} ${target.name ? `“${target.name}”` : target.id}` : "";
  const admin = entry.admin ?? "Unknown admin";
  return {
    seq: entry.seq,
    at: entry.at,
    when: entry.when,
    admin,
    line: banLine(entry, action, admin, timeZone),
    what: `${HISTORY_WORDS[action] ?? capitalised(action)}${name}`,
    reason: entry.reason,
    result: entry.status ? `${label} (${entry.status})` : label,
    tone,
    batch: entry.batch,
  };
}

/**
 * The History of user details (docs/product.md#user-details, decision 060): the newest entries
 * about the member (the user, their citizenship request, their posts), read from the audit
 * trail's member index, one page. A store that does not answer is the section's message, not
 * the page's failure.
 */
export async function loadUserHistory(userId: string, timeZone: string): Promise<UserHistory> {
  try {
    const page = await theAuditTrail().page({ member: userId, limit: HISTORY_SIZE });
    return {
      ok: true,
      entries: withLocalTime(page.entries, timeZone).map((entry) => historyEntry(entry, timeZone)),
      more: page.older !== null,
    };
  } catch (error) {
    logLine("error", "a user's history could not be read", {
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: false, entries: [], more: false };
  }
}
