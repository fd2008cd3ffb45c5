import { createHash } from "node:crypto";

/** How an audited action ended: sent and accepted, refused by the panel, failed upstream, or unknown (timed out). */
export type AuditResult = "done" | "refused" | "failed" | "unknown";

/** What an audit entry is about: its kind, its id and its name at the time (a user's name, a post's title). */
export interface AuditTarget {
  kind:
    | "user"
    | "badge-request"
    | "post"
    | "announcement"
    | "plan"
    | "list"
    | "session"
    | "note"
    | "saved-message"
    | "page";
  /** Empty for an item the action created: the upstream answers no id (a new plan, a new announcement). */
  id: string;
  name?: string | null;
  /**
   * The member the target belongs to, where it is not the member itself: a post's author (user
   * id). A user is its own member and a citizenship request is its member's (its id is the user's).
   */
  owner?: string | null;
}

/** One admin action as the audit trail keeps it (issues 27 and 28). Never a password, token or cookie. */
export interface AuditRecord {
  admin: string | null;
  /** The action: a row action's intent ("ban"), a bulk item's ("ban" with `batch` set), "sign-in". */
  action: string;
  target?: AuditTarget | null;
  reason?: string | null;
  /** The bulk batch the entry belongs to. */
  batch?: string | null;
  result: AuditResult;
  /** The upstream's status, when it answered. */
  status?: number | null;
  /** The upstream's message for a failure, or why the panel refused (no longer pending...). */
  detail?: string | null;
  /** When the action happened (ms since the epoch); recordAudit sets it. */
  at?: number;
}

/** An entry as the store keeps it: the record, its place in the chain and the hashes that link it. */
export interface AuditEntry {
  /** Its place in the one chain: 1, 2, 3... (a trimmed entry's number is never reused). */
  seq: number;
  /** When it happened, ISO 8601 (UTC); never earlier than the entry before it. */
  at: string;
  admin: string | null;
  action: string;
  target: AuditTarget | null;
  reason: string | null;
  batch: string | null;
  result: AuditResult;
  status: number | null;
  detail: string | null;
  /** The hash of the entry before it (GENESIS for the first). */
  prev: string;
  /** sha256 of this entry's fields and `prev`. */
  hash: string;
}

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

/**
 * The member (user id) an entry is about, for a member's history (decision 060): the user itself,
 * a citizenship request's member (the request's id is its user's), a post's author (`owner`).
 */
export function memberOf(target: AuditTarget | null): string | null {
  if (!target) return null;
  if (target.kind === "user" || target.kind === "badge-request") return target.id || null;
  return target.owner ?? null;
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
