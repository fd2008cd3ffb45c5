/**
 * The pending citizenship requests as the panel sees them (docs/product.md#insights, decision 081):
 * when it first saw each one pending (the queue's oldest-first order, the time to decision on
 * /insights, the shell's waiting banner), and what it saw pending at the end of each day.
 *
 * - `queue:first-seen` (decision 056; the family `queue` says why it must persist): one record of
 *   the pending list, each id with when the panel first saw it. Every read of the pending list
 *   (GET /users/pending-badges, whichever page asks) brings it up to date, through the listener
 *   server/app.ts hands the upstream layer; a decision written to the trail takes its request out.
 * - `insights:pending:<day>` (the family `insights`: must persist, kept KEPT_DAYS): how many were
 *   pending and when the oldest was first seen, as of the last change that day. A day without one
 *   is a day the panel saw no change: /insights carries the day before's forward. Not in the trail,
 *   so `npm run insights:rebuild` leaves these alone.
 */
import { snapshotOf, type PendingSnapshot } from "~/insights/queue-figures";
import { dayOf, KEPT_DAYS } from "~/insights/rollup";
import { env } from "~/config/env.server";
import { logLine } from "~/lib/log.server";
import type { ShellNotice } from "~/lib/shell-notice";
import { stateFamily } from "~/state/family.server";

/** How long the first-seen times outlive the last look at the pending list. */
const FIRST_SEEN_SECONDS = 90 * 86_400;
const ATTEMPTS = 5;
/** How long a process answers the banner's question from what it read or wrote last. */
const OLDEST_CACHE_MS = 15_000;

const queue = stateFamily("queue");
const insights = stateFamily("insights");

/** The days this process has written a snapshot for, with the snapshot (one write per change, and one a day). */
const written = new Map<string, string>();
/** When the oldest pending request was first seen, as this process last read or wrote it. */
let oldestKnown: { oldest: number | null; at: number } | undefined;

/**
 * Changes the first-seen record with `change` (from the value read, swapped in: of two instances
 * at once one writes and the other reads again); answers the record as written, or null when others
 * kept writing. Writes the day's snapshot when the list changed, or the process has not yet today.
 */
async function changeRecord(
  change: (before: Record<string, number>) => Record<string, number>,
  timeZone: string,
  now: number,
): Promise<Record<string, number> | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await queue.get("first-seen");
    const after = change(stored ? (JSON.parse(stored) as Record<string, number>) : {});
    const value = JSON.stringify(after);
    const saved =
      value === stored ||
      (stored === undefined
        ? (await queue.claim("first-seen", value, FIRST_SEEN_SECONDS)) === undefined
        : await queue.swap("first-seen", stored, value, FIRST_SEEN_SECONDS));
    if (!saved) continue;
    const snapshot = snapshotOf(after);
    oldestKnown = { oldest: snapshot.oldest, at: now };
    await writeSnapshot(dayOf(now, timeZone), snapshot);
    return after;
  }
  return null;
}

async function writeSnapshot(day: string, snapshot: PendingSnapshot): Promise<void> {
  const value = JSON.stringify(snapshot);
  if (written.get(day) === value) return;
  await insights.set(`pending:${day}`, value, KEPT_DAYS * 86_400);
  written.clear();
  written.set(day, value);
}

/**
 * When the panel first saw each of `ids` pending (now, for a new one); forgets the ids no longer
 * pending, so the record is the pending list and no more.
 */
export async function firstSeen(
  ids: readonly string[],
  timeZone: string,
  now = Date.now(),
): Promise<Map<string, number>> {
  const after = await changeRecord(
    (before) => Object.fromEntries(ids.map((id) => [id, before[id] ?? now])),
    timeZone,
    now,
  );
  // Others kept writing: this look uses what it read, and the next one writes.
  return new Map(after ? Object.entries(after) : ids.map((id) => [id, now]));
}

/** A read of the pending list (the listener server/app.ts registers): the record brought up to date; a failure only logs. */
export async function notePendingRequests(ids: readonly string[], timeZone: string): Promise<void> {
  try {
    await firstSeen(ids, timeZone);
  } catch (error) {
    logLine("warn", "pending citizenship requests not noted for insights", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * A decision on the request `id` was written (approved or rejected): it is no longer pending.
 * Answers when the panel first saw it pending, or null when it never did.
 */
export async function decided(id: string, timeZone: string, now = Date.now()): Promise<number | null> {
  let seen: number | null = null;
  await changeRecord(
    (before) => {
      seen = before[id] ?? null;
      if (seen === null) return before;
      const { [id]: _gone, ...rest } = before;
      return rest;
    },
    timeZone,
    now,
  );
  return seen;
}

/**
 * When the oldest pending request was first seen (null: none pending), for the shell's banner on
 * every page: from what this process last read or wrote, read again from the store at most every
 * OLDEST_CACHE_MS (another instance's looks), so a page costs no read of the store.
 */
async function oldestPendingSince(now = Date.now()): Promise<number | null> {
  if (oldestKnown && now - oldestKnown.at < OLDEST_CACHE_MS) return oldestKnown.oldest;
  const stored = await queue.get("first-seen");
  const { oldest } = snapshotOf(stored ? (JSON.parse(stored) as Record<string, number>) : {});
  oldestKnown = { oldest, at: now };
  return oldest;
}

/**
 * The shell's banner (docs/product.md#the-shell): the oldest pending request has waited more than
 * INSIGHTS_WAIT_ALERT_HOURS since the panel first saw it; null below it, with 0, or when the store
 * does not answer (the banner is a courtesy: a page never fails for it).
 */
export async function waitingNotice(now = Date.now()): Promise<ShellNotice | null> {
  const hours = env().INSIGHTS_WAIT_ALERT_HOURS;
  if (hours === 0) return null;
  let oldest: number | null;
  try {
    oldest = await oldestPendingSince(now);
  } catch (error) {
    logLine("warn", "pending citizenship requests not read for the shell's banner", {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
  if (oldest === null || now - oldest <= hours * 3_600_000) return null;
  return {
    id: "waiting-notice",
    tone: "warning",
    text: `The oldest citizenship request has waited more than ${hours} ${hours === 1 ? "hour" : "hours"}.`,
    link: { to: "/badge-requests", label: "See the citizenship requests" },
  };
}
