// Issue 37: one claim per target, taken by the outcome core for row actions, bulk items and queue
// decisions alike. Two actions on one item at once send one call, leave it in the state both asked
// for, and the second is told who acts. The upstream's call is held while the second arrives, so
// the race is certain. Against the embedded state engine and Redis.
import { describe, expect, it } from "vitest";

import { confirm, demoRows, finishedResults, reviewPath } from "../support/bulk";
import { findDemoUser } from "../support/demo-data";
import { holdCalls, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { useRedis } from "../support/redis-server";
import { useStack } from "../support/use-stack";

const OPS = { email: "ops.admin@example.com", password: "Admin12345" };

describe.each(["embedded", "Redis"])("one claim per target (%s state)", (engine) => {
  const env: NodeJS.ProcessEnv = {};
  if (engine === "Redis") useRedis(env);
  const stack = useStack(env);

  it("sends one call when a row toggle meets a bulk toggle of the same announcement, and it ends as both asked", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const inactive = (await demoRows<{ id: number; isActive: boolean }>(stack.demo.url, "/announcements")).find(
      (announcement) => !announcement.isActive,
    )!;
    const id = String(inactive.id);
    const held = await holdCalls(stack.demo.url, { method: "PATCH", path: `/announcements/${id}/toggle-status` });
    // The batch reads the announcement, takes its claim and sends; its call waits upstream.
    const batch = confirm(admin, reviewPath("announcements", "activate", [id]));
    await held.arrived();

    // A row Activate on the same announcement meanwhile: refused, nothing sent.
    const row = await admin.post("/announcements", { intent: "toggle-status", id, isActive: "true" });
    expect(toastMessage(decodeEntities((await admin.follow(row)).html))).toBe(
      "This is being changed in another tab or batch right now",
    );
    expect(await held.holding()).toBe(1);

    await held.release();
    await finishedResults(admin, await batch);
    expect(await recordedRequests(stack.demo.url, `/announcements/${id}/toggle-status`)).toHaveLength(1);
    const after = (await demoRows<{ id: number; isActive: boolean }>(stack.demo.url, "/announcements")).find(
      (announcement) => announcement.id === inactive.id,
    );
    expect(after?.isActive).toBe(true);
  });

  it("sends one decision when a list decision meets a queue decision, and tells the second who decided", async () => {
    const member = await findDemoUser(stack.demo.url, (user) => user.badgeRequestStatus === 1);
    const id = String(member.id);
    const ops = await PanelClient.signedIn(stack.panel.url, OPS.email, OPS.password);
    const admin = await PanelClient.signedIn(stack.panel.url);
    expect((await ops.get(`/badge-requests/review/${id}`)).status).toBe(200);

    // While Ops reviews it, the list refuses another admin's decision and names the reviewer.
    const early = await admin.post("/badge-requests", { intent: "approve", id });
    expect(toastMessage(decodeEntities((await admin.follow(early)).html))).toMatch(
      new RegExp(`^Being reviewed by ${OPS.email.replace(/\./g, "\\.")} since `),
    );

    const held = await holdCalls(stack.demo.url, { method: "POST", path: `/users/badges/${id}` });
    const queued = ops.post(`/badge-requests/review/${id}`, { intent: "reject", id, reason: "Incomplete application" });
    await held.arrived();
    const late = await admin.post("/badge-requests", { intent: "approve", id });
    expect(toastMessage(decodeEntities((await admin.follow(late)).html))).toBe(
      `${OPS.email} is changing this right now`,
    );
    await held.release();
    expect((await queued).status).toBe(302);

    const calls = await recordedRequests(stack.demo.url, `/users/badges/${id}`);
    expect(calls.map((call) => call.body)).toEqual([{ approved: 0 }]);
    // Afterwards, the list says who decided it.
    const after = await admin.post("/badge-requests", { intent: "approve", id });
    expect(toastMessage(decodeEntities((await admin.follow(after)).html))).toMatch(
      new RegExp(`^Already rejected by ${OPS.email.replace(/\./g, "\\.")} at `),
    );
  });
});
