// The panel's state engine (app/state/) against each of its engines: the embedded one (on disk)
// and a real redis-server. The same cases for both: expiring keys, a value taken once, a claim
// only one of many callers gets, a release that leaves another holder's claim alone, and many keys
// read together (a batch's items: MGET in Redis).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { StateEngine } from "~/state/engine";
import { levelStateEngine } from "~/state/level-engine.server";
import { redisStateEngine } from "~/state/redis-engine.server";
import { type RunningRedis, startRedis } from "../support/redis-server";
import { missingForTests } from "../../scripts/ensure-packages.mjs";

describe.each(["embedded", "Redis"] as const)("the %s state engine", (kind) => {
  let engine: StateEngine;
  let redis: RunningRedis | undefined;
  let client: Redis | undefined;
  let dir: string | undefined;
  const missing = kind === "Redis" ? missingForTests(["redis-server"], "the Redis-backed tests") : null;

  beforeAll(async () => {
    if (missing) return;
    if (kind === "Redis") {
      redis = await startRedis();
      client = new Redis(redis.url);
      engine = redisStateEngine(client);
    } else {
      dir = mkdtempSync(path.join(tmpdir(), "state-engine-"));
      engine = await levelStateEngine(dir);
    }
  });
  afterAll(async () => {
    await engine?.close();
    client?.disconnect();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(Boolean(missing))("keeps a value, gives a taken one once, and deletes", async () => {
    await engine.set("family:a", "one", 60);
    expect(await engine.get("family:a")).toBe("one");
    expect(await engine.take("family:a")).toBe("one");
    expect(await engine.take("family:a")).toBeUndefined();
    await engine.set("family:b", "two", 60);
    await engine.delete("family:b");
    expect(await engine.get("family:b")).toBeUndefined();
  });

  it.skipIf(Boolean(missing))(
    "gives a claim to one of many callers at once, and tells the others who holds it",
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => engine.claim("claim:user:7", `admin-${index}`, 60)),
      );
      const winners = answers.filter((held) => held === undefined);
      expect(winners).toHaveLength(1);
      const holder = await engine.get("claim:user:7");
      expect(answers.filter((held) => held !== undefined).every((held) => held === holder)).toBe(true);
    },
  );

  it.skipIf(Boolean(missing))("releases a claim only for its holder", async () => {
    expect(await engine.claim("claim:post:3", "ada", 60)).toBeUndefined();
    await engine.release("claim:post:3", "bob");
    expect(await engine.get("claim:post:3")).toBe("ada");
    await engine.release("claim:post:3", "ada");
    expect(await engine.claim("claim:post:3", "bob", 60)).toBeUndefined();
  });

  it.skipIf(Boolean(missing))("swaps a value only while the key holds the one expected", async () => {
    await engine.set("claim:plan:1", "review by ada", 60);
    expect(await engine.swap("claim:plan:1", "review by bob", "acting", 60)).toBe(false);
    expect(await engine.swap("claim:plan:1", "review by ada", "acting", 60)).toBe(true);
    expect(await engine.get("claim:plan:1")).toBe("acting");
    expect(await engine.swap("claim:plan:9", "anything", "acting", 60)).toBe(false);
  });

  it.skipIf(Boolean(missing))("counts one by one, with every caller's increment kept", async () => {
    const counts = await Promise.all(Array.from({ length: 10 }, () => engine.increment("count:day", 60)));
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await engine.get("count:day")).toBe("10");
  });

  it.skipIf(Boolean(missing))("reads many keys together, in their order, with none for a missing key", async () => {
    await engine.set("bulk:b:item:0", "done", 60);
    await engine.set("bulk:b:item:2", "failed", 60);
    expect(await engine.getMany(["bulk:b:item:2", "bulk:b:item:1", "bulk:b:item:0"])).toEqual([
      "failed",
      undefined,
      "done",
    ]);
    expect(await engine.getMany([])).toEqual([]);
    const many = Array.from({ length: 500 }, (_, index) => `bulk:c:item:${index}`);
    await Promise.all(many.map((key, index) => (index % 2 === 0 ? engine.set(key, String(index), 60) : undefined)));
    const values = await engine.getMany(many);
    expect(values.filter((value) => value !== undefined)).toHaveLength(250);
    expect(values[498]).toBe("498");
    expect(values[499]).toBeUndefined();
  });

  it.skipIf(Boolean(missing))("says whether other processes share its keys", () => {
    expect(engine.shared).toBe(kind === "Redis");
  });
});
