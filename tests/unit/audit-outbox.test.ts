// The audit trail's outbox (app/audit/outbox.server.ts): entries wait while the store fails, and
// the store is tried again on the outbox's own growing schedule, not once per new entry.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { auditOutbox } from "~/audit/outbox.server";

const record = (action: string) => ({ admin: null, action, result: "failed" as const });

describe("the audit outbox", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("backs off while the store refuses writes: a flood of new entries is not a flood of attempts", async () => {
    let storeWorks = false;
    const written: string[] = [];
    const write = vi.fn(async (entry: { action: string }) => {
      if (!storeWorks) throw new Error("OOM command not allowed when used memory > 'maxmemory'");
      written.push(entry.action);
    });
    const outbox = auditOutbox(write, { retryMs: 1_000 });

    await outbox.push(record("first"));
    expect(write).toHaveBeenCalledTimes(1);
    for (let entry = 0; entry < 200; entry++) await outbox.push(record(`flood-${entry}`));
    expect(write).toHaveBeenCalledTimes(1);
    expect(outbox.waiting()).toBe(201);

    // The retry comes on the outbox's schedule: one attempt, then a longer wait.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(write).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(write).toHaveBeenCalledTimes(2);

    storeWorks = true;
    await vi.advanceTimersByTimeAsync(1);
    await outbox.idle();
    expect(written).toHaveLength(201);
    expect(written[0]).toBe("first");
    // Working again: a new entry is written at once.
    await outbox.push(record("after"));
    expect(written.at(-1)).toBe("after");
  });
});
