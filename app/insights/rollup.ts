import type { AuditEntry } from "~/audit/entry";

/**
 * Daily roll-ups of the audit trail (docs/product.md#insights): per day (in APP_TIMEZONE, the
 * days /audit's From and To filter on) and per admin, how many entries of each measure were
 * written. Pure: the live count (rollup-store.server.ts), the rebuild and the tests share it.
 */

/** The decisions /insights counts by kind (the chart's series). */
export const DECISIONS = ["approved", "rejected", "banned", "unbanned", "post-deleted", "warned"] as const;

/** What /insights counts: the decisions by kind, then the queue's skips and take-overs. */
export const MEASURES = [...DECISIONS, "skipped", "took-over"] as const;
export type Measure = (typeof MEASURES)[number];

/** The /audit query that lists a measure's entries: the action word the trail records and the target kind. */
export const MEASURE_QUERY: Record<Measure, { action: string; kind: NonNullable<AuditEntry["target"]>["kind"] }> = {
  approved: { action: "approved", kind: "badge-request" },
  rejected: { action: "rejected", kind: "badge-request" },
  banned: { action: "banned", kind: "user" },
  unbanned: { action: "unbanned", kind: "user" },
  "post-deleted": { action: "deleted", kind: "post" },
  // A warning with its strike (docs/product.md#warnings-and-strikes).
  warned: { action: "warned", kind: "user" },
  skipped: { action: "skipped", kind: "badge-request" },
  "took-over": { action: "took over", kind: "badge-request" },
};

/** How each measure is headed on /insights. */
export const MEASURE_LABELS: Record<Measure, string> = {
  approved: "Citizenship approved",
  rejected: "Citizenship rejected",
  banned: "Bans",
  unbanned: "Un-bans",
  "post-deleted": "Posts deleted",
  warned: "Warnings",
  skipped: "Skips",
  "took-over": "Take-overs",
};

/** How each admin figure is headed on /insights. */
export const FIGURE_LABELS: Record<Figure, string> = { ...MEASURE_LABELS, reversed: "Reversals" };

/**
 * A reversal (issue 41): a done ban or un-ban of a user undone by the opposite action on the same
 * user within REVERSAL_MS. Counted for the admin whose action was undone, on the day it was undone.
 */
export const REVERSAL_MS = 24 * 60 * 60 * 1000;

/** The measures one of which undoes the other (on the same target). */
const UNDOES: Partial<Record<Measure, Measure>> = { banned: "unbanned", unbanned: "banned" };

/** What each admin's row counts: the measures, then the reversals of their own actions. */
export const ADMIN_FIGURES = [...MEASURES, "reversed"] as const;
export type Figure = (typeof ADMIN_FIGURES)[number];

/** The last reversible action on a target: what a reversal is told from. */
export interface LastAction {
  measure: Measure;
  admin: string;
  at: number;
}

/** The key of the target a reversible measure acts on, or null when the measure undoes nothing. */
export function reversibleTarget(entry: Pick<AuditEntry, "target">, measure: Measure): string | null {
  return UNDOES[measure] && entry.target ? `${entry.target.kind}:${entry.target.id}` : null;
}

/** The admin whose action `measure` at `at` undoes (the target's `last` action), or null. */
export function reversedAdmin(last: LastAction | undefined, measure: Measure, at: number): string | null {
  if (!last || UNDOES[last.measure] !== measure) return null;
  return at - last.at <= REVERSAL_MS ? last.admin : null;
}

/** Days a roll-up is kept after its day starts: the longest period (90 days) and a margin for time zones. */
export const KEPT_DAYS = 92;

/** The periods /insights offers, in days (`?days=`); the first is the default. */
export const PERIODS = [7, 30, 90] as const;

/** Counts per measure, and an admin's reversals (absent: 0). */
export type Counts = Partial<Record<Figure, number>>;

/** One day's roll-up: counts per admin (lower-cased, as /audit's Admin filter matches; "" for none). */
export type DayRollup = Record<string, Counts>;

/** The measure an entry counts for, or null: only what was done (a refused or failed step decided nothing). */
export function measureOf(entry: Pick<AuditEntry, "action" | "target" | "result">): Measure | null {
  if (entry.result !== "done" || !entry.target) return null;
  const kind = entry.target.kind;
  return (
    MEASURES.find(
      (measure) => MEASURE_QUERY[measure].action === entry.action && MEASURE_QUERY[measure].kind === kind,
    ) ?? null
  );
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function dayOf(ms: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(ms);
}

/** The `count` days that end with `lastDay` (YYYY-MM-DD), oldest first. */
export function daysEnding(lastDay: string, count: number): string[] {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The admin key an entry is counted under. */
export function adminKey(admin: string | null): string {
  return (admin ?? "").toLowerCase();
}

/** `rollup` with one more `measure` for `admin` (a new object: the stored one is compared and swapped). */
export function withEntry(rollup: DayRollup, admin: string | null, measure: Figure): DayRollup {
  const key = adminKey(admin);
  const counts = rollup[key] ?? {};
  return { ...rollup, [key]: { ...counts, [measure]: (counts[measure] ?? 0) + 1 } };
}

/**
 * The roll-ups of `entries` (oldest first), day by day, added to `days` (what the rebuild writes,
 * and what the tests count); `last` carries the reversible actions from one chunk to the next.
 */
export function rollupsOf(
  entries: Iterable<AuditEntry>,
  timeZone: string,
  days = new Map<string, DayRollup>(),
  last = new Map<string, LastAction>(),
): Map<string, DayRollup> {
  for (const entry of entries) {
    const measure = measureOf(entry);
    if (!measure) continue;
    const at = Date.parse(entry.at);
    const day = dayOf(at, timeZone);
    let rollup = withEntry(days.get(day) ?? {}, entry.admin, measure);
    const target = reversibleTarget(entry, measure);
    if (target) {
      const undone = reversedAdmin(last.get(target), measure, at);
      if (undone !== null) rollup = withEntry(rollup, undone, "reversed");
      last.set(target, { measure, admin: adminKey(entry.admin), at });
    }
    days.set(day, rollup);
  }
  return days;
}

/** A day's counts over every admin. */
export function dayTotals(rollup: DayRollup): Counts {
  return sumCounts(Object.values(rollup));
}

/** Each admin's counts over `rollups` (the period), admins in alphabetical order; entries without an admin left out. */
export function adminTotals(rollups: readonly DayRollup[]): [admin: string, counts: Counts][] {
  const admins = new Map<string, Counts[]>();
  for (const rollup of rollups)
    for (const [admin, counts] of Object.entries(rollup)) {
      if (admin === "") continue;
      admins.set(admin, [...(admins.get(admin) ?? []), counts]);
    }
  return [...admins].sort(([a], [b]) => a.localeCompare(b)).map(([admin, all]) => [admin, sumCounts(all)]);
}

function sumCounts(all: readonly Counts[]): Counts {
  const sum: Counts = {};
  for (const counts of all)
    for (const figure of ADMIN_FIGURES) if (counts[figure]) sum[figure] = (sum[figure] ?? 0) + counts[figure];
  return sum;
}

/** A stored roll-up read back; an unreadable value counts as empty (the rebuild writes it again). */
export function parseRollup(raw: string | undefined): DayRollup {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" ? (value as DayRollup) : {};
  } catch {
    return {};
  }
}
