/**
 * The citizenship queue's store (app/session/claims.server.ts): the same cases in memory and in a
 * real redis-server, with an injected clock, so a claim expires without any waiting.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { waitedFor } from "~/routes/admin/badge-requests/review.server";
import { type ClaimStore, memoryClaimStore, redisClaimStore } from "~/session/claims.server";

import { missingForTests } from "../../scripts/ensure-packages.mjs";
import { type RunningRedis, startRedis } from "../support/redis-server";

const FIVE_MINUTES = 5 * 60_000;
const DAYS_30 = 30 * 86_400_000;

const missingRedis = missingForTests(["redis-server"], "the Redis claim store's tests");

describe.each(["memory", "redis"] as const)("the claim store (%s)", (kind) => {
  let time = 1_700_000_000_000;
  const now = () => time;
  let store: ClaimStore;
  let server: RunningRedis | undefined;
  let redis: Redis | undefined;
  let run = 0;

  beforeAll(async () => {
    if (kind === "redis" && !missingRedis) {
      server = await startRedis();
      redis = new Redis(server.url);
    }
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.stop();
  });
  beforeEach((context) => {
    if (kind === "redis" && missingRedis) context.skip(missingRedis);
    run += 1;
    store = redis ? redisClaimStore(redis, `test:${run}:`, now) : memoryClaimStore(now);
  });

  it("gives a request to the first admin who opens it; a second admin sees who holds it and since when", async () => {
    const first = await store.claim("7", "ann@example.com", FIVE_MINUTES);
    expect(first).toEqual({ admin: "ann@example.com", since: time, until: time + FIVE_MINUTES });
    time += 60_000;
    expect(await store.claim("7", "bob@example.com", FIVE_MINUTES)).toEqual(first);
    expect((await store.claims(["7", "8"])).get("7")?.admin).toBe("ann@example.com");
    expect((await store.claims(["7", "8"])).has("8")).toBe(false);
  });

  it("renews the holder's own claim from when it was first made", async () => {
    const first = await store.claim("7", "ann@example.com", FIVE_MINUTES);
    time += 4 * 60_000;
    const again = await store.claim("7", "ann@example.com", FIVE_MINUTES);
    expect(again).toEqual({ admin: "ann@example.com", since: first.since, until: time + FIVE_MINUTES });
  });

  it("lets a claim expire after five minutes, when another admin may claim it", async () => {
    await store.claim("7", "ann@example.com", FIVE_MINUTES);
    time += FIVE_MINUTES - 1;
    expect((await store.claim("7", "bob@example.com", FIVE_MINUTES)).admin).toBe("ann@example.com");
    time += 1;
    expect((await store.claims(["7"])).size).toBe(0);
    expect(await store.claim("7", "bob@example.com", FIVE_MINUTES)).toEqual({
      admin: "bob@example.com",
      since: time,
      until: time + FIVE_MINUTES,
    });
  });

  it("takes a claim over explicitly, and releases only one's own", async () => {
    await store.claim("7", "ann@example.com", FIVE_MINUTES);
    time += 1_000;
    expect(await store.takeOver("7", "bob@example.com", FIVE_MINUTES)).toEqual({
      admin: "bob@example.com",
      since: time,
      until: time + FIVE_MINUTES,
    });
    await store.release("7", "ann@example.com");
    expect((await store.claims(["7"])).get("7")?.admin).toBe("bob@example.com");
    await store.release("7", "bob@example.com");
    expect((await store.claims(["7"])).size).toBe(0);
  });

  it("notes the first decision only, answers it to the second, and forgets only the decider's own", async () => {
    const ann = { admin: "ann@example.com", decision: "approve" as const, at: time };
    expect(await store.noteDecision("7", ann, DAYS_30, time)).toBeNull();
    const bob = { admin: "bob@example.com", decision: "reject" as const, at: time + 1 };
    expect(await store.noteDecision("7", bob, DAYS_30, time + 1)).toEqual(ann);
    await store.forgetDecision("7", "bob@example.com");
    expect(await store.decision("7")).toEqual(ann);
    await store.forgetDecision("7", "ann@example.com");
    expect(await store.decision("7")).toBeNull();
    expect(await store.noteDecision("7", bob, DAYS_30, time + 1)).toBeNull();
  });

  it("replaces a decision done before the pending list was read: the member applied again", async () => {
    const ann = { admin: "ann@example.com", decision: "reject" as const, at: time };
    await store.noteDecision("7", ann, DAYS_30, time);
    await store.markDone("7", "bob@example.com", time + 5);
    expect(await store.decision("7")).toEqual(ann);
    await store.markDone("7", "ann@example.com", time + 5);
    expect(await store.decision("7")).toEqual({ ...ann, doneAt: time + 5 });
    const bob = { admin: "bob@example.com", decision: "approve" as const, at: time + 10 };
    // Listed as pending while Ann's call ran (or at its very end): her decision holds.
    expect(await store.noteDecision("7", bob, DAYS_30, time + 5)).toEqual({ ...ann, doneAt: time + 5 });
    // Listed as pending after her decision was done: a new request.
    expect(await store.noteDecision("7", bob, DAYS_30, time + 6)).toBeNull();
    expect(await store.decision("7")).toEqual(bob);
  });

  it("counts the decisions of each day apart", async () => {
    expect(await store.decidedOn("2026-11-26")).toBe(0);
    await store.countDecision("2026-11-26");
    expect(await store.countDecision("2026-11-26")).toBe(2);
    await store.countDecision("2026-11-25");
    expect(await store.decidedOn("2026-11-26")).toBe(2);
    expect(await store.decidedOn("2026-11-25")).toBe(1);
  });

  it("keeps each admin's skip list apart until it is cleared", async () => {
    await store.skip("ann@example.com", "7", 3_600_000);
    await store.skip("ann@example.com", "9", 3_600_000);
    expect(await store.skipped("ann@example.com")).toEqual(new Set(["7", "9"]));
    expect(await store.skipped("bob@example.com")).toEqual(new Set());
    await store.clearSkipped("ann@example.com");
    expect(await store.skipped("ann@example.com")).toEqual(new Set());
  });

  it("remembers when each pending request was first seen, and forgets those no longer pending", async () => {
    const start = time;
    expect(await store.firstSeen(["7", "8"])).toEqual(
      new Map([
        ["7", start],
        ["8", start],
      ]),
    );
    time += 60_000;
    expect(await store.firstSeen(["8", "9"])).toEqual(
      new Map([
        ["8", start],
        ["9", time],
      ]),
    );
    time += 60_000;
    expect((await store.firstSeen(["7"])).get("7")).toBe(time);
    expect(await store.firstSeen([])).toEqual(new Map());
  });
});

describe("waitedFor, the queue's 'Oldest waiting'", () => {
  it("says how long in the largest whole unit", () => {
    expect(waitedFor(59_999)).toBe("less than a minute");
    expect(waitedFor(60_000)).toBe("1 minute");
    expect(waitedFor(59 * 60_000)).toBe("59 minutes");
    expect(waitedFor(3_600_000)).toBe("1 hour");
    expect(waitedFor(86_400_000 - 1)).toBe("23 hours");
    expect(waitedFor(3 * 86_400_000 + 5)).toBe("3 days");
  });
});
