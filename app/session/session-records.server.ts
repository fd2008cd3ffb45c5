/**
 * The panel's record of each signed-in session (docs/operations.md#sessions): the signed user
 * cookie names one by a random id, and a page opens only while its record exists. Sign-out deletes
 * it, whatever the upstream answers; a session whose upstream role changed is deleted at its next
 * check (user.server.ts). It is also what a sessions page lists: when it signed in, when it was
 * last seen, from which address and browser. Kept in the state engine (app/state/): on disk under
 * `npm start`, in Redis for several instances; the family must persist (`session:`, a TTL of what
 * is left of the session's life). Each admin's sessions are also indexed (`sessions-of:<user id>`,
 * must persist too): what the sessions page lists and ends (docs/operations.md#sessions).
 */
import { createHash, randomBytes } from "node:crypto";

import { z } from "zod";

import type { AuditTarget } from "~/audit/entry";
import { logLine } from "~/lib/log.server";
import { browserAndDevice } from "~/session/user-agent";
import type { StateEngine } from "~/state/engine";
import { parseStored } from "~/state/lasting-records.server";
import { theStateEngine } from "~/state/state.server";

/** How long a session lives from its sign-in: 7 days, the user cookie's life (docs/product.md#current-user). */
export const SESSION_LIFETIME_SECONDS = 604_800;

/** What the panel keeps of one signed-in session. */
export const SessionRecordSchema = z.object({
  /** The upstream user's id, for the role check. */
  userId: z.string(),
  email: z.string(),
  /** The role the session signed in with, upper-cased. */
  role: z.string(),
  signedInAt: z.number(),
  lastSeenAt: z.number(),
  /** When the upstream last confirmed the role. */
  checkedAt: z.number(),
  /** The client's address when last seen. */
  address: z.string(),
  /** The browser's User-Agent, cut to USER_AGENT_LENGTH characters. */
  userAgent: z.string(),
  /** When the admin last answered a re-authentication challenge in this session (reauthentication.server.ts). */
  reauthenticatedAt: z.number().optional(),
});
export type SessionRecord = z.output<typeof SessionRecordSchema>;

/** The longest User-Agent kept: enough to name a browser and its system. */
const USER_AGENT_LENGTH = 256;

/** A new session id: 128 random bits, in the user cookie only; the store keys its digest. */
export function newSessionId(): string {
  return randomBytes(16).toString("base64url");
}

/** A session id's digest: the store holds no live ids, so a copy of it (a Redis dump) opens no session. */
const digestOf = (sessionId: string) => createHash("sha256").update(sessionId).digest("base64url");
const keyOfDigest = (digest: string) => `session:${digest}`;
const keyOf = (sessionId: string) => keyOfDigest(digestOf(sessionId));

/** Seconds left of a session that signed in at `signedInAt`. */
function secondsLeft(record: SessionRecord, now: number): number {
  return Math.ceil((record.signedInAt + SESSION_LIFETIME_SECONDS * 1000 - now) / 1000);
}

/** The facts of a new session from the sign-in's request. */
export function sessionFacts(
  request: Request,
  user: { id: string | number; email: string; role: string },
  address: string,
  now = Date.now(),
): SessionRecord {
  return {
    userId: String(user.id),
    email: user.email,
    role: user.role.toUpperCase(),
    signedInAt: now,
    lastSeenAt: now,
    checkedAt: now,
    address,
    userAgent: (request.headers.get("user-agent") ?? "").slice(0, USER_AGENT_LENGTH),
  };
}

/**
 * This instance's copy of the records it has read or written, for while the shared store does not
 * answer (Redis away): a session this instance knows goes on working here, one it ended here stays
 * ended, and one it never saw must sign in again. Bounded: the oldest seen are forgotten first.
 */
const LOCAL_COPIES = 10_000;
const localCopies = new Map<string, { record: SessionRecord; expires: number }>();

function keepLocally(key: string, record: SessionRecord, ttlSeconds: number, now: number): void {
  localCopies.delete(key);
  localCopies.set(key, { record, expires: now + ttlSeconds * 1000 });
  if (localCopies.size > LOCAL_COPIES) localCopies.delete(localCopies.keys().next().value!);
}

let storeAway = false;

/** Runs `step` on the state engine; while it fails, answers `fallback` and says so once. */
async function onStore<T>(step: (engine: StateEngine) => Promise<T>, fallback: () => T): Promise<T> {
  try {
    const answer = await step(await theStateEngine());
    if (storeAway) {
      storeAway = false;
      logLine("info", "session store available again");
    }
    return answer;
  } catch (error) {
    if (!storeAway) {
      storeAway = true;
      logLine("error", "session store unavailable: sessions this instance knows go on here, others sign in again", {
        error: error instanceof Error ? error.message : String(error),
      });
    }
    return fallback();
  }
}

/**
 * Starts the record of a new session and adds it to its admin's index. Answers the sessions the
 * index had to end for it (their oldest, past SESSIONS_PER_ADMIN) as the audit trail names them.
 */
export async function openSessionRecord(
  sessionId: string,
  record: SessionRecord,
  now = Date.now(),
): Promise<AuditTarget[]> {
  await saveSessionRecord(sessionId, record, now);
  const digest = digestOf(sessionId);
  const expires = record.signedInAt + SESSION_LIFETIME_SECONDS * 1000;
  let ended: IndexEntry[] = [];
  await changeIndex(record.userId, now, (entries) => {
    const next = [...entries.filter(([held]) => held !== digest), [digest, expires] as IndexEntry];
    // The oldest sign-ins go first; a retried change starts again from what the store holds.
    next.sort((a, b) => a[1] - b[1]);
    ended = next.slice(0, Math.max(0, next.length - SESSIONS_PER_ADMIN));
    return next.slice(ended.length);
  });
  const targets: AuditTarget[] = [];
  for (const [gone] of ended) {
    const stored = await onStore(
      (engine) => engine.get(keyOfDigest(gone)),
      () => undefined,
    );
    const endedRecord = parseRecord(stored);
    targets.push(
      endedRecord ? sessionTarget(sessionRef(gone), endedRecord) : { kind: "session", id: sessionRef(gone) },
    );
    await deleteByDigest(gone);
  }
  return targets;
}

/** Stores `record` under `sessionId` for the rest of the session's life. */
export async function saveSessionRecord(sessionId: string, record: SessionRecord, now = Date.now()): Promise<void> {
  const key = keyOf(sessionId);
  const ttl = secondsLeft(record, now);
  // A session past its life: its index entry has expired with it.
  if (ttl <= 0) return deleteByDigest(digestOf(sessionId));
  keepLocally(key, record, ttl, now);
  await onStore(
    (engine) => engine.set(key, JSON.stringify(record), ttl),
    () => undefined,
  );
}

/** The record of `sessionId`, or null when it has ended (signed out, expired, or never was). */
export async function readSessionRecord(sessionId: string, now = Date.now()): Promise<SessionRecord | null> {
  const key = keyOf(sessionId);
  const local = localCopies.get(key);
  const stored = await onStore(
    (engine) => engine.get(key),
    () => (local && local.expires > now ? JSON.stringify(local.record) : undefined),
  );
  if (stored === undefined) {
    localCopies.delete(key);
    return null;
  }
  const record = parseRecord(stored);
  if (!record) return null;
  if (!local) keepLocally(key, record, Math.max(1, secondsLeft(record, now)), now);
  return record;
}

const parseRecord = (stored: string | undefined) => parseStored(stored, SessionRecordSchema);

/**
 * Ends the session `sessionId` on every instance (on this one alone while the store is away), and
 * leaves its admin's index. Answers the session as the audit trail names it, or null when it had ended.
 */
export async function deleteSessionRecord(sessionId: string): Promise<AuditTarget | null> {
  const digest = digestOf(sessionId);
  const record = await readSessionRecord(sessionId);
  await deleteByDigest(digest);
  if (!record) return null;
  await changeIndex(record.userId, Date.now(), (entries) => entries.filter(([held]) => held !== digest));
  return sessionTarget(sessionRef(digest), record);
}

/** A session as the audit trail names it: its reference, its browser and device, and its address. */
export function sessionTarget(ref: string, record: SessionRecord): AuditTarget {
  return { kind: "session", id: ref, name: `${browserAndDevice(record.userAgent)}, ${record.address}` };
}

/** Removes the record under `digest`, here and in the store. */
async function deleteByDigest(digest: string): Promise<void> {
  const key = keyOfDigest(digest);
  localCopies.delete(key);
  await onStore(
    (engine) => engine.delete(key),
    () => undefined,
  );
}

/** The most sessions one admin keeps at once: a sign-in past it ends their oldest. */
export const SESSIONS_PER_ADMIN = 50;

/** One session in its admin's index: its record's digest and when it ends (ms since the epoch). */
type IndexEntry = [digest: string, expires: number];
const IndexSchema = z.array(z.tuple([z.string(), z.number()]));
const indexKey = (userId: string) => `sessions-of:${userId}`;

const parseIndex = (stored: string | undefined): IndexEntry[] => parseStored(stored, IndexSchema) ?? [];

/** How often a change of an index is tried again when another instance changed it in between. */
const INDEX_ATTEMPTS = 50;

/**
 * Changes the index of `userId` at once (compare and swap, tried again when another request
 * changed it in between): `change` gets its sessions that have not ended by `now`, and answers
 * what to keep. The index lives as long as its longest session. Records are the truth: an index
 * that missed a change (the store away, attempts spent) lists nothing they do not hold.
 */
async function changeIndex(
  userId: string,
  now: number,
  change: (entries: IndexEntry[]) => IndexEntry[],
): Promise<void> {
  const key = indexKey(userId);
  await onStore(
    async (engine) => {
      for (let attempt = 0; attempt < INDEX_ATTEMPTS; attempt++) {
        const held = await engine.get(key);
        const next = change(parseIndex(held).filter(([, expires]) => expires > now));
        const value = JSON.stringify(next);
        if (value === held) return;
        // An empty index is kept a second: a swap needs a value to compare with.
        const ttl = Math.max(1, Math.ceil((Math.max(now, ...next.map(([, expires]) => expires)) - now) / 1000));
        if (
          held === undefined
            ? (await engine.claim(key, value, ttl)) === undefined
            : await engine.swap(key, held, value, ttl)
        )
          return;
      }
      logLine("warn", "session index not changed: another instance changed it each time", { userId });
    },
    () => undefined,
  );
}

/** The reference of a session the sessions page, its forms and the audit trail name it by: a prefix of its digest. */
function sessionRef(digest: string): string {
  return digest.slice(0, 12);
}

/** One of an admin's sessions, as the sessions page lists it. */
export interface ListedSession {
  /** What the page's forms and the audit trail name it by (never its id). */
  ref: string;
  /** Whether it is the session asking. */
  current: boolean;
  record: SessionRecord;
}

/**
 * The live sessions of the admin `userId`, this one (`sessionId`, marked `current`) first, then the
 * most recently seen. Sessions whose record has gone (ended elsewhere, expired) leave the index.
 * Throws while the store does not answer: this instance's copies are not the whole list.
 */
export async function sessionsOf(userId: string, sessionId: string, now = Date.now()): Promise<ListedSession[]> {
  const currentDigest = digestOf(sessionId);
  const listed = await onStore(
    async (engine) => {
      const entries = parseIndex(await engine.get(indexKey(userId))).filter(([, expires]) => expires > now);
      const stored = await engine.getMany(entries.map(([digest]) => keyOfDigest(digest)));
      return entries.map(([digest], index) => ({ digest, record: parseRecord(stored[index]) }));
    },
    () => {
      throw new Error("the session store is unavailable");
    },
  );
  // Only what was found gone leaves: a session that signed in meanwhile stays.
  const gone = new Set(listed.flatMap(({ digest, record }) => (record?.userId === userId ? [] : [digest])));
  if (gone.size > 0) await changeIndex(userId, now, (entries) => entries.filter(([digest]) => !gone.has(digest)));
  return listed
    .flatMap(({ digest, record }) => (record && !gone.has(digest) ? [{ digest, record }] : []))
    .map(({ digest, record }) => ({ ref: sessionRef(digest), current: digest === currentDigest, record }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.record.lastSeenAt - a.record.lastSeenAt);
}

/**
 * Ends the admin `userId`'s session named `ref` on every instance; false when none of theirs is
 * named so. Throws while the store does not answer.
 */
export async function endSessionByRef(userId: string, ref: string): Promise<boolean> {
  const entries = await onStore(
    async (engine) => parseIndex(await engine.get(indexKey(userId))),
    () => {
      throw new Error("the session store is unavailable");
    },
  );
  const digest = entries.find(([held]) => sessionRef(held) === ref)?.[0];
  if (!digest) return false;
  await deleteByDigest(digest);
  await changeIndex(userId, Date.now(), (live) => live.filter(([held]) => held !== digest));
  return true;
}
