// Each admin's index of sessions (session-records.server.ts): what the sessions page lists and
// ends, kept right at sign-in, sign-out and expiry, on the embedded engine and on Redis alike.
import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import {
  deleteSessionRecord,
  endSessionByRef,
  newSessionId,
  openSessionRecord,
  readSessionRecord,
  SESSION_LIFETIME_SECONDS,
  type SessionRecord,
  SESSIONS_PER_ADMIN,
  sessionsOf,
} from "~/session/session-records.server";

import { missingForTests } from "../../scripts/ensure-packages.mjs";
import { useStateEnginePerTest } from "../support/state-engine-per-test";

const missingRedis = missingForTests(["redis-server"], "the Redis session index's tests");
const NOW = Date.now();

/** A record of admin `userId` that signed in `minutesAgo` minutes before NOW. */
function record(
  userId: string,
  minutesAgo = 0,
  userAgent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0",
): SessionRecord {
  const at = NOW - minutesAgo * 60_000;
  return {
    userId,
    email: `${userId}@example.com`,
    role: "ADMIN",
    signedInAt: at,
    lastSeenAt: at,
    checkedAt: at,
    address: "203.0.113.7",
    userAgent,
  };
}

/** Signs admin `userId` in once; answers the new session's id. */
async function signIn(userId: string, minutesAgo = 0): Promise<string> {
  const sessionId = newSessionId();
  await openSessionRecord(sessionId, record(userId, minutesAgo), NOW);
  return sessionId;
}

describe.each(["memory", "redis"] as const)("the sessions of an admin (%s)", (kind) => {
  const currentEngine = useStateEnginePerTest(kind, { missing: missingRedis });

  it("lists every sign-in of the admin, this one first and marked, and no one else's", async () => {
    const first = await signIn("7", 30);
    const second = await signIn("7", 10);
    await signIn("8");

    const listed = await sessionsOf("7", first, NOW);

    expect(listed.map(({ current, record }) => [current, record.signedInAt])).toEqual([
      [true, NOW - 30 * 60_000],
      [false, NOW - 10 * 60_000],
    ]);
    expect(new Set(listed.map(({ ref }) => ref)).size).toBe(2);
    // A reference names a session without being its id, nor the store's key.
    for (const { ref } of listed) {
      expect(first.includes(ref) || second.includes(ref)).toBe(false);
      expect(ref).toMatch(/^[A-Za-z0-9_-]{12}$/);
    }
  });

  it("ends a session by its reference: its record is gone and the index no longer lists it", async () => {
    const mine = await signIn("7");
    const other = await signIn("7");
    const otherRef = (await sessionsOf("7", mine, NOW)).find(({ current }) => !current)!.ref;

    expect(await endSessionByRef("8", otherRef)).toBe(false);
    expect(await readSessionRecord(other)).not.toBeNull();
    expect(await endSessionByRef("7", otherRef)).toBe(true);

    expect(await readSessionRecord(other)).toBeNull();
    expect(await readSessionRecord(mine)).not.toBeNull();
    expect((await sessionsOf("7", mine, NOW)).map(({ current }) => current)).toEqual([true]);
    expect(await endSessionByRef("7", otherRef)).toBe(false);
  });

  it("drops a signed-out session from the index", async () => {
    const mine = await signIn("7");
    const other = await signIn("7");
    await deleteSessionRecord(other);
    expect(await sessionsOf("7", mine, NOW)).toHaveLength(1);
    expect(await currentEngine().get("sessions-of:7")).not.toContain(digest(other));
  });

  it("drops a session whose record expired or went by itself", async () => {
    const mine = await signIn("7", 60);
    const other = await signIn("7");
    await currentEngine().delete(`session:${digest(other)}`);
    expect((await sessionsOf("7", mine, NOW)).map(({ current }) => current)).toEqual([true]);
    expect(await currentEngine().get("sessions-of:7")).not.toContain(digest(other));
    // Past the first session's 7 days, its entry is over too, whatever the store still holds.
    const later = NOW + SESSION_LIFETIME_SECONDS * 1000 - 30 * 60_000;
    expect(await sessionsOf("7", mine, later)).toEqual([]);
  });

  it("keeps every one of many sign-ins at the same moment", async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => signIn("7")));
    expect(await sessionsOf("7", ids[0]!, NOW)).toHaveLength(12);
  });

  it(`ends the oldest session at a sign-in past ${SESSIONS_PER_ADMIN}`, async () => {
    const oldest = await signIn("7", SESSIONS_PER_ADMIN + 1);
    for (let minutesAgo = SESSIONS_PER_ADMIN; minutesAgo > 1; minutesAgo--) await signIn("7", minutesAgo);
    const newest = newSessionId();

    const ended = await openSessionRecord(newest, record("7"), NOW);

    // Named for its audit entry as it was: its browser and device, and its address.
    expect(ended).toEqual([
      { kind: "session", id: expect.stringMatching(/^[\w-]{12}$/), name: "Firefox on Linux, 203.0.113.7" },
    ]);
    expect(await readSessionRecord(oldest)).toBeNull();
    const listed = await sessionsOf("7", newest, NOW);
    expect(listed).toHaveLength(SESSIONS_PER_ADMIN);
    expect(listed.map(({ ref }) => ref)).not.toContain(ended[0]!.id);
  });
});

/** The store's digest of a session id (its key is `session:<digest>`). */
function digest(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url");
}
