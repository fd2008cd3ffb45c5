// The roll-ups of /insights (app/insights/rollup.ts, rollup-store.server.ts): what each entry
// counts for, the days and totals, and counting on a state engine as entries are written.
import { beforeEach, describe, expect, it } from "vitest";

import type { AuditEntry } from "~/audit/entry";
import { firstSeen } from "~/insights/pending.server";
import { dayEnd, formatWait, nearestRank, queueDays } from "~/insights/queue-figures";
import { adminTotals, dayOf, dayTotals, daysEnding, measureOf, rollupsOf } from "~/insights/rollup";
import { rollupStore } from "~/insights/rollup-store.server";
import { memoryEngine, type StateEngine } from "~/state/engine";
import { provideStateEngine } from "~/state/state.server";

let seq = 0;
function entry(fields: Partial<AuditEntry> & Pick<AuditEntry, "action">): AuditEntry {
  seq++;
  return {
    seq,
    at: "2026-11-30T10:00:00.000Z",
    admin: "ada@example.com",
    target: { kind: "badge-request", id: "7", name: "Ada" },
    reason: null,
    batch: null,
    result: "done",
    status: 200,
    detail: null,
    prev: "",
    hash: "",
    ...fields,
  };
}

describe("what an entry counts for", () => {
  it("counts each decision by its action and target kind, and the queue's skips and take-overs", () => {
    expect(measureOf(entry({ action: "approved" }))).toBe("approved");
    expect(measureOf(entry({ action: "rejected" }))).toBe("rejected");
    expect(measureOf(entry({ action: "banned", target: { kind: "user", id: "3" } }))).toBe("banned");
    expect(measureOf(entry({ action: "unbanned", target: { kind: "user", id: "3" } }))).toBe("unbanned");
    expect(measureOf(entry({ action: "deleted", target: { kind: "post", id: "9" } }))).toBe("post-deleted");
    expect(measureOf(entry({ action: "warned", target: { kind: "user", id: "9" } }))).toBe("warned");
    expect(measureOf(entry({ action: "skipped" }))).toBe("skipped");
    expect(measureOf(entry({ action: "took over" }))).toBe("took-over");
  });

  it("counts nothing that was not done, another kind's deletion, or an action that decides nothing", () => {
    expect(measureOf(entry({ action: "approved", result: "refused" }))).toBeNull();
    expect(measureOf(entry({ action: "banned", target: { kind: "user", id: "3" }, result: "unknown" }))).toBeNull();
    expect(measureOf(entry({ action: "deleted", target: { kind: "announcement", id: "2" } }))).toBeNull();
    expect(measureOf(entry({ action: "signed in", target: null }))).toBeNull();
  });
});

describe("days", () => {
  it("names the day of an instant in the panel's time zone", () => {
    expect(dayOf(Date.parse("2026-11-30T23:30:00Z"), "UTC")).toBe("2026-11-30");
    expect(dayOf(Date.parse("2026-11-30T23:30:00Z"), "Europe/Paris")).toBe("2026-12-01");
    expect(dayOf(Date.parse("2026-12-01T05:00:00Z"), "America/Los_Angeles")).toBe("2026-11-30");
  });

  it("lists the days of a period, oldest first, across a month's end", () => {
    expect(daysEnding("2026-12-02", 4)).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]);
    expect(daysEnding("2026-12-02", 90)).toHaveLength(90);
  });
});

describe("sums", () => {
  const entries = [
    entry({ action: "approved" }),
    entry({ action: "approved", admin: "ADA@example.com" }),
    entry({ action: "rejected", admin: "bob@example.com" }),
    entry({ action: "skipped", admin: "bob@example.com", at: "2026-12-01T08:00:00.000Z" }),
    entry({ action: "banned", admin: null, target: { kind: "user", id: "3" }, at: "2026-12-01T09:00:00.000Z" }),
  ];
  const days = rollupsOf(entries, "UTC");

  it("counts per day and per admin, an admin's name in any case as one", () => {
    expect([...days.keys()]).toEqual(["2026-11-30", "2026-12-01"]);
    expect(days.get("2026-11-30")).toEqual({ "ada@example.com": { approved: 2 }, "bob@example.com": { rejected: 1 } });
    expect(dayTotals(days.get("2026-12-01")!)).toEqual({ skipped: 1, banned: 1 });
  });

  it("sums each admin over the period, in order, leaving out entries without an admin", () => {
    expect(adminTotals([...days.values()])).toEqual([
      ["ada@example.com", { approved: 2 }],
      ["bob@example.com", { rejected: 1, skipped: 1 }],
    ]);
  });
});

describe("reversals", () => {
  const user = { kind: "user" as const, id: "3" };
  const at = (hours: number) => new Date(Date.parse("2026-11-30T08:00:00Z") + hours * 3_600_000).toISOString();

  it("counts a ban undone by an un-ban within 24 hours for the admin who banned, on the day it was undone", () => {
    const days = rollupsOf(
      [
        entry({ action: "banned", target: user, admin: "ada@example.com", at: at(0) }),
        entry({ action: "unbanned", target: user, admin: "bob@example.com", at: at(20) }),
        // The un-ban undone in turn, within 24 hours of it: Bob's.
        entry({ action: "banned", target: user, admin: "ada@example.com", at: at(30) }),
        // More than 24 hours after that ban: no reversal.
        entry({ action: "unbanned", target: user, admin: "bob@example.com", at: at(55) }),
        // Another user's un-ban undoes nothing of user 3's.
        entry({ action: "unbanned", target: { kind: "user", id: "4" }, admin: "bob@example.com", at: at(56) }),
        // A refused un-ban undoes nothing.
        entry({ action: "banned", target: user, admin: "ada@example.com", at: at(57), result: "refused" }),
      ],
      "UTC",
    );
    expect(days.get("2026-12-01")).toEqual({
      "ada@example.com": { banned: 1, reversed: 1 },
      "bob@example.com": { unbanned: 1, reversed: 1 },
    });
    expect(adminTotals([...days.values()])).toEqual([
      ["ada@example.com", { banned: 2, reversed: 1 }],
      ["bob@example.com", { unbanned: 3, reversed: 1 }],
    ]);
  });
});

describe("the queue's figures", () => {
  it("takes the nearest rank: the median and the 90th percentile of a day's times", () => {
    expect(nearestRank([], 50)).toBeNull();
    expect(nearestRank([300], 90)).toBe(300);
    expect(nearestRank([40, 10, 30, 20], 50)).toBe(20);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
  });

  it("writes times in minutes, hours or days", () => {
    expect(formatWait(59)).toBe("0 min");
    expect(formatWait(45 * 60)).toBe("45 min");
    expect(formatWait(3 * 3600 + 5 * 60)).toBe("3 h 05 min");
    expect(formatWait(50 * 3600)).toBe("2 d 2 h");
  });

  it("ends a day at the next midnight of the time zone", () => {
    expect(new Date(dayEnd("2026-11-30", "UTC")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(new Date(dayEnd("2026-11-30", "Europe/Paris")).toISOString()).toBe("2026-11-30T23:00:00.000Z");
    expect(new Date(dayEnd("2026-11-30", "America/Los_Angeles")).toISOString()).toBe("2026-12-01T08:00:00.000Z");
  });

  it("carries the last pending snapshot forward over days without one, and measures the oldest wait at each day's end", () => {
    const seen = Date.parse("2026-11-29T12:00:00Z");
    const now = Date.parse("2026-12-01T06:00:00Z");
    const days = queueDays(
      [
        { day: "2026-11-29", waits: [], snapshot: null },
        { day: "2026-11-30", waits: [600, 60, 7200], snapshot: null },
        { day: "2026-12-01", waits: [], snapshot: { count: 1, oldest: seen + 3_600_000 } },
      ],
      { count: 2, oldest: seen },
      "UTC",
      now,
    );
    expect(days).toEqual([
      { day: "2026-11-29", timed: 0, median: null, p90: null, pending: 2, oldestWait: 12 * 3600 },
      { day: "2026-11-30", timed: 3, median: 600, p90: 7200, pending: 2, oldestWait: 36 * 3600 },
      { day: "2026-12-01", timed: 0, median: null, p90: null, pending: 1, oldestWait: 41 * 3600 },
    ]);
    expect(queueDays([{ day: "2026-12-01", waits: [], snapshot: null }], null, "UTC", now)[0]).toMatchObject({
      pending: null,
      oldestWait: null,
    });
  });
});

describe("the roll-ups on a state engine", () => {
  const now = Date.parse("2026-12-02T12:00:00Z");
  let engine: StateEngine;
  beforeEach(() => {
    // The first-seen times are on the process's engine: this test's.
    engine = memoryEngine(() => now);
    provideStateEngine(engine);
  });

  it("counts entries as they are written, and reads a period with its empty days", async () => {
    const store = rollupStore(async () => engine);
    await Promise.all([
      store.count(entry({ action: "approved" }), "UTC", now),
      store.count(entry({ action: "approved", admin: "bob@example.com" }), "UTC", now),
      store.count(entry({ action: "approved" }), "UTC", now),
      store.count(entry({ action: "signed in", target: null }), "UTC", now),
    ]);
    const read = await store.read("2026-12-02", 3);
    expect(read.days.map(({ day, rollup }) => ({ day, rollup }))).toEqual([
      { day: "2026-11-30", rollup: { "ada@example.com": { approved: 2 }, "bob@example.com": { approved: 1 } } },
      { day: "2026-12-01", rollup: {} },
      { day: "2026-12-02", rollup: {} },
    ]);
  });

  it("counts reversals as entries are written, as the rebuild counts them from the same entries", async () => {
    const store = rollupStore(async () => engine);
    const user = { kind: "user" as const, id: "3" };
    const entries = [
      entry({ action: "banned", target: user, at: "2026-12-01T10:00:00.000Z" }),
      entry({ action: "unbanned", target: user, admin: "bob@example.com", at: "2026-12-02T09:00:00.000Z" }),
    ];
    for (const written of entries) await store.count(written, "UTC", now);
    const read = await store.read("2026-12-02", 2);
    expect(read.days.map(({ rollup }) => rollup)).toEqual(
      ["2026-12-01", "2026-12-02"].map((day) => rollupsOf(entries, "UTC").get(day)),
    );
    expect(read.days[1]!.rollup["ada@example.com"]).toEqual({ reversed: 1 });
  });

  it("times a decision from when the panel first saw its request pending, and takes it off the pending list", async () => {
    const store = rollupStore(async () => engine);
    const seen = now - 3 * 3_600_000;
    await firstSeen(["7", "8"], "UTC", seen);
    await store.count(
      entry({ action: "approved", target: { kind: "badge-request", id: "7" }, at: new Date(now).toISOString() }),
      "UTC",
      now,
    );
    // Never seen pending: decided, but not timed.
    await store.count(
      entry({ action: "rejected", target: { kind: "badge-request", id: "9" }, at: new Date(now).toISOString() }),
      "UTC",
      now,
    );
    const { days } = await store.read("2026-12-02", 1);
    expect(days[0]!.waits).toEqual([3 * 3600]);
    expect(days[0]!.snapshot).toEqual({ count: 1, oldest: seen });
    expect(await firstSeen(["8"], "UTC", now)).toEqual(new Map([["8", seen]]));
  });

  it("does not count an entry older than the roll-ups are kept", async () => {
    const store = rollupStore(async () => engine);
    await store.count(entry({ action: "approved", at: "2026-08-01T10:00:00.000Z" }), "UTC", now);
    expect((await store.read("2026-08-01", 1)).days[0]!.rollup).toEqual({});
  });
});
