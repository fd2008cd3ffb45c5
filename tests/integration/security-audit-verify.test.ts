// Security round four: `npm run audit:verify` (build/server/audit-verify.js, as the operator runs
// it) against a trail tampered with in the real store, LevelDB in a directory and a real
// redis-server, by hand, the way someone with write access to the store would: the newest entries
// removed and the head moved back (caught against a published head, `--head SEQ:HASH`), the
// oldest removed behind a forged trim point younger than the retention, and entries hidden from
// (or slipped into) the indexes the pages, the filters and the retention read. Exit codes: 0 the
// trail holds, 1 it is broken (the message names what), 2 it could not be read.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { ClassicLevel } from "classic-level";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import type { AuditEntry, AuditRecord } from "~/audit/entry";
import { headAfter, indexKeys, type ChainHead } from "~/audit/chain";
import { padSeq, type AuditEngine } from "~/audit/engine";
import { levelEngine } from "~/audit/level-engine.server";
import { redisEngine } from "~/audit/redis-engine.server";
import { auditTrail } from "~/audit/trail.server";
import { missingForTests } from "../../scripts/ensure-packages.mjs";
import { type RunningRedis, startRedis } from "../support/redis-server";
import { ROOT } from "../support/servers";

const DAY_MS = 24 * 60 * 60_000;
const VERIFY = path.join(ROOT, "build/server/audit-verify.js");
const missing = missingForTests(["redis-server"], "the Redis engine of the audit store");

/** The store's raw keys, for tampering by hand (the engine's own layout, written out again). */
interface RawStore {
  entry(seq: number): Promise<AuditEntry>;
  /** Removes an entry with every listing it has: under "all", its indexes and the time index. */
  remove(seq: number): Promise<void>;
  setHead(head: ChainHead): Promise<void>;
  setTrim(value: unknown): Promise<void>;
  /** Takes entry `seq` out of `index` ("time": the time index). */
  unlist(index: string, seq: number): Promise<void>;
  /** Lists entry `seq` under `index` ("time": the time index, at `ms`). */
  list(index: string, seq: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

/** One engine: a fresh empty store per test, how to open it, tamper with it and point the command at it. */
interface StoreUnderTest {
  env: NodeJS.ProcessEnv;
  open(): Promise<AuditEngine>;
  /** Raw access; the embedded store must not be open elsewhere (one process, one holder). */
  raw(): Promise<RawStore>;
  stop(): Promise<void>;
}

const SEP = "\u0000";
const levelKeys = {
  entry: (seq: number) => `e${SEP}${padSeq(seq)}`,
  index: (index: string, seq: number) => `i${SEP}${index}${SEP}${padSeq(seq)}`,
  time: (ms: number, seq: number) => `t${SEP}${padSeq(ms)}${SEP}${padSeq(seq)}`,
};

async function levelStore(): Promise<StoreUnderTest> {
  const dir = mkdtempSync(path.join(tmpdir(), "audit-verify-test-"));
  return {
    env: { AUDIT_DIR: dir, REDIS_URL: "" },
    open: () => levelEngine(dir),
    async raw() {
      const db = new ClassicLevel<string, string>(dir, { valueEncoding: "utf8" });
      await db.open();
      const entry = async (seq: number) => JSON.parse((await db.get(levelKeys.entry(seq)))!) as AuditEntry;
      return {
        entry,
        async remove(seq) {
          const gone = await entry(seq);
          await db.batch([
            { type: "del", key: levelKeys.entry(seq) },
            { type: "del", key: levelKeys.time(Date.parse(gone.at), seq) },
            ...["all", ...indexKeys(gone)].map((index) => ({ type: "del" as const, key: levelKeys.index(index, seq) })),
          ]);
        },
        setHead: (head) => db.put(`m${SEP}head`, JSON.stringify(head)),
        setTrim: (value) => db.put(`m${SEP}trim`, JSON.stringify(value)),
        async unlist(index, seq) {
          if (index === "time") await db.del(levelKeys.time(Date.parse((await entry(seq)).at), seq));
          else await db.del(levelKeys.index(index, seq));
        },
        list: (index, seq, ms) => db.put(index === "time" ? levelKeys.time(ms!, seq) : levelKeys.index(index, seq), ""),
        close: () => db.close(),
      };
    },
    async stop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let redisServer: RunningRedis | undefined;

async function redisStore(): Promise<StoreUnderTest> {
  redisServer ??= await startRedis();
  const url = redisServer.url;
  const connections: Redis[] = [];
  const connect = () => {
    const connection = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2_000 });
    connection.on("error", () => undefined);
    connections.push(connection);
    return connection;
  };
  await connect().flushall();
  return {
    env: { REDIS_URL: url },
    open: async () => redisEngine(connect()),
    async raw() {
      const redis = connect();
      const entry = async (seq: number) => JSON.parse((await redis.get(`audit:e:${seq}`))!) as AuditEntry;
      return {
        entry,
        async remove(seq) {
          const gone = await entry(seq);
          const multi = redis.multi().del(`audit:e:${seq}`).zrem("audit:time", padSeq(seq));
          for (const index of ["all", ...indexKeys(gone)]) multi.zrem(`audit:i:${index}`, String(seq));
          await multi.exec();
        },
        setHead: async (head) => void (await redis.set("audit:head", JSON.stringify(head))),
        setTrim: async (value) => void (await redis.set("audit:trim", JSON.stringify(value))),
        async unlist(index, seq) {
          if (index === "time") await redis.zrem("audit:time", padSeq(seq));
          else await redis.zrem(`audit:i:${index}`, String(seq));
        },
        async list(index, seq, ms) {
          if (index === "time") await redis.zadd("audit:time", ms!, padSeq(seq));
          else await redis.zadd(`audit:i:${index}`, seq, String(seq));
        },
        close: async () => redis.disconnect(),
      };
    },
    async stop() {
      for (const connection of connections) connection.disconnect();
    },
  };
}

/** `npm run audit:verify [args]` against the store, as the operator runs it: exit code and what it printed. */
async function verify(store: StoreUnderTest, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  return promisify(execFile)(process.execPath, [VERIFY, ...args], {
    cwd: ROOT,
    env: { ...process.env, AUDIT_KNOWN_HEAD: "", AUDIT_RETENTION_DAYS: "", ...store.env, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

/** The entries the tests write: two admins, two actions, users and posts (with an author: a member), a batch. */
function recordAt(index: number, at: number): AuditRecord {
  return {
    admin: index % 2 ? "second@example.com" : "admin@example.com",
    action: index % 3 ? "ban" : "unban",
    target:
      index % 5 === 0
        ? { kind: "post", id: `p${index}`, name: `Post ${index}`, owner: "7" }
        : { kind: "user", id: String(index % 3), name: `User ${index % 3}` },
    batch: index >= 25 ? "batch-1" : null,
    result: "done",
    status: 200,
    at,
  };
}

/** Writes `count` entries through the trail (the first `old` of them 400 days old, the rest a day old) and closes it. */
async function writeTrail(store: StoreUnderTest, { count = 30, old = 0 } = {}) {
  const now = Date.now();
  const trail = auditTrail(() => store.open(), { retentionDays: 365 });
  for (let index = 0; index < count; index++) {
    await trail.record(recordAt(index, (index < old ? now - 400 * DAY_MS : now - DAY_MS) + index * 1000));
  }
  const head = await (await trail.engine()).head();
  await trail.close();
  return head;
}

/** Runs `tamper` on the raw store, then closes it. */
async function tamper(store: StoreUnderTest, change: (raw: RawStore) => Promise<void>) {
  const raw = await store.raw();
  try {
    await change(raw);
  } finally {
    await raw.close();
  }
}

const engines = [
  { name: "embedded (LevelDB)", start: levelStore },
  { name: "redis", start: redisStore },
] as const;

describe.each(engines)("audit:verify on a tampered trail: $name", { timeout: 60_000 }, ({ name, start }) => {
  let store: StoreUnderTest;

  beforeEach(async (context) => {
    if (name === "redis" && missing) context.skip(missing);
    store = await start();
  });
  afterEach(async () => {
    await store?.stop();
  });
  afterAll(async () => {
    await redisServer?.stop();
    redisServer = undefined;
  });

  it("passes an intact trail, prints its head, and passes it against a head published earlier", async () => {
    const head = await writeTrail(store);
    const intact = await verify(store);
    expect(intact.code).toBe(0);
    expect(intact.output).toMatch(/holds: 30 entries, 1 to 30, each linked to the one before\./);
    expect(intact.output).toContain(`30:${head.hash}`);
    const published = await verify(store, ["--head", `30:${head.hash}`]);
    expect(published).toMatchObject({ code: 0 });
    expect(published.output).toMatch(/holds the published head, entry 30/);
    // An older published head is still in the trail: the entries after it were appended since.
    let twenty = "";
    await tamper(store, async (raw) => void (twenty = (await raw.entry(20)).hash));
    expect(await verify(store, [`--head=20:${twenty}`])).toMatchObject({ code: 0 });
  });

  it("fails a trail whose newest entries were removed and head moved back, against the published head", async () => {
    const published = await writeTrail(store);
    await tamper(store, async (raw) => {
      const kept = await raw.entry(27);
      for (const seq of [30, 29, 28]) await raw.remove(seq);
      await raw.setHead(headAfter(kept));
    });
    // Alone, a shorter trail is a whole trail: only a head kept elsewhere (the log) shows the cut.
    expect((await verify(store)).code).toBe(0);
    const against = await verify(store, ["--head", `30:${published.hash}`]);
    expect(against.code).toBe(1);
    expect(against.output).toMatch(/is broken at entry 30: the trail ends at entry 27, before the published head/);
    // The same head from the environment.
    const fromEnv = await verify(store, [], { AUDIT_KNOWN_HEAD: `30:${published.hash}` });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.output).toMatch(/is broken at entry 30: the trail ends at entry 27/);

    // Written again up to 30: the number is there, the published hash is not.
    const trail = auditTrail(() => store.open(), { retentionDays: 365 });
    for (const index of [40, 41, 42]) await trail.record(recordAt(index, Date.now()));
    await trail.close();
    const rewritten = await verify(store, ["--head", `30:${published.hash}`]);
    expect(rewritten.code).toBe(1);
    expect(rewritten.output).toMatch(/is broken at entry 30: its hash is not the published head's/);
  });

  it("fails a head moved back over entries left in place", async () => {
    await writeTrail(store);
    await tamper(store, async (raw) => raw.setHead(headAfter(await raw.entry(27))));
    const moved = await verify(store);
    expect(moved.code).toBe(1);
    expect(moved.output).toMatch(/is broken at entry 28: it is beyond the head \(entry 27\)/);
  });

  it("refuses a malformed published head (exit 2)", async () => {
    await writeTrail(store, { count: 2 });
    const malformed = await verify(store, ["--head", "30:not-a-hash"]);
    expect(malformed.code).toBe(2);
    expect(malformed.output).toMatch(/--head/);
  });

  it("fails the oldest entries removed behind a forged trim point younger than the retention", async () => {
    await writeTrail(store);
    let tenth: AuditEntry | undefined;
    await tamper(store, async (raw) => {
      tenth = await raw.entry(10);
      for (let seq = 1; seq <= 10; seq++) await raw.remove(seq);
      // The trim point retention writes: the last removed entry (a day old, well within a year).
      await raw.setTrim(tenth);
    });
    const forged = await verify(store);
    expect(forged.code).toBe(1);
    expect(forged.output).toMatch(/is broken at entry 10: the trim point is younger than the retention/);

    // Its time moved back a year: the trim point no longer matches its hash.
    await tamper(store, (raw) =>
      raw.setTrim({ seq: 10, hash: tenth!.hash, at: new Date(Date.now() - 400 * DAY_MS).toISOString() }),
    );
    const backdated = await verify(store);
    expect(backdated.code).toBe(1);
    expect(backdated.output).toMatch(/is broken at entry 10: the trim point does not match its hash/);
  });

  it("passes entries removed by retention, checks their age against AUDIT_RETENTION_DAYS, and says when a trim point has no time", async () => {
    await writeTrail(store, { old: 10 });
    const trail = auditTrail(() => store.open(), { retentionDays: 365 });
    expect(await trail.trim()).toBe(10);
    await trail.close();
    const trimmed = await verify(store);
    expect(trimmed.code).toBe(0);
    expect(trimmed.output).toMatch(/holds: 20 entries, 11 to 30/);
    expect(trimmed.output).toMatch(/retention removed the entries up to 10 \(of [\d-]+T/);
    // A longer retention would have kept entry 10 (400 days old): the check reads AUDIT_RETENTION_DAYS.
    const longer = await verify(store, [], { AUDIT_RETENTION_DAYS: "500" });
    expect(longer.code).toBe(1);
    expect(longer.output).toMatch(/is broken at entry 10: the trim point is younger than the retention \(500 days\)/);

    // A store trimmed before trim points kept their time: unknown, said, not failed.
    await tamper(store, async (raw) => {
      const eleventh = await raw.entry(11);
      await raw.setTrim({ seq: 10, hash: eleventh.prev });
    });
    const older = await verify(store);
    expect(older.code).toBe(0);
    expect(older.output).toMatch(/the trim point \(entry 10\) has no time: its age against the retention is unknown/);
  });

  it("passes a store begun by earlier versions: its oldest entries in no member index (said), a created item under an empty target", async () => {
    await writeTrail(store);
    const trail = auditTrail(() => store.open(), { retentionDays: 365 });
    await trail.record({
      admin: "admin@example.com",
      action: "save",
      target: { kind: "plan", id: "" },
      result: "done",
    });
    await trail.close();
    await tamper(store, async (raw) => {
      // Entries 1 to 10 were written before the member index (decision 060), which was not back-filled.
      for (let seq = 1; seq <= 10; seq++) {
        for (const index of indexKeys(await raw.entry(seq)))
          if (index.startsWith("member:")) await raw.unlist(index, seq);
      }
      // Before a created item was listed under no target, it was listed under "target:plan:".
      await raw.list("target:plan:", 31);
    });
    const earlier = await verify(store);
    expect(earlier.code).toBe(0);
    expect(earlier.output).toMatch(/Not checked: 10 entries about a member, 1 to 10, are in no member index/);
    // After the first entry listed under its member, one missing from it is hidden.
    await tamper(store, (raw) => raw.unlist("member:1", 14));
    const hidden = await verify(store);
    expect(hidden.code).toBe(1);
    expect(hidden.output).toContain("is broken at entry 14: it is not listed under the index member:1");
  });

  // Entry 26: a post with an author (a member), in a batch: listed under every kind of index.
  const HIDDEN = 26;
  it.each(["all", "action:ban", "admin:second@example.com", "target:post:p25", "member:7", "batch:batch-1", "time"])(
    "fails an entry hidden from the index %s",
    async (index) => {
      await writeTrail(store);
      await tamper(store, async (raw) => {
        expect(["all", "time", ...indexKeys(await raw.entry(HIDDEN))]).toContain(index);
        await raw.unlist(index, HIDDEN);
      });
      const hidden = await verify(store);
      expect(hidden.code).toBe(1);
      expect(hidden.output).toContain(
        `is broken at entry ${HIDDEN}: it is not listed ${index === "time" ? "in the time index at its time" : `under the index ${index}`}`,
      );
    },
  );

  it("fails an index that lists an entry whose fields say otherwise, a missing entry, or another time", async () => {
    await writeTrail(store);
    await tamper(store, (raw) => raw.list("admin:mallory@example.com", 5));
    const slipped = await verify(store);
    expect(slipped.code).toBe(1);
    expect(slipped.output).toContain(
      "is broken at entry 5: the index admin:mallory@example.com lists it, but its fields do not belong there",
    );
    await tamper(store, async (raw) => {
      await raw.unlist("admin:mallory@example.com", 5);
      await raw.list("target:user:1", 99);
    });
    const gone = await verify(store);
    expect(gone.code).toBe(1);
    expect(gone.output).toContain("is broken at entry 99: the index target:user:1 lists it, but it does not exist");
    await tamper(store, async (raw) => {
      await raw.unlist("target:user:1", 99);
      await raw.list("time", 5, Date.parse((await raw.entry(5)).at) - DAY_MS);
    });
    const early = await verify(store);
    expect(early.code).toBe(1);
    // LevelDB keeps both time keys (the extra one is found); Redis moves the member (the entry's own is gone).
    expect(early.output).toMatch(
      /is broken at entry 5: (the time index lists it at .*, but it happened at |it is not listed in the time index at its time)/,
    );
  });
});
