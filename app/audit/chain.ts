/**
 * How the store keeps the trail (decision 058): each entry numbered, bounded, hashed and linked to
 * the one before it, and the index keys it is listed under. What an entry says is app/audit/entry.ts.
 */
import { createHash } from "node:crypto";

import { type AuditEntry, type AuditRecord, memberOf } from "~/audit/entry";

/** The `prev` of the first entry ever written. */
export const GENESIS = "0".repeat(64);

/** The chain's end after the last entry: what the next entry links to. */
export interface ChainHead {
  seq: number;
  hash: string;
  atMs: number;
}

/** An empty store's head. */
export const EMPTY_HEAD: ChainHead = { seq: 0, hash: GENESIS, atMs: 0 };

const MAX_TEXT = 500;
/** A detail holds more: a saved message's old and new text, each up to 500 characters (decision 077). */
const MAX_DETAIL = 1_100;

/** A field bounded to what an entry keeps (a long upstream message is cut, not refused). */
function text(value: string | null | undefined, max = MAX_TEXT): string | null {
  return typeof value === "string" && value !== "" ? value.slice(0, max) : null;
}

/** The entry that follows `head` for `record`: numbered, timed (never before the head) and hashed. */
export function chainedEntry(head: ChainHead, record: AuditRecord, now: number = Date.now()): AuditEntry {
  const atMs = Math.max(record.at ?? now, head.atMs);
  const fields: Omit<AuditEntry, "hash"> = {
    seq: head.seq + 1,
    at: new Date(atMs).toISOString(),
    admin: text(record.admin),
    action: text(record.action) ?? "unknown",
    target: record.target
      ? {
          kind: record.target.kind,
          id: text(record.target.id) ?? "",
          name: text(record.target.name),
          // Only when known: an entry without an owner hashes as before the field existed.
          ...(record.target.owner ? { owner: text(record.target.owner) } : {}),
        }
      : null,
    reason: text(record.reason),
    batch: text(record.batch),
    result: record.result,
    status: record.status ?? null,
    detail: text(record.detail, MAX_DETAIL),
    prev: head.hash,
  };
  return { ...fields, hash: entryHash(fields) };
}

/** The hash an entry must carry: sha256 over its fields in a fixed order, `prev` included. */
export function entryHash(entry: Omit<AuditEntry, "hash">): string {
  const { seq, at, admin, action, target, reason, batch, result, status, detail, prev } = entry;
  const canonical = JSON.stringify([
    seq,
    at,
    admin,
    action,
    target ? [target.kind, target.id, target.name ?? null, ...(target.owner ? [target.owner] : [])] : null,
    reason,
    batch,
    result,
    status,
    detail,
    prev,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/** The head an entry leaves behind. */
export function headAfter(entry: AuditEntry): ChainHead {
  return { seq: entry.seq, hash: entry.hash, atMs: Date.parse(entry.at) };
}

/** The index keys an entry is listed under, besides the whole trail: its admin, action, target, member and batch. */
export function indexKeys(entry: Pick<AuditEntry, "admin" | "action" | "target" | "batch">): string[] {
  const keys = [`action:${entry.action}`];
  if (entry.admin) keys.push(`admin:${entry.admin.toLowerCase()}`);
  if (entry.target?.id) keys.push(`target:${entry.target.kind}:${entry.target.id}`);
  const member = memberOf(entry.target);
  if (member) keys.push(`member:${member}`);
  if (entry.batch) keys.push(`batch:${entry.batch}`);
  return keys;
}
