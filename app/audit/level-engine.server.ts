import { ClassicLevel } from "classic-level";

import type { AuditEntry } from "~/audit/entry";
import { EMPTY_HEAD, headAfter, indexKeys, type ChainHead } from "~/audit/chain";
import { padSeq, storedJson, type AuditEngine, type Listing, type TrimPoint } from "~/audit/engine";

// The embedded engine (docs/decisions/057-audit-store.md): LevelDB through classic-level, in one
// directory (AUDIT_DIR). Ordered keys make every index a key range:
//   e␀<seq>            the entry (JSON)
//   i␀<index>␀<seq>    one key per index the entry is listed under (indexKeys), and "all"
//   t␀<ms>␀<seq>       when it happened, to turn a date into an entry number
//   m␀head, m␀trim     the chain's head and the retention's trim point (the last entry it removed)
const SEP = "\u0000";
const ENTRY = `e${SEP}`;
const HEAD = `m${SEP}head`;
const TRIM = `m${SEP}trim`;
const indexKey = (index: string, seq: number) => `i${SEP}${index}${SEP}${padSeq(seq)}`;
const timeKey = (ms: number, seq: number) => `t${SEP}${padSeq(ms)}${SEP}${padSeq(seq)}`;
const entryKey = (seq: number) => ENTRY + padSeq(seq);
const lastPart = (key: string) => Number(key.slice(key.lastIndexOf(SEP) + 1));
/** The part between the key's kind and its entry number: an index's name, a time. */
const middlePart = (key: string) => key.slice(2, key.lastIndexOf(SEP));
/** Listings read (and returned) at a time by `listings`. */
const LISTINGS_PAGE = 500;

/** Opens (creating it if needed) the embedded store in `dir`; one process at a time holds it. */
export async function levelEngine(dir: string): Promise<AuditEngine> {
  const db = new ClassicLevel<string, string>(dir, { valueEncoding: "utf8" });
  await db.open();
  // One process writes, so appends are serialised here: each one reads the head the last one left.
  let tail: Promise<unknown> = Promise.resolve();

  const readHead = async (): Promise<ChainHead> => {
    return storedJson<ChainHead>(await db.get(HEAD)) ?? EMPTY_HEAD;
  };
  const keysOf = (entry: AuditEntry) => [
    entryKey(entry.seq),
    indexKey("all", entry.seq),
    timeKey(Date.parse(entry.at), entry.seq),
    ...indexKeys(entry).map((index) => indexKey(index, entry.seq)),
  ];

  const entries = async (seqs: readonly number[]) => {
    const values = await db.getMany(seqs.map(entryKey));
    return values.filter((value) => value !== undefined).map((value) => JSON.parse(value) as AuditEntry);
  };

  return {
    // A local write that failed did not happen: nothing to find again, so `id` is not kept.
    append(_id, build) {
      const appended = tail.then(async () => {
        const entry = build(await readHead());
        const [first, ...rest] = keysOf(entry);
        await db.batch([
          { type: "put", key: first!, value: JSON.stringify(entry) },
          ...rest.map((key) => ({ type: "put" as const, key, value: "" })),
          { type: "put", key: HEAD, value: JSON.stringify(headAfter(entry)) },
        ]);
        return entry;
      });
      tail = appended.catch(() => undefined);
      return appended;
    },
    head: readHead,
    async seqs(index, { min, max }, order, limit) {
      if (min > max || limit <= 0) return [];
      const keys = await db
        .keys({ gte: indexKey(index, min), lte: indexKey(index, max), reverse: order === "newest", limit })
        .all();
      return keys.map(lastPart);
    },
    entries,
    async firstSeqFrom(ms) {
      const [key] = await db.keys({ gte: timeKey(ms, 0), lt: `t${SEP}\uffff`, limit: 1 }).all();
      return key === undefined ? null : lastPart(key);
    },
    async trimBefore(ms, limit) {
      const old = await db.keys({ gte: timeKey(0, 0), lt: timeKey(ms, 0), limit }).all();
      if (old.length === 0) return 0;
      const doomed = await entries(old.map(lastPart));
      const last = doomed.at(-1);
      await db.batch([
        ...doomed.flatMap((entry) => keysOf(entry).map((key) => ({ type: "del" as const, key }))),
        ...(last ? [{ type: "put" as const, key: TRIM, value: JSON.stringify(last) }] : []),
      ]);
      return doomed.length;
    },
    async trimPoint() {
      return storedJson<TrimPoint>(await db.get(TRIM));
    },
    async listed(listings) {
      if (listings.length === 0) return [];
      const keys = listings.map((listing) =>
        "index" in listing ? indexKey(listing.index, listing.seq) : timeKey(listing.ms, listing.seq),
      );
      return (await db.getMany(keys)).map((value) => value !== undefined);
    },
    async *listings() {
      // Index keys (i␀...), then time keys (t␀...): each a range of ordered keys.
      for (const [kind, read] of [
        ["i", (key: string): Listing => ({ index: middlePart(key), seq: lastPart(key) })],
        ["t", (key: string): Listing => ({ ms: Number(middlePart(key)), seq: lastPart(key) })],
      ] as const) {
        let page: Listing[] = [];
        for await (const key of db.keys({ gt: `${kind}${SEP}`, lt: `${kind}\u0001` })) {
          page.push(read(key));
          if (page.length === LISTINGS_PAGE) {
            yield page;
            page = [];
          }
        }
        if (page.length > 0) yield page;
      }
    },
    async overwrite(entry) {
      await db.put(entryKey(entry.seq), JSON.stringify(entry));
    },
    close: () => db.close(),
  };
}
