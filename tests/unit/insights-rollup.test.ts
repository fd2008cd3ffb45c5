// The roll-ups of /insights (app/insights/rollup.ts, rollup-store.server.ts): what each entry
// counts for, the days and totals, and counting on a state engine as entries are written.
import { describe, expect, it } from "vitest";

import type { AuditEntry } from "~/audit/entry";
import { adminTotals, dayOf, dayTotals, daysEnding, measureOf, rollupsOf } from "~/insights/rollup";
import { rollupStore } from "~/insights/rollup-store.server";
import { memoryEngine } from "~/state/engine";

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

describe("the roll-ups on a state engine", () => {
  const now = Date.parse("2026-12-02T12:00:00Z");

  it("counts entries as they are written, and reads a period with its empty days", async () => {
    const engine = memoryEngine(() => now);
    const store = rollupStore(async () => engine);
    await Promise.all([
      store.count(entry({ action: "approved" }), "UTC", now),
      store.count(entry({ action: "approved", admin: "bob@example.com" }), "UTC", now),
      store.count(entry({ action: "approved" }), "UTC", now),
      store.count(entry({ action: "signed in", target: null }), "UTC", now),
    ]);
    const read = await store.read("2026-12-02", 3);
    expect(read).toEqual([
      { day: "2026-11-30", rollup: { "ada@example.com": { approved: 2 }, "bob@example.com": { approved: 1 } } },
      { day: "2026-12-01", rollup: {} },
      { day: "2026-12-02", rollup: {} },
    ]);
  });

  it("does not count an entry older than the roll-ups are kept", async () => {
    const engine = memoryEngine(() => now);
    const store = rollupStore(async () => engine);
    await store.count(entry({ action: "approved", at: "2026-08-01T10:00:00.000Z" }), "UTC", now);
    expect((await store.read("2026-08-01", 1))[0]!.rollup).toEqual({});
  });
});
