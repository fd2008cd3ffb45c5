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

import { theStateEngine } from "~/state/state.server";

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

/** Seconds left of a session that signed in at `signedInAt` and lives `lifetimeSeconds`. */
function secondsLeft(record: SessionRecord, lifetimeSeconds: number, now: number): number {
  return Math.ceil((record.signedInAt + lifetimeSeconds * 1000 - now) / 1000);
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

/** Stores `record` under `sessionId` for the rest of the session's `lifetimeSeconds`. */
export async function saveSessionRecord(
  sessionId: string,
  record: SessionRecord,
  lifetimeSeconds: number,
  now = Date.now(),
): Promise<void> {
  const ttl = secondsLeft(record, lifetimeSeconds, now);
  const engine = await theStateEngine();
  if (ttl > 0) await engine.set(keyOf(sessionId), JSON.stringify(record), ttl);
  else await engine.delete(keyOf(sessionId));
}

/** The record of `sessionId`, or null when it has ended (signed out, expired, or never was). */
export async function readSessionRecord(sessionId: string): Promise<SessionRecord | null> {
  const stored = await (await theStateEngine()).get(keyOf(sessionId));
  if (stored === undefined) return null;
  const parsed = SessionRecordSchema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : null;
}

/** Ends the session `sessionId` on every instance. */
export async function deleteSessionRecord(sessionId: string): Promise<void> {
  await (await theStateEngine()).delete(keyOf(sessionId));
}
