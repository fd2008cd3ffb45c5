import { MEASURE_QUERY, type Figure } from "~/insights/rollup";

/** An /audit query for done entries from the first day to the last (both in APP_TIMEZONE, as /audit reads them). */
function doneEntries(fields: Record<string, string | undefined>, from: string, to: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value) params.set(name, value);
  params.set("result", "done");
  params.set("from", from);
  params.set("to", to);
  return `/audit?${params}`;
}

/**
 * The /audit query that lists what an /insights figure counts: the measure's action and target
 * kind, done, from the first day to the last, and the admin when the figure is one admin's. A
 * reversal is a pair of entries no one query lists: its link lists the users' done entries of the
 * period, the pairs among them.
 */
export function auditHref(figure: Figure, { from, to, admin }: { from: string; to: string; admin?: string }): string {
  if (figure === "reversed") return doneEntries({ kind: "user" }, from, to);
  const { action, kind } = MEASURE_QUERY[figure];
  return doneEntries({ admin, action, kind }, from, to);
}

/** The /audit query of a day's done citizenship entries: the approvals and rejections a time to decision is of are among them. */
export function citizenshipEntriesHref(day: string): string {
  return doneEntries({ kind: "badge-request" }, day, day);
}
