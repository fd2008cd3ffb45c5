import type { AuditEntry } from "~/audit/entry";
import type { ChainHead } from "~/audit/chain";

/**
 * Where retention's last removal left the chain: the last entry it removed, kept whole, so its
 * time (`at`) is proved by its hash, the `prev` of the oldest entry kept. A store trimmed before
 * trim points kept the entry holds only its number and hash.
 */
export type TrimPoint = Pick<AuditEntry, "seq" | "hash"> & Partial<Omit<AuditEntry, "seq" | "hash">>;

/**
 * One listing of an entry, for the check (verify.server.ts): under an index ("all", or one of
 * indexKeys'), or in the time index at `ms`.
 */
export type Listing = { seq: number; index: string } | { seq: number; ms: number };

/** Which way an index is read: newest first (a page of the trail) or oldest first (a newer page, the chain check). */
export type ReadOrder = "newest" | "oldest";

/**
 * What a store engine does (the embedded one, level-engine.server.ts; the shared one,
 * redis-engine.server.ts): the same few operations, so paging, retention and the chain check
 * (trail.server.ts, verify.server.ts) are written once and tested against both.
 */
export interface AuditEngine {
  /**
   * Appends the entry `build` makes from the chain's head, atomically: no two entries follow the
   * same head. `id` names the record: an append retried after a write that timed out but happened
   * finds it written and adds nothing.
   */
  append(id: string, build: (head: ChainHead) => AuditEntry): Promise<AuditEntry | null>;
  /** The chain's end after the newest entry (the empty head when nothing was written). */
  head(): Promise<ChainHead>;
  /** Entry numbers listed under `index` ("all", "admin:...", see indexKeys) within [min, max], in `order`, at most `limit`. */
  seqs(index: string, range: { min: number; max: number }, order: ReadOrder, limit: number): Promise<number[]>;
  /** The entries with these numbers, in the same order (a trimmed one is left out). */
  entries(seqs: readonly number[]): Promise<AuditEntry[]>;
  /** The number of the first entry at or after `ms`, or null when every entry is older. */
  firstSeqFrom(ms: number): Promise<number | null>;
  /**
   * Removes the entries older than `ms` (the oldest first, at most `limit` in one call) and records
   * the last one removed, whole, as the trim point; returns how many it removed.
   */
  trimBefore(ms: number, limit: number): Promise<number>;
  /** The last entry removed by retention (where the kept chain starts), or null. */
  trimPoint(): Promise<TrimPoint | null>;
  /** For the check: whether the store holds each of these listings (a Redis listing at its own score). */
  listed(listings: readonly Listing[]): Promise<boolean[]>;
  /** For the check: every listing the store holds, index by index and then the time index, a page at a time. */
  listings(): AsyncIterable<Listing[]>;
  /** Overwrites a stored entry as it is: for the tamper test and nothing else. */
  overwrite(entry: AuditEntry): Promise<void>;
  close(): Promise<void>;
}

/** Fixed-width entry numbers, so ordered keys and sorted-set members sort as numbers. */
export function padSeq(seq: number): string {
  return String(seq).padStart(15, "0");
}

/** A stored JSON value, or null for a missing one (LevelDB answers undefined, Redis null). */
export function storedJson<T>(raw: string | null | undefined): T | null {
  return raw === null || raw === undefined ? null : (JSON.parse(raw) as T);
}
