// Issue 28: the audit trail's store. The same cases run against both engines: the embedded one
// (LevelDB in a directory, what `npm start` uses) and Redis (REDIS_URL, a real redis-server):
// appending to one hash chain, the indexes, paging newest first, retention, the outbox while the
// store is away, and the chain check naming a tampered entry.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { ClassicLevel } from "classic-level";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { AuditEntry, AuditRecord } from "~/audit/entry";
import { entryHash } from "~/audit/chain";
import type { AuditEngine } from "~/audit/engine";
import { levelEngine } from "~/audit/level-engine.server";
import { redisEngine } from "~/audit/redis-engine.server";
import { auditTrail, type AuditTrail } from "~/audit/trail.server";
import { verifyChain } from "~/audit/verify.server";
import { log } from "~/lib/log.server";
import { findProgram, missingForTests } from "../../scripts/ensure-packages.mjs";
import { type RunningRedis, startRedis } from "../support/redis-server";

const DAY_MS = 24 * 60 * 60_000;
const missing = missingForTests(["redis-server"], "the Redis engine of the audit store");

/** One engine under test: how to open it (again), make it unavailable and bring it back. */
interface EngineUnderTest {
  open(): Promise<AuditEngine>;
  /** Makes the store unreachable for a trail: another process holds the directory, or Redis is down. */
  takeDown(): Promise<void>;
  bringBack(): Promise<void>;
  stop(): Promise<void>;
}

async function levelUnderTest(): Promise<EngineUnderTest> {
  const dir = mkdtempSync(path.join(tmpdir(), "audit-store-"));
  let holder: ClassicLevel | undefined;
  return {
    open: () => levelEngine(dir),
    async takeDown() {
      holder = new ClassicLevel(dir);
      await holder.open();
    },
    async bringBack() {
      await holder?.close();
    },
    async stop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function redisUnderTest(): Promise<EngineUnderTest> {
  let server: RunningRedis = await startRedis();
  const port = Number(new URL(server.url).port);
  const connections: Redis[] = [];
  return {
    async open() {
      const connection = new Redis(server.url, { maxRetriesPerRequest: 1, commandTimeout: 2_000 });
      connection.on("error", () => undefined);
      connections.push(connection);
      return redisEngine(connection);
    },
    takeDown: () => server.stop(),
    async bringBack() {
      server = await startRedis(findProgram("redis-server") ?? undefined, port);
    },
    async stop() {
      for (const connection of connections) connection.disconnect();
      await server.stop();
    },
  };
}

const engines = [
  { name: "embedded (LevelDB)", start: levelUnderTest },
  { name: "redis", start: redisUnderTest },
] as const;

const record = (fields: Partial<AuditRecord> = {}): AuditRecord => ({
  admin: "admin@example.com",
  action: "ban",
  target: { kind: "user", id: "12", name: "Ada" },
  result: "done",
  status: 200,
  ...fields,
});

describe.each(engines)("the audit store: $name", { timeout: 60_000 }, ({ name, start }) => {
  let under: EngineUnderTest;
  let trail: AuditTrail;
  const open: AuditEngine[] = [];
  const openEngine = async () => {
    const engine = await under.open();
    open.push(engine);
    return engine;
  };

  beforeAll(async () => {
    if (name === "redis" && missing) return;
    under = await start();
  });
  beforeEach((context) => {
    if (name === "redis" && missing) context.skip(missing);
  });
  afterEach(async () => {
    await trail?.close();
    for (const engine of open.splice(0)) await engine.close().catch(() => undefined);
  });
  afterAll(async () => {
    await under?.stop();
  });

  /** A fresh trail on the engine, its retention a year, its outbox retrying fast. */
  const freshTrail = () => {
    trail = auditTrail(openEngine, { retentionDays: 365, outbox: { retryMs: 5, loudAfter: 3 } });
    return trail;
  };

  it("appends entries to one chain and pages them newest first by cursor, by each index and by date", async () => {
    const trail = freshTrail();
    const day = Date.UTC(2026, 10, 20);
    // 30 entries over three days: two admins, two actions, three users, a batch.
    for (let index = 0; index < 30; index++) {
      await trail.record(
        record({
          at: day + Math.floor(index / 10) * DAY_MS + index * 1000,
          admin: index % 2 ? "second@example.com" : "admin@example.com",
          action: index % 3 ? "ban" : "unban",
          target: { kind: "user", id: String(index % 3), name: `User ${index % 3}` },
          batch: index >= 25 ? "batch-1" : null,
        }),
      );
    }
    const first = await trail.page({ limit: 10 });
    expect(first.entries.map((entry) => entry.seq)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
    expect(first.newer).toBeNull();
    const second = await trail.page({ limit: 10, before: first.older });
    expect(second.entries.map((entry) => entry.seq)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    const back = await trail.page({ limit: 10, after: second.newer });
    expect(back.entries.map((entry) => entry.seq)).toEqual(first.entries.map((entry) => entry.seq));

    const byAdmin = await trail.page({ limit: 100, admin: "Second@example.com" });
    expect(byAdmin.entries).toHaveLength(15);
    expect(byAdmin.entries.every((entry) => entry.admin === "second@example.com")).toBe(true);
    const byTarget = await trail.page({ limit: 4, target: { kind: "user", id: "1" } });
    expect(byTarget.entries.map((entry) => entry.seq)).toEqual([29, 26, 23, 20]);
    expect(byTarget.older).toBe(20);
    const byActionAndAdmin = await trail.page({ limit: 100, action: "unban", admin: "admin@example.com" });
    expect(byActionAndAdmin.entries.map((entry) => entry.seq)).toEqual([25, 19, 13, 7, 1]);
    const byBatch = await trail.page({ limit: 100, batch: "batch-1" });
    expect(byBatch.entries.map((entry) => entry.seq)).toEqual([30, 29, 28, 27, 26]);
    const secondDay = await trail.page({ limit: 100, fromMs: day + DAY_MS, toMs: day + 2 * DAY_MS });
    expect(secondDay.entries.map((entry) => entry.seq)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    expect(await trail.page({ limit: 10, admin: "nobody@example.com" })).toEqual({
      entries: [],
      older: null,
      newer: null,
    });

    const [newest] = first.entries as [AuditEntry];
    expect(newest).toMatchObject({ seq: 30, action: "ban", batch: "batch-1", result: "done", status: 200 });
    expect(newest.target).toEqual({ kind: "user", id: "2", name: "User 2" });
    expect(await verifyChain(await trail.engine())).toMatchObject({ ok: true, checked: 30, from: 1, notes: [] });
  });

  it("lists a member's entries: the user, their citizenship request and their posts (the owner), not others'", async () => {
    const trail = freshTrail();
    await trail.record(record({ target: { kind: "user", id: "77", name: "Ada" } }));
    await trail.record(record({ action: "delete", target: { kind: "post", id: "5", name: "Hi", owner: "77" } }));
    await trail.record(record({ action: "delete", target: { kind: "post", id: "6", name: "Yo", owner: "78" } }));
    await trail.record(record({ action: "reject", target: { kind: "badge-request", id: "77", name: "Ada" } }));
    await trail.record(record({ action: "delete", target: { kind: "post", id: "7", name: "No author" } }));
    const member = await trail.page({ limit: 10, member: "77" });
    expect(member.entries.map((entry) => [entry.action, entry.target?.kind, entry.target?.id])).toEqual([
      ["reject", "badge-request", "77"],
      ["delete", "post", "5"],
      ["ban", "user", "77"],
    ]);
    expect(member.entries[1]!.target).toEqual({ kind: "post", id: "5", name: "Hi", owner: "77" });
    expect((await trail.page({ limit: 10, member: "77", action: "delete" })).entries).toHaveLength(1);
    expect((await verifyChain(await trail.engine())).ok).toBe(true);
  });

  it("keeps entries when the store is opened again", async () => {
    const before = (await freshTrail().page({ limit: 1 })).entries[0]!;
    await trail.close();
    const again = freshTrail();
    await again.record(record({ action: "verify" }));
    const [newest, previous] = (await again.page({ limit: 2 })).entries;
    expect(previous).toEqual(before);
    expect(newest).toMatchObject({ seq: before.seq + 1, action: "verify", prev: before.hash });
  });

  it("appends concurrent entries into one chain (no two entries follow the same head)", async () => {
    const mine = freshTrail();
    // Redis: a second connection, as another instance has; the embedded store has one process.
    const other = name === "redis" ? auditTrail(openEngine, { retentionDays: 365 }) : mine;
    const start = (await mine.page({ limit: 1 })).entries[0]!.seq;
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 ? other : mine).record(record({ action: `race-${index}` }))),
    );
    const written = await mine.page({ limit: 20, after: start });
    expect(written.entries).toHaveLength(20);
    expect(new Set(written.entries.map((entry) => entry.action)).size).toBe(20);
    expect((await verifyChain(await mine.engine())).ok).toBe(true);
    if (other !== mine) await other.close();
  });

  it("trims entries older than the retention and keeps the rest verifiable from the trim point", async () => {
    const trail = freshTrail();
    const engine = await trail.engine();
    const newest = (await engine.head()).seq;
    // Everything so far is a year and a day old when "now" is 366 days on.
    const now = Date.now() + 366 * DAY_MS;
    await trail.record(record({ action: "kept", at: now }));
    const removed = await trail.trim(now);
    expect(removed).toBe(newest);
    const left = await trail.page({ limit: 10 });
    expect(left.entries.map((entry) => entry.action)).toEqual(["kept"]);
    // The trim point is the last entry removed, whole: its time is proved by its hash.
    const trimPoint = await engine.trimPoint();
    expect(trimPoint).toMatchObject({ seq: newest, hash: left.entries[0]!.prev });
    expect(entryHash(trimPoint as AuditEntry)).toBe(trimPoint!.hash);
    expect(Date.parse(trimPoint!.at!)).toBeLessThan(now - 365 * DAY_MS);
    expect(await verifyChain(engine, { retentionDays: 365, now })).toMatchObject({
      ok: true,
      checked: 1,
      from: newest + 1,
      notes: [],
    });
  });

  it("names the first tampered entry", async () => {
    const trail = freshTrail();
    for (const action of ["one", "two", "three"]) await trail.record(record({ action }));
    const engine = await trail.engine();
    const [, middle] = (await trail.page({ limit: 3 })).entries;
    await engine.overwrite({ ...middle!, reason: "rewritten later" });
    expect(await verifyChain(engine)).toMatchObject({
      ok: false,
      broken: { seq: middle!.seq, problem: "its content does not match its hash" },
    });
    // Put back as it was, the chain holds again.
    await engine.overwrite(middle!);
    expect((await verifyChain(engine)).ok).toBe(true);
  });

  it("publishes its head as an `audit head` log line, which the check then holds the trail to", async () => {
    const trail = freshTrail();
    await trail.record(record({ action: "published" }));
    const info = vi.spyOn(log, "info");
    let head: Awaited<ReturnType<AuditTrail["publishHead"]>>;
    let lines: unknown[];
    try {
      head = await trail.publishHead();
      lines = info.mock.calls.filter(([, msg]) => msg === "audit head").map(([fields]) => fields);
    } finally {
      info.mockRestore();
    }
    expect(lines).toEqual([{ seq: head.seq, hash: head.hash }]);
    const logged = lines[0] as { seq: number; hash: string };
    const engine = await trail.engine();
    expect(await verifyChain(engine, { knownHead: logged })).toMatchObject({ ok: true, heldKnownHead: true });
    // Entries appended since keep the published one: it still holds.
    await trail.record(record({ action: "later" }));
    expect(await verifyChain(engine, { knownHead: logged })).toMatchObject({ ok: true, heldKnownHead: true });
    expect(await verifyChain(engine, { knownHead: { seq: logged.seq + 5, hash: logged.hash } })).toMatchObject({
      ok: false,
      broken: { seq: logged.seq + 5, part: "head" },
    });
    expect(await verifyChain(engine, { knownHead: { seq: logged.seq, hash: "f".repeat(64) } })).toMatchObject({
      ok: false,
      broken: {
        seq: logged.seq,
        problem: "its hash is not the published head's: the trail was rewritten from there or before",
      },
    });
  });

  it("keeps entries in its outbox while the store is away and writes them, in order, once it is back", async () => {
    const trail = freshTrail();
    await trail.record(record({ action: "before" }));
    await trail.close();
    await under.takeDown();
    // The action does not wait for the store: each record resolves once its first write failed.
    for (const action of ["away-1", "away-2", "away-3"]) await trail.record(record({ action }));
    await expect(trail.page({ limit: 1 })).rejects.toThrow();
    await under.bringBack();
    await trail.idle();
    const actions = (await trail.page({ limit: 3 })).entries.map((entry) => entry.action);
    expect(actions).toEqual(["away-3", "away-2", "away-1"]);
  });
});
