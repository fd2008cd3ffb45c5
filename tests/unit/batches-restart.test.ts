// Batches that survive a restart (docs/decisions/068-batches-that-survive-a-restart.md), the pure
// parts: the batch store on a state engine tells a batch whose runner is gone from one that runs,
// a stopped batch's items that did not run are "not run", the gate keeps a process's items in
// flight bounded, and the audit trail refuses an entry after it closed, loudly.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { auditTrail } from "~/audit/trail.server";
import type { AuditEngine } from "~/audit/engine";
import { type Batch, batchStoreOn, NOT_RUN_TEXTS } from "~/bulk/batch-store.server";
import { gate } from "~/bulk/pool";
import { memoryEngine, type StateEngine } from "~/state/engine";
import { familyOn } from "~/state/family.server";

const batch: Batch = {
  id: "b1",
  list: "users",
  action: "ban",
  reason: "Spam",
  message: null,
  admin: "admin@example.com",
  back: "/users",
  createdAt: "2026-01-01T00:00:00.000Z",
  finishedAt: null,
  cappedAt: null,
  leftOut: 0,
  items: [
    { id: "1", name: "Ann", result: "pending" },
    { id: "2", name: "Bob", result: "pending" },
  ],
};

/** Two processes' stores on one engine: `shared` says whether it is Redis-like (several live processes). */
function twoProcesses(shared: boolean) {
  const engine: StateEngine = { ...memoryEngine(), shared };
  const keys = familyOn(async () => engine, "bulk");
  return {
    engine,
    runner: batchStoreOn(keys, { instance: "runner" }),
    other: batchStoreOn(keys, { instance: "other" }),
  };
}

describe("the batch store across processes", () => {
  beforeEach(() => {
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("interrupts a batch a former process ran on an engine this process holds alone: its pending items are not run", async () => {
    const { runner, other } = twoProcesses(false);
    await runner.create(batch);
    await runner.setItem("b1", 0, { id: "1", name: "Ann", result: "done" });
    expect(await runner.get("b1")).toMatchObject({ finishedAt: null, interrupted: null });

    const found = await other.get("b1");
    expect(found).toMatchObject({ interrupted: "lost", items: [{ result: "done" }, { result: "notRun" }] });
    expect(found?.items[1]?.detail).toBe(NOT_RUN_TEXTS.lost);
    expect(found?.finishedAt).not.toBeNull();
    // Its end is noted once: the runner's own end, later, changes nothing.
    await runner.finish("b1", "2026-01-01T00:00:09.000Z");
    expect((await runner.get("b1"))?.interrupted).toBe("lost");
  });

  it("leaves alone a batch another live process runs on a shared engine, until its heartbeat expires", async () => {
    const { engine, runner, other } = twoProcesses(true);
    await runner.create(batch);
    expect(await other.interruptOrphans()).toBe(0);
    expect(await other.get("b1")).toMatchObject({
      finishedAt: null,
      items: [{ result: "pending" }, { result: "pending" }],
    });

    await engine.delete("bulk:b1:runner");
    expect(await other.interruptOrphans()).toBe(1);
    expect(await other.get("b1")).toMatchObject({
      interrupted: "lost",
      items: [{ result: "notRun" }, { result: "notRun" }],
    });
    // Ended batches leave the index: the next look reads nothing.
    expect(await engine.get("bulk:running")).toBe("[]");
    expect(await other.interruptOrphans()).toBe(0);
  });

  it("notes a stopped batch's end: the items it did not take are not run, its heartbeat ends", async () => {
    const { engine, runner } = twoProcesses(true);
    await runner.create(batch);
    await runner.setItem("b1", 0, { id: "1", name: "Ann", result: "done" });
    await runner.finish("b1", "2026-01-01T00:00:01.000Z", "stopped");
    expect(await runner.get("b1")).toMatchObject({
      finishedAt: "2026-01-01T00:00:01.000Z",
      interrupted: "stopped",
      items: [{ result: "done" }, { result: "notRun", detail: NOT_RUN_TEXTS.stopped }],
    });
    expect(await engine.get("bulk:b1:runner")).toBeUndefined();
  });

  it("keeps a batch that ended normally as it was", async () => {
    const { runner, other } = twoProcesses(false);
    await runner.create(batch);
    await runner.setItem("b1", 0, { id: "1", name: "Ann", result: "done" });
    await runner.setItem("b1", 1, { id: "2", name: "Bob", result: "skipped", detail: "User Bob is already banned" });
    await runner.finish("b1", "2026-01-01T00:00:01.000Z");
    expect(await other.get("b1")).toMatchObject({
      interrupted: null,
      items: [{ result: "done" }, { result: "skipped" }],
    });
  });
});

describe("gate", () => {
  it("lets at most `limit` tasks run at once, the others in their turn", async () => {
    const through = gate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const tasks = [1, 2, 3, 4, 5].map((task) =>
      through(async () => {
        running++;
        most = Math.max(most, running);
        order.push(task);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
      }),
    );
    while (order.length < 5 || gates.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()?.();
    }
    await Promise.all(tasks);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("the audit trail once closed", () => {
  let lines: string[];
  beforeEach(() => {
    lines = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("refuses an entry after it shut, logging AUDIT ENTRIES LOST with the count, and opens no store again", async () => {
    const appended: string[] = [];
    let opened = 0;
    const engine = {
      append: async (id: string) => {
        appended.push(id);
        return null;
      },
      close: async () => undefined,
    } as unknown as AuditEngine;
    const trail = auditTrail(
      async () => {
        opened++;
        return engine;
      },
      { retentionDays: 365 },
    );
    await trail.record({ admin: "a@example.com", action: "ban", result: "done" });
    expect(appended).toHaveLength(1);
    await trail.shut();

    await trail.record({ admin: "a@example.com", action: "ban", result: "done", batch: "b1" });
    await trail.record({ admin: "a@example.com", action: "ban", result: "done", batch: "b1" });
    expect(appended).toHaveLength(1);
    expect(opened).toBe(1);
    const lost = lines.filter((line) => line.includes("AUDIT ENTRIES LOST")).map((line) => JSON.parse(line));
    expect(lost.map((line) => [line.level, line.lost, line.lostSinceClose])).toEqual([
      ["error", 1, 1],
      ["error", 1, 2],
    ]);
    expect(lost[0].entry).toMatchObject({ action: "ban", batch: "b1" });
  });
});
