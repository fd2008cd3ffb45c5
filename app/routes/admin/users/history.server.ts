import { capitalised, recordedAction } from "~/audit/actions";
import type { AuditTarget } from "~/audit/entry";
import { theAuditTrail } from "~/audit/trail.server";
import type { BadgeTone } from "~/components/ui/badge";
import { logLine } from "~/lib/log.server";
import { type AuditRow, withLocalTime } from "~/routes/admin/audit/list.server";
import { RESULT_LABELS } from "~/routes/admin/audit/result-labels";

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
}

/** A user's History: the newest entries about them, or why it cannot be shown. */
export type UserHistory =
  { ok: true; entries: HistoryEntry[]; more: boolean } | { ok: false; entries: []; more: false };

/** An entry as the History shows it. */
function historyEntry(entry: AuditRow): HistoryEntry {
  const [label, tone] = RESULT_LABELS[entry.result];
  // Entries written before the trail kept words say their intent ("ban"): read as its word.
  const action = recordedAction(entry.action);
  const { target } = entry;
  const name = target ? ` ${TARGET_WORDS[target.kind]} ${target.name ? `“${target.name}”` : target.id}` : "";
  return {
    seq: entry.seq,
    at: entry.at,
    when: entry.when,
    admin: entry.admin ?? "Unknown admin",
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
    return { ok: true, entries: withLocalTime(page.entries, timeZone).map(historyEntry), more: page.older !== null };
  } catch (error) {
    logLine("error", "a user's history could not be read", {
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: false, entries: [], more: false };
  }
}
