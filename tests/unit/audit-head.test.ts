// Security round four: the process's audit trail publishes its head (`audit head`, the entry's
// number and hash) when the store is first used, every hour and at shutdown, so a trail cut at
// its newest end can be proved later against the log (`npm run audit:verify -- --head SEQ:HASH`).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { EMPTY_HEAD, headAfter, type ChainHead } from "~/audit/chain";
import type { AuditEngine } from "~/audit/engine";
import { closeTheAuditTrail, theAuditTrail } from "~/audit/trail.server";
import { logLine } from "~/lib/log.server";

vi.mock("~/lib/log.server", () => ({ logLine: vi.fn() }));
vi.mock("~/config/env.server", () => ({
  env: () => ({ AUDIT_RETENTION_DAYS: 365, AUDIT_DIR: "unused-by-the-fake-engine", REDIS_URL: undefined }),
}));

/** An engine in memory: only the head moves. */
const store = vi.hoisted(() => ({ head: null as ChainHead | null, closed: false }));
vi.mock("~/audit/level-engine.server", () => ({
  levelEngine: async (): Promise<Partial<AuditEngine>> => ({
    async append(_id, build) {
      const entry = build(store.head!);
      store.head = headAfter(entry);
      return entry;
    },
    head: async () => store.head!,
    trimBefore: async () => 0,
    async close() {
      store.closed = true;
    },
  }),
}));

const HOUR_MS = 60 * 60_000;
/** The heads logged so far, oldest first. */
const published = () =>
  vi
    .mocked(logLine)
    .mock.calls.filter(([, msg]) => msg === "audit head")
    .map(([level, , fields]) => ({ level, ...fields }));

describe("the published audit head", () => {
  beforeAll(() => {
    store.head = EMPTY_HEAD;
    vi.useFakeTimers();
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it("is logged when the store is first used, every hour, and at shutdown, with the entry's number and hash", async () => {
    const trail = theAuditTrail();
    await vi.advanceTimersByTimeAsync(0);
    expect(published()).toEqual([{ level: "info", seq: 0, hash: EMPTY_HEAD.hash }]);

    await trail.record({ admin: "admin@example.com", action: "ban", result: "done" });
    expect(store.head?.seq).toBe(1);
    await vi.advanceTimersByTimeAsync(HOUR_MS - 1);
    expect(published()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(published().at(-1)).toEqual({ level: "info", seq: 1, hash: store.head!.hash });

    await trail.record({ admin: "admin@example.com", action: "unban", result: "done" });
    await closeTheAuditTrail();
    expect(published().at(-1)).toEqual({ level: "info", seq: 2, hash: store.head!.hash });
    expect(published()).toHaveLength(3);
    expect(store.closed).toBe(true);
  });
});
