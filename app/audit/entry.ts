/**
 * An audit entry as everyone but its store reads it (docs/product.md#audit): what it records (its
 * shape), the word an action is recorded in, how a result reads, and its local time. No server
 * code: /audit's filters and History render from it. How the store chains and indexes an entry is
 * app/audit/chain.ts.
 */
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

/**
 * The member (user id) an entry is about, for a member's history (decision 060): the user itself,
 * a citizenship request's member (the request's id is its user's), a post's author (`owner`).
 */
export function memberOf(target: AuditTarget | null): string | null {
  if (!target) return null;
  if (target.kind === "user" || target.kind === "badge-request") return target.id || null;
  return target.owner ?? null;
}

/**
 * The words the audit trail records an action in: what happened, in the admin's words and with its
 * direction ("pinned", "unpinned"), never a screen's internal intent (docs/product.md#audit). A
 * route's intent or a bulk action's name becomes its word when the entry is written; the /audit
 * Action filter offers these words, and a filter typed as an intent ("BAN") finds its word.
 */
const ACTION_WORDS = {
  "sign-in": "signed in",
  "sign-out": "signed out",
  ban: "banned",
  unban: "unbanned",
  // A timed ban's end, sent by the panel on its own (docs/product.md#bans-with-an-end).
  "end-ban": "un-banned: the ban ended",
  warn: "warned",
  verify: "verified",
  notify: "sent a push notification",
  approve: "approved",
  reject: "rejected",
  delete: "deleted",
  activate: "activated",
  deactivate: "deactivated",
  pin: "pinned",
  unpin: "unpinned",
  create: "created",
  update: "saved",
  sync: "synced",
  skip: "skipped",
  unskip: "unskipped",
  "take-over": "took over",
  export: "exported",
  // A page or file the admin's role may not open (docs/product.md#roles-and-permissions).
  open: "opened",
  // The roles page and the personal documents (docs/product.md#roles).
  "change-role": "changed the role",
  "reset-second-factor": "reset two-factor authentication",
  "download-passport": "downloaded the passport",
  "open-certificate": "opened the certificate",
  // The second factor (docs/product.md#second-factor).
  "turn-on-second-factor": "turned on two-factor authentication",
  "turn-off-second-factor": "turned off two-factor authentication",
  "use-recovery-code": "used a recovery code",
  // Re-authentication before a guarded action (docs/product.md#re-authentication).
  reauthenticate: "re-authenticated",
  // Entries written before the direction was recorded (their intent said neither).
  "toggle-status": "activated or deactivated",
  "toggle-pinned": "pinned or unpinned",
} as const satisfies Record<string, string>;

/** A word the trail records. */
export type ActionWord = (typeof ACTION_WORDS)[keyof typeof ACTION_WORDS];

/** The words the /audit Action filter offers, in the order of an admin's day. */
export const ACTION_FILTER_WORDS: readonly ActionWord[] = [
  ...new Set(Object.values(ACTION_WORDS).filter((word) => !word.includes(" or "))),
];

/**
 * The word an action is recorded (and filtered) as: an intent or a bulk action's name becomes its
 * word, a word stays itself, anything else is kept lower-cased (a made-up intent, refused).
 */
export function recordedAction(action: string): string {
  const key = action.trim().toLowerCase();
  return Object.hasOwn(ACTION_WORDS, key) ? ACTION_WORDS[key as keyof typeof ACTION_WORDS] : key;
}

/** A word as a label starts: "Banned", "Signed in". */
export function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The colours a result is shown in (the Badge tones of /audit and History). */
type ResultTone = "green" | "gray" | "red" | "yellow";

/** How each result reads, in words and colour (docs/product.md#audit): /audit, its filter and a user's History. */
export const RESULT_LABELS: Record<AuditResult, [string, ResultTone]> = {
  done: ["Done", "green"],
  refused: ["Refused", "gray"],
  failed: ["Failed", "red"],
  unknown: ["Outcome unknown", "yellow"],
};

/** An entry as /audit and History show it: the stored fields and its time in APP_TIMEZONE. */
export type AuditRow = AuditEntry & { when: string };

/** The entries with their time in the admin's time zone (APP_TIMEZONE). */
export function withLocalTime(entries: readonly AuditEntry[], timeZone: string): AuditRow[] {
  const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone });
  return entries.map((entry) => ({ ...entry, when: when.format(Date.parse(entry.at)) }));
}
