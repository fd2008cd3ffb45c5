import { memberOf, type AuditEntry, type AuditResult, type AuditTarget } from "~/audit/entry";
import type { AuditEngine } from "~/audit/engine";

/** What /audit asks for: filters (each optional), a date range and a cursor, newest first. */
export interface AuditQuery {
  admin?: string | null;
  action?: string | null;
  target?: Pick<AuditTarget, "kind" | "id"> | null;
  batch?: string | null;
  /** Entries about a member (user id): the user, their citizenship request and their posts (memberOf). */
  member?: string | null;
  /** Entries about this kind of thing, whatever its id (read through another index, or the whole trail). */
  kind?: AuditTarget["kind"] | null;
  /** Entries that ended so (done, refused...): /insights counts the done ones and links here. */
  result?: AuditResult | null;
  /** From this time (ms, inclusive). */
  fromMs?: number | null;
  /** Until this time (ms, exclusive). */
  toMs?: number | null;
  /** Entries older than this entry number (the next page). */
  before?: number | null;
  /** Entries newer than this entry number (the previous page). */
  after?: number | null;
  limit: number;
}

/** One page of the trail, newest first, with the cursors of the pages around it (null: none). */
export interface AuditPage {
  entries: AuditEntry[];
  older: number | null;
  newer: number | null;
}

/** Entry numbers read from an index at a time while other filters are checked on the entries. */
const CHUNK = 200;

/**
 * One page of the trail: the most selective index the query names (batch, target, member, admin, then
 * action; the whole trail without one) is read as a range of entry numbers (the date range turned
 * into numbers: entries are numbered in time order), so a page reads about a page of entries; a
 * second filter is checked on the entries of the first's index.
 */
export async function auditPage(engine: AuditEngine, query: AuditQuery): Promise<AuditPage> {
  const head = await engine.head();
  let min = 1;
  let max = head.seq;
  if (query.fromMs != null) min = Math.max(min, (await engine.firstSeqFrom(query.fromMs)) ?? max + 1);
  if (query.toMs != null) {
    const firstAfter = await engine.firstSeqFrom(query.toMs);
    if (firstAfter !== null) max = Math.min(max, firstAfter - 1);
  }
  const newerPage = query.after != null;
  if (query.before != null) max = Math.min(max, query.before - 1);
  if (query.after != null) min = Math.max(min, query.after + 1);

  const filters = indexFilters(query);
  const [index = "all", ...others] = filters.map(([key]) => key);
  const kind = query.kind;
  const wanted = (entry: AuditEntry) =>
    (!kind || entry.target?.kind === kind) &&
    (!query.result || entry.result === query.result) &&
    others.every((key) => filters.find(([name]) => name === key)![1](entry));

  const found: AuditEntry[] = [];
  let low = min;
  let high = max;
  while (found.length <= query.limit && low <= high) {
    const seqs = await engine.seqs(index, { min: low, max: high }, newerPage ? "oldest" : "newest", CHUNK);
    if (seqs.length === 0) break;
    found.push(...(await engine.entries(seqs)).filter(wanted));
    if (newerPage) low = seqs.at(-1)! + 1;
    else high = seqs.at(-1)! - 1;
  }
  const more = found.length > query.limit;
  const page = found.slice(0, query.limit);
  if (newerPage) {
    page.reverse();
    return { entries: page, newer: more ? page[0]!.seq : null, older: page.at(-1)?.seq ?? null };
  }
  return {
    entries: page,
    older: more ? page.at(-1)!.seq : null,
    newer: query.before != null && page.length > 0 ? page[0]!.seq : null,
  };
}

type Filter = [index: string, matches: (entry: AuditEntry) => boolean];

/** The query's filters as index keys (see indexKeys), most selective first. */
function indexFilters(query: AuditQuery): Filter[] {
  const filters: Filter[] = [];
  if (query.batch) filters.push([`batch:${query.batch}`, (entry) => entry.batch === query.batch]);
  const target = query.target;
  if (target)
    filters.push([
      `target:${target.kind}:${target.id}`,
      (entry) => entry.target?.kind === target.kind && entry.target.id === target.id,
    ]);
  const member = query.member;
  if (member) filters.push([`member:${member}`, (entry) => memberOf(entry.target) === member]);
  const admin = query.admin?.toLowerCase();
  if (admin) filters.push([`admin:${admin}`, (entry) => entry.admin?.toLowerCase() === admin]);
  if (query.action) filters.push([`action:${query.action}`, (entry) => entry.action === query.action]);
  return filters;
}
