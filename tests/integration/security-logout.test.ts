// Signing out must end the upstream session too: a copy of the old session cookie (a stolen one,
// say) must stop working. The panel retries the upstream logout once and logs when it still fails.
import { describe, expect, it } from "vitest";

import { injectFault, recordedRequests } from "../support/demo-hooks";
import { PanelClient, toastMessage } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack();

/** A signed-in admin and the raw upstream session token the panel signed into its cookie. */
async function signedIn(): Promise<{ panel: PanelClient; token: string }> {
  const panel = await PanelClient.signedIn(stack.panel.url);
  const signed = panel.cookie("session")!;
  return { panel, token: signed.slice(0, signed.lastIndexOf(".")) };
}

/** Replays an upstream session token straight against the demo API; answers the status. */
async function replay(token: string): Promise<number> {
  const response = await fetch(`${stack.demo.url}/api/users?limit=1`, { headers: { cookie: `session=${token}` } });
  await response.body?.cancel();
  return response.status;
}

/** The panel's JSON log lines with the given message. */
function logLines(msg: string): Record<string, unknown>[] {
  return stack.panel
    .output()
    .split("\n")
    .flatMap((line): Record<string, unknown>[] => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    })
    .filter((line) => line.msg === msg);
}

describe("POST /logout ends the upstream session", () => {
  it("is refused upstream after a plain sign-out", async () => {
    const { panel, token } = await signedIn();
    expect(await replay(token)).toBe(200);
    await panel.post("/logout", {});
    expect(await replay(token)).toBe(401);
  });

  it("retries the upstream logout once after a failure, and the old session is refused", async () => {
    const { panel, token } = await signedIn();
    await injectFault(stack.demo.url, { method: "GET", path: "/auth/logout", status: 503, times: 1 });

    const response = await panel.post("/logout", {});

    expect(response.headers.get("location")).toBe("/login");
    expect(panel.cookie("user")).toBeUndefined();
    expect(panel.cookie("session")).toBeUndefined();
    expect(toastMessage((await panel.follow(response)).html)).toBe("Logged out successfully");
    const logouts = await recordedRequests(stack.demo.url, "/auth/logout");
    expect(logouts.map((call) => call.status)).toEqual([503, 200]);
    expect(logouts.every((call) => call.hasSession)).toBe(true);
    expect(await replay(token)).toBe(401);
  });

  it("signs out silently and logs a warning when the upstream logout fails twice", async () => {
    const { panel } = await signedIn();
    await injectFault(stack.demo.url, { method: "GET", path: "/auth/logout", status: 503, times: 2 });

    const response = await panel.post("/logout", {});

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect(panel.cookie("user")).toBeUndefined();
    expect(panel.cookie("session")).toBeUndefined();
    expect(toastMessage((await panel.follow(response)).html)).toBeUndefined();
    expect(await recordedRequests(stack.demo.url, "/auth/logout")).toHaveLength(2);
    // The process writes its log line before it answers; give the pipe a moment to deliver it.
    await expect.poll(() => logLines("upstream logout failed")).toHaveLength(1);
    expect(logLines("upstream logout failed")[0]).toMatchObject({
      level: "warn",
      admin: "admin@example.com",
      upstream: "GET /auth/logout",
      status: 503,
    });
  });
});
