/** Lookups shared by the handlers: ids from paths, entities or 404, paging of lists. */
import { notFound } from "../errors.ts";
import type { DemoData, UserRecord } from "../types.ts";

/** A positive integer id from a path or body value, or null when it is not one. */
export function parseId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/** The user with this id, or a 404 "User not found". */
export function userOr404(data: DemoData, rawId: unknown): UserRecord {
  const id = parseId(rawId);
  const user = id === null ? undefined : data.users.find((candidate) => candidate.id === id);
  if (!user) throw notFound("User not found");
  return user;
}

/** The user with this email (case-insensitive), if any. */
export function userByEmail(data: DemoData, email: string): UserRecord | undefined {
  const wanted = email.trim().toLowerCase();
  return data.users.find((user) => user.email.toLowerCase() === wanted);
}

/** One page of a list plus the numbers of the pagination block. */
export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** Cuts one page out of a list; bad page/limit values fall back to the defaults, limit is capped. */
export function paginate<T>(items: readonly T[], query: URLSearchParams): Page<T> {
  const page = positiveInt(query.get("page")) ?? 1;
  const limit = Math.min(positiveInt(query.get("limit")) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const start = (page - 1) * limit;
  return {
    items: items.slice(start, start + limit),
    page,
    limit,
    total: items.length,
    totalPages: Math.ceil(items.length / limit),
  };
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && Number.isSafeInteger(number) ? number : null;
}

/** Case-insensitive "contains" over some fields; an empty search matches everything. */
export function matchesSearch(search: string | null, fields: (string | null | undefined)[]): boolean {
  const needle = search?.trim().toLocaleLowerCase();
  if (!needle) return true;
  return fields.some((field) => field?.toLocaleLowerCase().includes(needle));
}

/** Sorts newest first by an ISO timestamp, higher id first on ties. */
export function newestFirst<T extends { id: number }>(items: readonly T[], at: (item: T) => string): T[] {
  return [...items].sort((a, b) => Date.parse(at(b)) - Date.parse(at(a)) || b.id - a.id);
}
