import { GENESIS, entryHash, type AuditEntry } from "~/audit/entry";
import type { AuditEngine } from "~/audit/engine";

/** What the chain check found: every kept entry links to the one before, or the first that does not. */
export type ChainReport =
  | { ok: true; checked: number; from: number | null }
  | { ok: false; checked: number; broken: { seq: number; problem: string } };

const CHUNK = 500;

/**
 * Checks the chain from the oldest kept entry (whose predecessor is the trim point retention
 * recorded, or the start) to the newest: each entry's hash matches its fields, its `prev` is the
 * hash before it and its number follows. Reads the store in chunks, oldest first.
 */
export async function verifyChain(engine: AuditEngine): Promise<ChainReport> {
  const trim = await engine.trimPoint();
  let expected = { seq: (trim?.seq ?? 0) + 1, prev: trim?.hash ?? GENESIS };
  let checked = 0;
  let from: number | null = null;
  const head = await engine.head();
  let low = 1;
  for (;;) {
    const seqs = await engine.seqs("all", { min: low, max: head.seq }, "oldest", CHUNK);
    if (seqs.length === 0) break;
    for (const entry of await engine.entries(seqs)) {
      from ??= entry.seq;
      const problem = entryProblem(entry, expected);
      if (problem) return { ok: false, checked, broken: { seq: entry.seq, problem } };
      checked++;
      expected = { seq: entry.seq + 1, prev: entry.hash };
    }
    low = seqs.at(-1)! + 1;
  }
  if (checked > 0 && expected.prev !== head.hash) {
    return { ok: false, checked, broken: { seq: head.seq, problem: "the newest entry is missing" } };
  }
  return { ok: true, checked, from };
}

function entryProblem(entry: AuditEntry, expected: { seq: number; prev: string }): string | null {
  if (entry.seq !== expected.seq) return `entry ${expected.seq} is missing`;
  if (entry.prev !== expected.prev) return "its link to the entry before does not match";
  const { hash, ...fields } = entry;
  if (entryHash(fields) !== hash) return "its content does not match its hash";
  return null;
}
