/**
 * The citizenship queue's figures on /insights (docs/product.md#insights), pure: the time each
 * decision took from when the panel first saw its request pending, its median and 90th percentile
 * per day, and the pending requests at the end of each day with the oldest one's wait. The stores
 * are rollup-store.server.ts (the times, as decisions are written) and pending.server.ts (what
 * each look at the pending list leaves for its day).
 */
import { localDateTimeToIso } from "~/lib/local-datetime";

/** What the panel last saw pending on a day: how many requests, and when it first saw the oldest (ms). */
export interface PendingSnapshot {
  count: number;
  /** When the panel first saw the oldest of them pending; null when there were none. */
  oldest: number | null;
}

/** One day of the queue as /insights shows it. */
export interface QueueDay {
  day: string;
  /** Decisions whose time is known (the panel saw the request pending before), and their times in seconds. */
  timed: number;
  median: number | null;
  p90: number | null;
  /** Pending at the end of the day (now, for today), as the panel last saw it; null before it first looked. */
  pending: number | null;
  /** The oldest pending request's wait at the end of the day (now, for today), in seconds. */
  oldestWait: number | null;
}

/** The nearest-rank percentile `p` (0-100) of `values`: the smallest value with p% of them at or below it. */
export function nearestRank(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A stored list of times read back; anything unreadable is an empty one. */
export function parseWaits(raw: string | undefined): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is number => typeof item === "number") : [];
  } catch {
    return [];
  }
}

/** A stored snapshot read back, or null. */
export function parseSnapshot(raw: string | undefined): PendingSnapshot | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSnapshot> | null;
    return value && typeof value.count === "number"
      ? { count: value.count, oldest: typeof value.oldest === "number" ? value.oldest : null }
      : null;
  } catch {
    return null;
  }
}

/** The snapshot of a pending list: `firstSeen` holds when the panel first saw each request. */
export function snapshotOf(firstSeen: Readonly<Record<string, number>>): PendingSnapshot {
  const times = Object.values(firstSeen);
  return { count: times.length, oldest: times.length ? Math.min(...times) : null };
}

/** The instant (ms) `day` ends in `timeZone`: the next day's midnight there. */
export function dayEnd(day: string, timeZone: string): number {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return Date.parse(localDateTimeToIso(`${next}T00:00`, timeZone)!);
}

/**
 * The queue's days (oldest first): each day's times, and its pending snapshot, or the latest one
 * before it (`before`, then earlier days of the period): a day the panel did not look at the list
 * is a day it saw no change in.
 */
export function queueDays(
  days: readonly { day: string; waits: readonly number[]; snapshot: PendingSnapshot | null }[],
  before: PendingSnapshot | null,
  timeZone: string,
  now: number,
): QueueDay[] {
  let carried = before;
  return days.map(({ day, waits, snapshot }) => {
    carried = snapshot ?? carried;
    const end = Math.min(dayEnd(day, timeZone), now);
    return {
      day,
      timed: waits.length,
      median: nearestRank(waits, 50),
      p90: nearestRank(waits, 90),
      pending: carried ? carried.count : null,
      oldestWait: carried?.oldest != null ? Math.max(0, Math.floor((end - carried.oldest) / 1000)) : null,
    };
  });
}

/** A time in seconds as /insights writes it: "45 min", "3 h 05 min", "2 d 4 h". */
export function formatWait(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
