import { MEASURE_QUERY, type Measure } from "~/insights/rollup";

/**
 * The /audit query that lists what an /insights figure counts: the measure's action and target
 * kind, done, from the first day to the last (both in APP_TIMEZONE, as /audit reads them), and
 * the admin when the figure is one admin's.
 */
export function auditHref(measure: Measure, { from, to, admin }: { from: string; to: string; admin?: string }): string {
  const { action, kind } = MEASURE_QUERY[measure];
  const params = new URLSearchParams({ ...(admin ? { admin } : {}), action, kind, result: "done", from, to });
  return `/audit?${params}`;
}
