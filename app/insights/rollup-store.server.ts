import type { AuditEngine } from "~/audit/engine";
import { onEntryWritten, type WrittenEntry } from "~/audit/trail.server";
import { decided } from "~/insights/pending.server";
import { parseSnapshot, parseWaits, type PendingSnapshot } from "~/insights/queue-figures";
import {
  adminKey,
  dayOf,
  daysEnding,
  KEPT_DAYS,
  measureOf,
  parseRollup,
  REVERSAL_MS,
  reversedAdmin,
  reversibleTarget,
  rollupsOf,
  withEntry,
  type DayRollup,
  type LastAction,
} from "~/insights/rollup";
import { familyOn, stateFamily, type StateFamily } from "~/state/family.server";
import type { StateEngine } from "~/state/engine";

/**
 * The roll-ups on the panel's state engine: the family `insights` (in Redis `panel:insights:...`).
 * Must persist (docs/operations.md#the-panels-state): a day lost would read as a day without
 * decisions, which nothing tells apart.
 * - `day:<YYYY-MM-DD>`: a JSON object of counts per admin (reversals included); `npm run
 *   insights:rebuild` writes them again from the trail.
 * - `waits:<YYYY-MM-DD>`: the seconds each citizenship decision of the day took from when the
 *   panel first saw its request pending (pending.server.ts). The trail does not hold when the panel
 *   first saw a request, so the rebuild leaves them alone.
 * - `last:<kind>:<id>`: a target's last ban or un-ban, for REVERSAL_MS: what tells a reversal.
 * - `pending:<YYYY-MM-DD>`: pending.server.ts.
 */
const FAMILY = "insights";
const DAY_S = 86_400;

/** Compare-and-swap attempts before a count gives up (another instance counting the same day at once). */
const ATTEMPTS = 20;

/** The roll-ups on an engine: `stateFamily` for the process's, an engine of its own for the rebuild command. */
export function rollupStore(engine?: () => Promise<StateEngine>) {
  const family: StateFamily = engine ? familyOn(engine, FAMILY) : stateFamily(FAMILY);
  const id = (day: string) => `day:${day}`;
  /** Seconds a day's key lives from now: until KEPT_DAYS after the day began; 0 when that is past. */
  const ttlOf = (day: string, now: number) =>
    Math.floor((Date.parse(`${day}T00:00:00Z`) + KEPT_DAYS * DAY_S * 1000 - now) / 1000);

  /** Writes `change` of the value read, only if nobody wrote in between (another instance); else again. */
  const update = async (key: string, ttl: number, change: (raw: string | undefined) => string) => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const raw = await family.get(key);
      const next = change(raw);
      const stored =
        raw === undefined ? (await family.claim(key, next, ttl)) === undefined : await family.swap(key, raw, next, ttl);
      if (stored) return;
    }
    throw new Error(`the insights key ${key} kept changing under ${ATTEMPTS} attempts`);
  };

  return {
    /** Counts one written entry in its day's roll-up (nothing for an entry no measure counts). */
    async count(entry: WrittenEntry, timeZone: string, now = Date.now()): Promise<void> {
      const measure = measureOf(entry);
      if (!measure) return;
      const at = Date.parse(entry.at);
      const day = dayOf(at, timeZone);
      const ttl = ttlOf(day, now);
      if (ttl <= 0) return;
      // A ban or un-ban: the target's last one says whose action this one undoes.
      const target = reversibleTarget(entry, measure);
      let undone: string | null = null;
      if (target) {
        const mine: LastAction = { measure, admin: adminKey(entry.admin), at };
        await update(`last:${target}`, REVERSAL_MS / 1000, (raw) => {
          undone = reversedAdmin(raw ? (JSON.parse(raw) as LastAction) : undefined, measure, at);
          return JSON.stringify(mine);
        });
      }
      await update(id(day), ttl, (raw) => {
        const rollup = withEntry(parseRollup(raw), entry.admin, measure);
        return JSON.stringify(undone === null ? rollup : withEntry(rollup, undone, "reversed"));
      });
      // A citizenship decision: its request is no longer pending, and its time is counted.
      if ((measure === "approved" || measure === "rejected") && entry.target) {
        const seen = await decided(entry.target.id, timeZone, now);
        if (seen !== null)
          await update(`waits:${day}`, ttl, (raw) =>
            JSON.stringify([...parseWaits(raw), Math.max(0, Math.floor((at - seen) / 1000))]),
          );
      }
    },

    /**
     * The roll-ups, times and pending snapshots of the `count` days ending with `lastDay`, oldest
     * first, and the latest snapshot of the kept days before them: one read of the keys together.
     */
    async read(
      lastDay: string,
      count: number,
    ): Promise<{
      days: { day: string; rollup: DayRollup; waits: number[]; snapshot: PendingSnapshot | null }[];
      before: PendingSnapshot | null;
    }> {
      const kept = daysEnding(lastDay, Math.max(KEPT_DAYS, count));
      const days = kept.slice(-count);
      const earlier = kept.slice(0, -count);
      const values = await family.getMany([
        ...days.map(id),
        ...days.map((day) => `waits:${day}`),
        ...kept.map((day) => `pending:${day}`),
      ]);
      const snapshots = kept.map((_, index) => parseSnapshot(values[2 * count + index]));
      return {
        days: days.map((day, index) => ({
          day,
          rollup: parseRollup(values[index]),
          waits: parseWaits(values[count + index]),
          snapshot: snapshots[earlier.length + index] ?? null,
        })),
        before: snapshots.slice(0, earlier.length).findLast((snapshot) => snapshot !== null) ?? null,
      };
    },

    /**
     * Writes the roll-ups of the last KEPT_DAYS days again from the trail's entries (read oldest
     * first, a chunk at a time) and removes those of days without any; answers the days written.
     * The times to decision and the pending snapshots are not the trail's: they stay.
     */
    async rebuild(trail: AuditEngine, timeZone: string, now = Date.now()): Promise<number> {
      const days = daysEnding(dayOf(now, timeZone), KEPT_DAYS);
      const head = await trail.head();
      // A day starts at most 14 hours before its UTC midnight: read from a day earlier and let dayOf sort.
      const from = (await trail.firstSeqFrom(Date.parse(`${days[0]}T00:00:00Z`) - DAY_S * 1000)) ?? head.seq + 1;
      const rollups = new Map<string, DayRollup>();
      const last = new Map<string, LastAction>();
      for (let low = from; low <= head.seq;) {
        const seqs = await trail.seqs("all", { min: low, max: head.seq }, "oldest", 1_000);
        if (seqs.length === 0) break;
        rollupsOf(await trail.entries(seqs), timeZone, rollups, last);
        low = seqs.at(-1)! + 1;
      }
      let written = 0;
      for (const day of days) {
        const rollup = rollups.get(day);
        if (rollup) {
          await family.set(id(day), JSON.stringify(rollup), ttlOf(day, now));
          written++;
        } else await family.delete(id(day));
      }
      return written;
    },
  };
}

/**
 * Counts every entry the process's trail writes into its day's roll-up, once, as it is written
 * (server/app.ts, at boot): the trail is below the state engine, so the count is handed to it.
 */
export function countEntriesIntoRollups(timeZone: string): void {
  const rollups = rollupStore();
  onEntryWritten((entry) => rollups.count(entry, timeZone));
}
