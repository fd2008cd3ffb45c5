import { theAuditTrail } from "~/audit/trail.server";
import { logLine } from "~/lib/log.server";
import { type AuditRow, withLocalTime } from "~/routes/admin/audit/list.server";

/** Entries the History section of user details shows; more are behind its "See all" link. */
const HISTORY_SIZE = 20;

/** A user's History: the newest entries about them, or why it cannot be shown. */
export type UserHistory = { ok: true; entries: AuditRow[]; more: boolean } | { ok: false; entries: []; more: false };

/**
 * The History of user details (docs/product.md#user-details, decision 060): the newest entries
 * about the member (the user, their citizenship request, their posts), read from the audit
 * trail's member index, one page. A store that does not answer is the section's message, not
 * the page's failure.
 */
export async function loadUserHistory(userId: string, timeZone: string): Promise<UserHistory> {
  try {
    const page = await theAuditTrail().page({ member: userId, limit: HISTORY_SIZE });
    return { ok: true, entries: withLocalTime(page.entries, timeZone), more: page.older !== null };
  } catch (error) {
    logLine("error", "a user's history could not be read", {
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: false, entries: [], more: false };
  }
}
