/**
 * The panel's record of each signed-in session (docs/operations.md#sessions): the signed user
 * cookie names one by a random id, and a page opens only while its record exists. Sign-out deletes
 * it, whatever the upstream answers; a session whose upstream role changed is deleted at its next
 * check (user.server.ts). It is also what a sessions page lists: when it signed in, when it was
 * last seen, from which address and browser. Kept in the state engine (app/state/): on disk under
 * `npm start`, in Redis for several instances; the family must persist (`session:`, a TTL of what
 * is left of the session's life).
 */
import { createHash, randomBytes } from "node:crypto";

import { z } from "zod";

import { logLine } from "~/lib/log.server";
import type { StateEngine } from "~/state/engine";
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
});
export type SessionRecord = z.output<typeof SessionRecordSchema>;

/** The longest User-Agent kept: enough to name a browser and its system. */
const USER_AGENT_LENGTH = 256;

/** A new session id: 128 random bits, in the user cookie only; the store keys its digest. */
export function newSessionId(): string {
  return randomBytes(16).toString("base64url");
}

// The store holds no live ids: a copy of it (a Redis dump) opens no session.
const keyOf = (sessionId: string) => `session:${createHash("sha256").update(sessionId).digest("base64url")}`;

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

/** Stores `record` under `sessionId` for the rest of the session's life. */
export async function saveSessionRecord(sessionId: string, record: SessionRecord, now = Date.now()): Promise<void> {
  const key = keyOf(sessionId);
  const ttl = secondsLeft(record, now);
  if (ttl <= 0) return deleteSessionRecord(sessionId);
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
  const parsed = SessionRecordSchema.safeParse(JSON.parse(stored));
  if (!parsed.success) return null;
  if (!local) keepLocally(key, parsed.data, Math.max(1, secondsLeft(parsed.data, now)), now);
  return parsed.data;
}

/** Ends the session `sessionId` on every instance (on this one alone while the store is away). */
export async function deleteSessionRecord(sessionId: string): Promise<void> {
  const key = keyOf(sessionId);
  localCopies.delete(key);
  await onStore(
    (engine) => engine.delete(key),
    () => undefined,
  );
}
