/**
 * The one claim per target (app/state/claims.server.ts) and the citizenship queue's store
 * (queue-store.server.ts, and the first-seen times of app/insights/pending.server.ts), on the state engine: the same cases in memory and in a real
 * redis-server; the memory engine's clock is injected, so a claim expires without any waiting.
 */
import { describe, expect, it } from "vitest";

import { firstSeen } from "~/insights/pending.server";
import * as queue from "~/routes/admin/badge-requests/queue-store.server";
import { waitedFor } from "~/routes/admin/badge-requests/review.server";
import {
  claimsOn,
  claimToAct,
  claimToReview,
  releaseClaim,
  releaseReview,
  takeOverReview,
} from "~/state/claims.server";

import { missingForTests } from "../../scripts/ensure-packages.mjs";
import { useStateEnginePerTest } from "../support/state-engine-per-test";

const FIVE_MINUTES = 5 * 60_000;
const request = (id: string) => ({ kind: "badge-request", id });
const missingRedis = missingForTests(["redis-server"], "the Redis claim store's tests");

describe.each(["memory", "redis"] as const)("claims and the queue's store (%s)", (kind) => {
  let time = 1_700_000_000_000;
  useStateEnginePerTest(kind, { missing: missingRedis, now: () => time });

  it("gives a request to the first admin who opens it; a second admin sees who holds it", async () => {
    expect((await claimToReview(request("7"), "ann@example.com", FIVE_MINUTES)).admin).toBe("ann@example.com");
    const seen = await claimToReview(request("7"), "bob@example.com", FIVE_MINUTES);
    expect(seen).toMatchObject({ admin: "ann@example.com", purpose: "review" });
    expect((await claimsOn("badge-request", ["7", "8"])).get("7")?.admin).toBe("ann@example.com");
  });

  it("lets the reviewer act, refuses anyone else while an action holds, and frees the target after", async () => {
    await claimToReview(request("7"), "ann@example.com", FIVE_MINUTES);
    const refused = await claimToAct(request("7"), "bob@example.com", 60_000);
    expect(refused).toMatchObject({ by: { admin: "ann@example.com", purpose: "review" } });
    const acting = await claimToAct(request("7"), "ann@example.com", 60_000);
    if (!("held" in acting)) throw new Error("the reviewer could not act");
    // A second tab of the same admin is refused while the first acts.
    expect(await claimToAct(request("7"), "ann@example.com", 60_000)).toMatchObject({ by: { purpose: "acting" } });
    await releaseClaim(acting.held);
    expect("held" in (await claimToAct(request("7"), "bob@example.com", 60_000))).toBe(true);
  });

  it("takes a review over explicitly, and ends only one's own", async () => {
    await claimToReview(request("7"), "ann@example.com", FIVE_MINUTES);
    expect((await takeOverReview(request("7"), "bob@example.com", FIVE_MINUTES))?.admin).toBe("ann@example.com");
    await releaseReview(request("7"), "ann@example.com");
    expect((await claimsOn("badge-request", ["7"])).get("7")?.admin).toBe("bob@example.com");
    await releaseReview(request("7"), "bob@example.com");
    expect((await claimsOn("badge-request", ["7"])).size).toBe(0);
  });

  it("counts the decisions of each day apart", async () => {
    await queue.countDecision("2026-11-25");
    await queue.countDecision("2026-11-25");
    await queue.countDecision("2026-11-26");
    expect(await queue.decidedOn("2026-11-25")).toBe(2);
    expect(await queue.decidedOn("2026-11-26")).toBe(1);
    expect(await queue.decidedOn("2026-11-27")).toBe(0);
  });

  it("keeps each admin's skip list apart until it is cleared", async () => {
    await queue.skip("ann@example.com", "7", 3_600_000);
    await queue.skip("ann@example.com", "9", 3_600_000);
    expect(await queue.skipped("ann@example.com")).toEqual(new Set(["7", "9"]));
    expect(await queue.skipped("bob@example.com")).toEqual(new Set());
    await queue.clearSkipped("ann@example.com");
    expect(await queue.skipped("ann@example.com")).toEqual(new Set());
  });

  it("remembers when each pending request was first seen, and forgets those no longer pending", async () => {
    const start = time;
    expect(await firstSeen(["7", "8"], "UTC", start)).toEqual(
      new Map([
        ["7", start],
        ["8", start],
      ]),
    );
    time += 60_000;
    expect(await firstSeen(["8", "9"], "UTC", time)).toEqual(
      new Map([
        ["8", start],
        ["9", time],
      ]),
    );
    time += 60_000;
    expect((await firstSeen(["7"], "UTC", time)).get("7")).toBe(time);
    expect(await firstSeen([], "UTC", time)).toEqual(new Map());
  });

  // The injected clock moves the memory engine's time only: Redis keeps its own.
  if (kind !== "redis")
    it("lets a review expire after five minutes, when another admin may claim it", async () => {
      await claimToReview(request("7"), "ann@example.com", FIVE_MINUTES);
      time += FIVE_MINUTES;
      expect((await claimToReview(request("7"), "bob@example.com", FIVE_MINUTES)).admin).toBe("bob@example.com");
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
