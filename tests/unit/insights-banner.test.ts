// The shell's waiting banner (app/insights/pending.server.ts, docs/product.md#waiting-banner): it
// shows once the oldest pending request has waited more than INSIGHTS_WAIT_ALERT_HOURS since the
// panel first saw it, from a value each process keeps a few seconds, so a page reads no store.
import { beforeAll, describe, expect, it } from "vitest";

import { firstSeen, waitingNotice } from "~/insights/pending.server";
import { memoryEngine, type StateEngine } from "~/state/engine";
import { provideStateEngine } from "~/state/state.server";

const HOUR = 3_600_000;
const now = Date.parse("2026-12-02T12:00:00Z");

describe("the waiting banner", () => {
  let engine: StateEngine;
  beforeAll(() => {
    // This file's own process: the threshold is read once, as at boot.
    Object.assign(process.env, {
      API_URL: "http://127.0.0.1:9/api",
      SESSION_SECRET: "unit-test-session-secret-0123456789abcdef",
      INSIGHTS_WAIT_ALERT_HOURS: "1.5",
    });
    engine = memoryEngine(() => now);
    provideStateEngine(engine);
  });

  it("says nothing while the oldest request has waited no longer than the threshold, then says so", async () => {
    await firstSeen(["7", "8"], "UTC", now - HOUR);
    expect(await waitingNotice(now - HOUR)).toBeNull();
    expect(await waitingNotice(now)).toBeNull();
    // A look now, at a request another instance first saw two hours before.
    await engine.set("queue:first-seen", JSON.stringify({ 9: now - 2 * HOUR }), 60);
    await firstSeen(["9"], "UTC", now);
    expect(await waitingNotice(now)).toEqual({
      id: "waiting-notice",
      tone: "warning",
      text: "The oldest citizenship request has waited more than 1.5 hours.",
      link: { to: "/badge-requests", label: "See the citizenship requests" },
    });
    // Within the few seconds a process keeps the value, no store is read: an emptied store changes nothing yet.
    await engine.delete("queue:first-seen");
    expect((await waitingNotice(now + 10_000))?.id).toBe("waiting-notice");
  });

  it("reads another instance's look once the value it keeps is old, and stops when none is pending", async () => {
    await engine.set("queue:first-seen", JSON.stringify({ 7: now - HOUR }), 60);
    expect(await waitingNotice(now + 15_000)).toBeNull();
  });
});
