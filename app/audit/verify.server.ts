import type { AuditEntry } from "~/audit/entry";
import { GENESIS, entryHash, indexKeys, type ChainHead } from "~/audit/chain";
import type { AuditEngine, Listing, TrimPoint } from "~/audit/engine";

/** Which part of the trail a problem is in: the chain of entries, the trim point, the head, or the indexes. */
export type BrokenPart = "chain" | "trim" | "head" | "index";

/** What the check found: the trail holds (with what it could not check, `notes`), or the first thing broken. */
export type ChainReport =
  | {
      ok: true;
      /** Entries checked, `from` (null: none kept) to the head. */
      checked: number;
      from: number | null;
      head: Pick<ChainHead, "seq" | "hash">;
      trim: TrimPoint | null;
      /** The published head it was given, found in the trail with its hash (false: none given, or trimmed since). */
      heldKnownHead: boolean;
      /** What the check could not tell (a trim point without its time...), one sentence each. */
      notes: string[];
    }
  | { ok: false; checked: number; broken: { seq: number; problem: string; part: BrokenPart } };

/** What the check is told besides the store. */
export interface VerifyOptions {
  /** AUDIT_RETENTION_DAYS: retention removes only older entries, so a trim point younger than this is broken. Unset: not checked. */
  retentionDays?: number;
  /** A head published earlier (the `audit head` log line): the trail must still hold that entry, with that hash. */
  knownHead?: Pick<ChainHead, "seq" | "hash"> | null;
  /** The time of the check (ms since the epoch). */
  now?: number;
}

const DAY_MS = 24 * 60 * 60_000;
/** How far a trim point may look younger than the retention: clocks of instances sharing Redis differ a little. */
const CLOCK_SLACK_MS = 60_000;
/** Entries read at a time. */
const CHUNK = 500;

/**
 * Checks the audit trail (docs/operations.md#audit-trail), reading the store in chunks:
 * - the trim point retention recorded (the last entry it removed) matches its hash and is older
 *   than the retention (`retentionDays`): a younger one means entries were removed that
 *   retention keeps;
 * - the trail still holds a head published earlier (`knownHead`): its head is not below it and the
 *   entry there has its hash; a trail cut at its newest end is whole in itself, only a head kept
 *   elsewhere shows the cut;
 * - the chain, by entry number from the trim point to the head: each entry's hash matches its
 *   fields, its `prev` is the hash before it, the head is the newest entry and nothing lies beyond it;
 * - the indexes: each entry is listed under "all", every index its fields name (indexKeys) and the
 *   time index at its time; and every listing points at a kept entry whose fields name that index.
 * Entries that the panel's retention removes or appends while the check runs (Redis) are not problems.
 */
export async function verifyChain(engine: AuditEngine, options: VerifyOptions = {}): Promise<ChainReport> {
  const now = options.now ?? Date.now();
  const notes: string[] = [];
  let checked = 0;
  const broken = (seq: number, problem: string, part: BrokenPart): ChainReport => ({
    ok: false,
    checked,
    broken: { seq, problem, part },
  });

  const head = await engine.head();
  let trim = await engine.trimPoint();
  if (!isPlace(head)) return broken(0, "the head is not an entry number and a hash", "head");
  if (trim && !isPlace(trim)) return broken(0, "the trim point is not an entry number and a hash", "trim");
  const trimWrong = trimProblem(trim, options.retentionDays, now, notes);
  if (trimWrong) return broken(trim!.seq, trimWrong, "trim");
  if (trim && head.seq < trim.seq) {
    return broken(head.seq, `the head (entry ${head.seq}) is behind the trim point (entry ${trim.seq})`, "head");
  }
  /** The trim point, read again: retention (another instance on Redis) may have moved it past `seq` meanwhile. */
  const trimmedPast = async (seq: number): Promise<TrimPoint | null> => {
    const moved = await engine.trimPoint();
    return moved && moved.seq >= seq && moved.seq > (trim?.seq ?? 0) ? moved : null;
  };

  let heldKnownHead = false;
  const known = options.knownHead;
  if (known) {
    if (head.seq < known.seq) {
      return broken(
        known.seq,
        `the trail ends at entry ${head.seq}, before the published head: the entries after ${head.seq} were removed`,
        "head",
      );
    }
    if (trim && known.seq < trim.seq) {
      notes.push(
        `the published head (entry ${known.seq}) is older than the trim point (entry ${trim.seq}): retention removed it, so it was not compared`,
      );
    } else {
      const hash =
        known.seq === 0
          ? GENESIS
          : known.seq === trim?.seq
            ? trim.hash
            : (await engine.entries([known.seq])).find((entry) => entry.seq === known.seq)?.hash;
      if (hash !== known.hash) {
        return broken(
          known.seq,
          "its hash is not the published head's: the trail was rewritten from there or before",
          "head",
        );
      }
      heldKnownHead = true;
    }
  }

  // The chain, by entry number (not through an index, which could hide one), and each entry's listings.
  const beforeMemberIndex: BeforeMemberIndex = { listedSeen: false, first: 0, last: 0, count: 0 };
  let expected = { seq: (trim?.seq ?? 0) + 1, prev: trim?.hash ?? GENESIS };
  let from: number | null = null;
  while (expected.seq <= head.seq) {
    const seqs = numbers(expected.seq, Math.min(head.seq, expected.seq + CHUNK - 1));
    const found = byNumber(await engine.entries(seqs));
    const walked: AuditEntry[] = [];
    let chainWrong: { seq: number; problem: string } | null = null;
    let moved: TrimPoint | null = null;
    for (const seq of seqs) {
      const entry = found.get(seq);
      if (!entry && (moved = await trimmedPast(seq))) break;
      const problem = entry ? entryProblem(entry, expected) : `entry ${seq} is missing`;
      if (problem) {
        chainWrong = { seq, problem };
        break;
      }
      walked.push(entry!);
      expected = { seq: seq + 1, prev: entry!.hash };
    }
    // The entries before a broken one are checked for their listings first: the earliest problem is named.
    const unlisted = await firstUnlisted(engine, walked, beforeMemberIndex);
    if (unlisted && !(await trimmedPast(unlisted.seq))) return broken(unlisted.seq, unlisted.problem, "index");
    if (chainWrong) return broken(chainWrong.seq, chainWrong.problem, "chain");
    checked += walked.length;
    from ??= walked[0]?.seq ?? null;
    if (moved) {
      // Retention ran while the check read: the kept chain now starts after the new trim point.
      const movedWrong = trimProblem(moved, options.retentionDays, now, notes);
      if (movedWrong) return broken(moved.seq, movedWrong, "trim");
      trim = moved;
      expected = { seq: moved.seq + 1, prev: moved.hash };
      checked = 0;
      from = null;
    }
  }
  // (Unless retention, while the check ran, removed everything up to past the head read first.)
  if (expected.seq === head.seq + 1 && expected.prev !== head.hash) {
    return broken(head.seq, "the head does not match the newest entry: its hash differs", "head");
  }
  const [beyond] = await engine.entries([head.seq + 1]);
  if (beyond && (await engine.head()).seq <= head.seq) {
    return broken(head.seq + 1, `it is beyond the head (entry ${head.seq}): the head was moved back`, "head");
  }

  // Every listing points at a kept entry whose fields name its index (or whose time it has).
  for await (const page of engine.listings()) {
    const found = byNumber(await engine.entries([...new Set(page.map((listing) => listing.seq))]));
    for (const listing of page) {
      const problem = listingProblem(listing, found.get(listing.seq), { head: head.seq, trim: trim?.seq ?? 0 });
      if (!problem) continue;
      // Written or removed while the check read (Redis): appended past the head read first, or trimmed since.
      if (listing.seq > head.seq && (await engine.head()).seq >= listing.seq) {
        if (!listingProblem(listing, found.get(listing.seq), { head: listing.seq, trim: 0 })) continue;
      }
      if (!found.has(listing.seq) && listing.seq > (trim?.seq ?? 0) && (await trimmedPast(listing.seq))) continue;
      return broken(listing.seq, problem, "index");
    }
  }
  if (beforeMemberIndex.count > 0) {
    const { count, first, last } = beforeMemberIndex;
    notes.push(
      `${count} entries about a member, ${first} to ${last}, are in no member index: written before it existed (decision 060), they show on /audit but in no member's History`,
    );
  }
  return {
    ok: true,
    checked,
    from,
    head: { seq: head.seq, hash: head.hash },
    trim,
    heldKnownHead,
    notes,
  };
}

/** What is wrong with the trim point: its content against its hash, its time against the retention. */
function trimProblem(
  trim: TrimPoint | null,
  retentionDays: number | undefined,
  now: number,
  notes: string[],
): string | null {
  if (!trim) return null;
  if (trim.at === undefined) {
    notes.push(
      `the trim point (entry ${trim.seq}) has no time: its age against the retention is unknown (the store was trimmed before trim points kept the removed entry; the next trim records it)`,
    );
    return null;
  }
  const { hash, ...fields } = trim;
  if (entryHash(fields as Omit<AuditEntry, "hash">) !== hash) {
    return "the trim point does not match its hash: it is not the entry retention removed";
  }
  if (retentionDays === undefined) return null;
  const keptSince = now - retentionDays * DAY_MS;
  if (!(Date.parse(trim.at) < keptSince + CLOCK_SLACK_MS)) {
    return `the trim point is younger than the retention (${retentionDays} days): entry ${trim.seq}, of ${trim.at}, was removed, though retention keeps the entries since ${new Date(keptSince).toISOString()}`;
  }
  return null;
}

function entryProblem(entry: AuditEntry, expected: { seq: number; prev: string }): string | null {
  if (entry.seq !== expected.seq) return `entry ${expected.seq} is missing`;
  if (entry.prev !== expected.prev) return "its link to the entry before does not match";
  const { hash, ...fields } = entry;
  if (entryHash(fields) !== hash) return "its content does not match its hash";
  return null;
}

/** The listings an entry must have: under "all", each index its fields name, and the time index at its time. */
function listingsOf(entry: AuditEntry): Listing[] {
  return [
    { index: "all", seq: entry.seq },
    ...indexKeys(entry).map((index) => ({ index, seq: entry.seq })),
    { ms: Date.parse(entry.at), seq: entry.seq },
  ];
}

/**
 * The oldest entries of a store begun before the member index (decision 060, not re-indexed) are
 * in none: tolerated until the first entry listed under its member, counted for a note.
 */
interface BeforeMemberIndex {
  listedSeen: boolean;
  first: number;
  last: number;
  count: number;
}

/** The first of these entries (oldest first) that a listing it must have is missing from, and which. */
async function firstUnlisted(
  engine: AuditEngine,
  entries: readonly AuditEntry[],
  beforeMemberIndex: BeforeMemberIndex,
): Promise<{ seq: number; problem: string } | null> {
  const wanted = entries.flatMap(listingsOf);
  const held = await engine.listed(wanted);
  for (const [at, listing] of wanted.entries()) {
    const memberListing = "index" in listing && listing.index.startsWith("member:");
    if (held[at]) {
      if (memberListing) beforeMemberIndex.listedSeen = true;
      continue;
    }
    if (memberListing && !beforeMemberIndex.listedSeen) {
      if (beforeMemberIndex.count++ === 0) beforeMemberIndex.first = listing.seq;
      beforeMemberIndex.last = listing.seq;
      continue;
    }
    return {
      seq: listing.seq,
      problem:
        "index" in listing
          ? `it is not listed under the index ${listing.index}`
          : "it is not listed in the time index at its time",
    };
  }
  return null;
}

/** Index keys earlier versions listed an entry under besides today's: `target:<kind>:` for a target without an id (an item just created). */
function earlierIndexKeys(entry: AuditEntry): string[] {
  return entry.target && !entry.target.id ? [`target:${entry.target.kind}:`] : [];
}

/** What is wrong with a listing: its entry is missing, outside the kept trail, or not of that index (or time). */
function listingProblem(
  listing: Listing,
  entry: AuditEntry | undefined,
  kept: { head: number; trim: number },
): string | null {
  const where = "index" in listing ? `the index ${listing.index}` : "the time index";
  if (!entry) return `${where} lists it, but it does not exist`;
  if (listing.seq > kept.head) return `${where} lists it, but it is beyond the head (entry ${kept.head})`;
  if (listing.seq <= kept.trim) return `${where} lists it, but it is at or before the trim point (entry ${kept.trim})`;
  if ("index" in listing) {
    return listing.index === "all" || [...indexKeys(entry), ...earlierIndexKeys(entry)].includes(listing.index)
      ? null
      : `${where} lists it, but its fields do not belong there`;
  }
  return listing.ms === Date.parse(entry.at)
    ? null
    : `${where} lists it at ${timeText(listing.ms)}, but it happened at ${entry.at}`;
}

/** Whether a stored head or trim point names a place in the chain: a whole number and a hash. */
function isPlace(place: { seq: unknown; hash: unknown }): boolean {
  return Number.isSafeInteger(place.seq) && (place.seq as number) >= 0 && typeof place.hash === "string";
}

/** A time as ISO 8601, or as the number it is when it is no date. */
function timeText(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString();
}

function numbers(low: number, high: number): number[] {
  return Array.from({ length: high - low + 1 }, (_, offset) => low + offset);
}

function byNumber(entries: readonly AuditEntry[]): Map<number, AuditEntry> {
  return new Map(entries.map((entry) => [entry.seq, entry]));
}
