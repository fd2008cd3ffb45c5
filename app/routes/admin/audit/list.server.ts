import { data } from "react-router";

import { TARGET_FILTER_LABELS, type AuditFilters } from "./filters";
import { type AuditRow, type AuditTarget, RESULT_LABELS, recordedAction, withLocalTime } from "~/audit/entry";
import type { AuditQuery } from "~/audit/query.server";
import { theAuditTrail } from "~/audit/trail.server";
import { env } from "~/config/env.server";
import { localDateTimeToIso } from "~/lib/local-datetime";
import { logLine } from "~/lib/log.server";

/** Entries per page of /audit (the `limit` param picks another of AUDIT_PAGE_SIZES). */
const AUDIT_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_FILTER = 200;

/**
 * The trail's query as /audit's URL gives it: its filters as typed, the page size, and the store's
 * query, or (for a malformed date) null and the fields' errors. The page and its export read it.
 */
export function auditQuery(params: URLSearchParams) {
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, MAX_FILTER);
  const filters: AuditFilters = {
    admin: text("admin"),
    // An intent or any case ("BAN") is read as the word the trail records ("banned").
    action: text("action") && recordedAction(text("action")),
    kind: Object.hasOwn(TARGET_FILTER_LABELS, text("kind")) ? text("kind") : "",
    result: Object.hasOwn(RESULT_LABELS, text("result")) ? text("result") : "",
    target: text("target"),
    batch: text("batch"),
    from: text("from"),
    to: text("to"),
  };
  const requested = Number(params.get("limit"));
  const limit = (AUDIT_PAGE_SIZES as readonly number[]).includes(requested) ? requested : AUDIT_PAGE_SIZE;

  const { APP_TIMEZONE } = env();
  const fromMs = dayStart(filters.from, APP_TIMEZONE);
  const toMs = dayStart(filters.to, APP_TIMEZONE, 1);
  const errors: Partial<Record<"from" | "to", string>> = {};
  if (fromMs === undefined) errors.from = "Enter a date such as 2026-11-25";
  if (toMs === undefined) errors.to = "Enter a date such as 2026-11-25";
  if (fromMs != null && toMs != null && toMs <= fromMs) errors.to = "The end date is before the start date";
  if (errors.from || errors.to || fromMs === undefined || toMs === undefined) {
    return { filters, limit, errors, query: null };
  }

  const query: AuditQuery = {
    admin: filters.admin || null,
    action: filters.action || null,
    target:
      filters.kind && filters.kind !== "member" && filters.target
        ? { kind: filters.kind as AuditTarget["kind"], id: filters.target }
        : null,
    member: filters.kind === "member" && filters.target ? filters.target : null,
    // A kind without an id: every entry about that kind of thing.
    kind: filters.kind && filters.kind !== "member" && !filters.target ? (filters.kind as AuditTarget["kind"]) : null,
    batch: filters.batch || null,
    result: (filters.result || null) as AuditQuery["result"],
    fromMs,
    toMs,
    before: cursor(params.get("before")),
    after: cursor(params.get("after")),
    limit,
  };
  return { filters, limit, errors: null, query };
}

/**
 * The audit trail page (docs/product.md#audit): the URL's filters (admin, action, target kind and
 * id, or a member's id with kind=member, batch, from/to dates in APP_TIMEZONE) and cursor (`before`/`after`), one page read from the
 * store; a malformed date is a 400 with the form as typed, a store that does not answer the error state.
 */
export async function loadAuditTrail(request: Request) {
  const { filters, limit, errors, query } = auditQuery(new URL(request.url).searchParams);
  const empty = { entries: [] as AuditRow[], older: null, newer: null, filters, limit };
  if (!query) return data({ ...empty, errors, error: null }, { status: 400 });
  const { APP_TIMEZONE } = env();

  try {
    const page = await theAuditTrail().page(query);
    return {
      ...page,
      entries: withLocalTime(page.entries, APP_TIMEZONE),
      filters,
      limit,
      errors: null,
      error: null,
    };
  } catch (error) {
    logLine("error", "audit trail could not be read", {
      error: error instanceof Error ? error.message : String(error),
    });
    return data(
      { ...empty, errors: null, error: "The audit trail could not be read. Please try again." },
      { status: 503 },
    );
  }
}

/** The first instant of a day (plus `days`) in the time zone; null for no date, undefined for a malformed one. */
function dayStart(value: string, timeZone: string, days = 0): number | null | undefined {
  if (!value) return null;
  if (!DATE.test(value)) return undefined;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return undefined;
  day.setUTCDate(day.getUTCDate() + days);
  const iso = localDateTimeToIso(`${day.toISOString().slice(0, 10)}T00:00`, timeZone);
  return iso ? Date.parse(iso) : undefined;
}

function cursor(value: string | null): number | null {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}
