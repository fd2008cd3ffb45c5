import type { Redis } from "ioredis";

import type { AuditEntry } from "~/audit/entry";
import { EMPTY_HEAD, headAfter, indexKeys, type ChainHead } from "~/audit/chain";
import { padSeq, storedJson, type AuditEngine, type Listing, type TrimPoint } from "~/audit/engine";

// The shared engine (docs/decisions/057-audit-store.md), one chain for every instance:
//   <prefix>e:<seq>        the entry (JSON)
//   <prefix>i:<index>      a sorted set per index (indexKeys, and "all"): member and score the entry's number
//   <prefix>time           a sorted set of entry numbers scored by time, to turn a date into a number
//   <prefix>head, <prefix>trim   the chain's head and the retention's trim point (the last entry it removed)
// An append WATCHes the head and writes the entry, its indexes and the new head in one MULTI: when
// another instance appended in between, EXEC does nothing and the append is built again on the new head.

/** Attempts an append makes before it gives up (each one lost to another instance's append). */
const APPEND_ATTEMPTS = 50;
/** How long a record's id is remembered as written: beyond any outbox retry. */
const WRITTEN_TTL_SECONDS = 24 * 60 * 60;
/** Listings read (and returned) at a time by `listings`. */
const LISTINGS_PAGE = 500;

/** A key prefix as a SCAN pattern that matches it literally. */
const literalPattern = (text: string) => text.replace(/[*?[\]\\]/g, "\\$&");

/**
 * The audit store in Redis. `connection` is its own connection (WATCH belongs to a connection, so
 * it is not the one the other stores share); appends from this process take turns on it.
 */
export function redisEngine(connection: Redis, prefix = "audit:"): AuditEngine {
  const HEAD = `${prefix}head`;
  const TRIM = `${prefix}trim`;
  const TIME = `${prefix}time`;
  const entryKey = (seq: number) => `${prefix}e:${seq}`;
  const indexKey = (index: string) => `${prefix}i:${index}`;
  let tail: Promise<unknown> = Promise.resolve();

  const readHead = async (): Promise<ChainHead> => {
    return storedJson<ChainHead>(await connection.get(HEAD)) ?? EMPTY_HEAD;
  };

  async function appendOnce(id: string, build: (head: ChainHead) => AuditEntry): Promise<AuditEntry | null> {
    const written = `${prefix}r:${id}`;
    for (let attempt = 0; attempt < APPEND_ATTEMPTS; attempt++) {
      await connection.watch(HEAD, written);
      // An earlier attempt whose answer was lost (a timeout) may have written it.
      if ((await connection.exists(written)) === 1) {
        await connection.unwatch();
        return null;
      }
      const entry = build(await readHead());
      const multi = connection
        .multi()
        .set(entryKey(entry.seq), JSON.stringify(entry))
        .set(written, entry.seq, "EX", WRITTEN_TTL_SECONDS)
        .zadd(indexKey("all"), entry.seq, entry.seq)
        .zadd(TIME, Date.parse(entry.at), padSeq(entry.seq));
      for (const index of indexKeys(entry)) multi.zadd(indexKey(index), entry.seq, entry.seq);
      if ((await multi.set(HEAD, JSON.stringify(headAfter(entry))).exec()) !== null) return entry;
    }
    throw new Error(`audit append lost ${APPEND_ATTEMPTS} races for the chain's head`);
  }

  const entries = async (seqs: readonly number[]) => {
    if (seqs.length === 0) return [];
    const values = await connection.mget(seqs.map(entryKey));
    return values.filter((value) => value !== null).map((value) => JSON.parse(value) as AuditEntry);
  };

  return {
    append(id, build) {
      const appended = tail.then(() => appendOnce(id, build));
      tail = appended.catch(() => undefined);
      return appended;
    },
    head: readHead,
    async seqs(index, { min, max }, order, limit) {
      if (min > max || limit <= 0) return [];
      const members =
        order === "newest"
          ? await connection.zrange(indexKey(index), String(max), String(min), "BYSCORE", "REV", "LIMIT", 0, limit)
          : await connection.zrange(indexKey(index), String(min), String(max), "BYSCORE", "LIMIT", 0, limit);
      return members.map(Number);
    },
    entries,
    async firstSeqFrom(ms) {
      const [member] = await connection.zrange(TIME, ms, "+inf", "BYSCORE", "LIMIT", 0, 1);
      return member === undefined ? null : Number(member);
    },
    async trimBefore(ms, limit) {
      const old = await connection.zrange(TIME, "-inf", `(${ms}`, "BYSCORE", "LIMIT", 0, limit);
      if (old.length === 0) return 0;
      const doomed = await entries(old.map(Number));
      const last = doomed.at(-1);
      const multi = connection.multi();
      for (const entry of doomed) {
        multi.del(entryKey(entry.seq)).zrem(indexKey("all"), String(entry.seq)).zrem(TIME, padSeq(entry.seq));
        for (const index of indexKeys(entry)) multi.zrem(indexKey(index), String(entry.seq));
      }
      // Trims of several instances remove the same oldest entries: the trim point only moves forward.
      if (last) multi.eval(TRIM_POINT_FORWARD, 1, TRIM, last.seq, JSON.stringify(last));
      await multi.exec();
      return doomed.length;
    },
    async trimPoint() {
      return storedJson<TrimPoint>(await connection.get(TRIM));
    },
    async listed(listings) {
      if (listings.length === 0) return [];
      // A member counts only at its own score: the score is its place in the index (or its time).
      const pipeline = connection.pipeline();
      for (const listing of listings) {
        if ("index" in listing) pipeline.zscore(indexKey(listing.index), String(listing.seq));
        else pipeline.zscore(TIME, padSeq(listing.seq));
      }
      const scores = (await pipeline.exec()) ?? [];
      return listings.map((listing, at) => {
        const [error, score] = scores[at] ?? [null, null];
        if (error) throw error;
        return score !== null && Number(score) === ("index" in listing ? listing.seq : listing.ms);
      });
    },
    async *listings() {
      const indexPrefix = indexKey("");
      const indexes = new Set<string>();
      // SCAN may name a key twice; each index is read once.
      for await (const keys of connection.scanStream({ match: `${literalPattern(indexPrefix)}*`, count: 1_000 })) {
        for (const key of keys as string[]) indexes.add(key.slice(indexPrefix.length));
      }
      for (const index of indexes) {
        for (let start = 0; ; start += LISTINGS_PAGE) {
          const members = await connection.zrange(indexKey(index), String(start), String(start + LISTINGS_PAGE - 1));
          if (members.length > 0) yield members.map((member): Listing => ({ index, seq: Number(member) }));
          if (members.length < LISTINGS_PAGE) break;
        }
      }
      for (let start = 0; ; start += LISTINGS_PAGE) {
        const flat = await connection.zrange(TIME, String(start), String(start + LISTINGS_PAGE - 1), "WITHSCORES");
        const page: Listing[] = [];
        for (let at = 0; at < flat.length; at += 2) page.push({ seq: Number(flat[at]), ms: Number(flat[at + 1]) });
        if (page.length > 0) yield page;
        if (page.length < LISTINGS_PAGE) break;
      }
    },
    async overwrite(entry) {
      await connection.set(entryKey(entry.seq), JSON.stringify(entry));
    },
    async close() {
      connection.disconnect();
    },
  };
}

/** Sets the trim point to ARGV[2] unless the one stored is already at or past entry ARGV[1]. */
const TRIM_POINT_FORWARD = `
local current = redis.call('GET', KEYS[1])
if current and cjson.decode(current).seq >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
return 1`;
