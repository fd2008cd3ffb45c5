import type { AuditEngine } from "~/audit/engine";
import { onEntryWritten, type WrittenEntry } from "~/audit/trail.server";
import { dayOf, daysEnding, measureOf, parseRollup, rollupsOf, withEntry, type DayRollup } from "~/insights/rollup";
import { familyOn, stateFamily, type StateFamily } from "~/state/family.server";
import type { StateEngine } from "~/state/engine";

/**
 * The roll-ups on the panel's state engine: the family `insights`, one key a day,
 * `insights:day:<YYYY-MM-DD>` (in Redis `panel:insights:day:...`), a JSON object of counts per
 * admin. Must persist (docs/operations.md#the-panels-state): a day lost would read as a day without
 * decisions, which nothing tells apart; `npm run insights:rebuild` writes them again from the trail.
 */
const FAMILY = "insights";

/** Days a roll-up is kept after its day starts: the longest period (90 days) and a margin for time zones. */
export const KEPT_DAYS = 92;
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

  return {
    /** Counts one written entry in its day's roll-up (nothing for an entry no measure counts). */
    async count(entry: WrittenEntry, timeZone: string, now = Date.now()): Promise<void> {
      const measure = measureOf(entry);
      if (!measure) return;
      const day = dayOf(Date.parse(entry.at), timeZone);
      const ttl = ttlOf(day, now);
      if (ttl <= 0) return;
      // Read, add one, and write only if nobody wrote in between (another instance); else again.
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const raw = await family.get(id(day));
        const next = JSON.stringify(withEntry(parseRollup(raw), entry.admin, measure));
        const stored =
          raw === undefined
            ? (await family.claim(id(day), next, ttl)) === undefined
            : await family.swap(id(day), raw, next, ttl);
        if (stored) return;
      }
      throw new Error(`the roll-up of ${day} kept changing under ${ATTEMPTS} attempts`);
    },

    /** The roll-ups of the `count` days ending with `lastDay`, oldest first: one read of `count` keys. */
    async read(lastDay: string, count: number): Promise<{ day: string; rollup: DayRollup }[]> {
      const days = daysEnding(lastDay, count);
      const values = await family.getMany(days.map(id));
      return days.map((day, index) => ({ day, rollup: parseRollup(values[index]) }));
    },

    /**
     * Writes the roll-ups of the last KEPT_DAYS days again from the trail's entries (read oldest
     * first, a chunk at a time) and removes those of days without any; answers the days written.
     */
    async rebuild(trail: AuditEngine, timeZone: string, now = Date.now()): Promise<number> {
      const days = daysEnding(dayOf(now, timeZone), KEPT_DAYS);
      const head = await trail.head();
      // A day starts at most 14 hours before its UTC midnight: read from a day earlier and let dayOf sort.
      const from = (await trail.firstSeqFrom(Date.parse(`${days[0]}T00:00:00Z`) - DAY_S * 1000)) ?? head.seq + 1;
      const rollups = new Map<string, DayRollup>();
      for (let low = from; low <= head.seq;) {
        const seqs = await trail.seqs("all", { min: low, max: head.seq }, "oldest", 1_000);
        if (seqs.length === 0) break;
        rollupsOf(await trail.entries(seqs), timeZone, rollups);
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
