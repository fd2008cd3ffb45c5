// Ban and unban are GETs upstream: the panel must still send them once, whatever fails. Only the
// calls an endpoint declares safe to repeat (reads) are retried.
import { describe, expect, it } from "vitest";

import { type DemoUser, findDemoUser } from "../support/demo-data";
import { clearRecordedRequests, injectFault, recordedRequests } from "../support/demo-hooks";
import { PanelClient, toastMessage } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack();

/** A panel client signed in (as the admin unless told otherwise), with the request log cleared. */
async function signedIn(email?: string, password?: string): Promise<PanelClient> {
  const client = await PanelClient.signedIn(stack.panel.url, email, password);
  await clearRecordedRequests(stack.demo.url);
  return client;
}

const findUser = (test: (user: DemoUser) => boolean) => findDemoUser(stack.demo.url, test);

describe("mutations reach the upstream once", () => {
  it.each([
    { intent: "ban", path: "/users/ban", method: "GET", banned: false, toast: "Failed to ban user" },
    { intent: "unban", path: "/users/un-ban", method: "GET", banned: true, toast: "Failed to unban user" },
    { intent: "verify", path: "/users/verify", method: "POST", banned: false, toast: "Failed to verify user" },
  ])("sends $intent once when the upstream answers 503", async ({ intent, path, method, banned, toast }) => {
    // A user the action still applies to (verify: email verified, not yet verified).
    const user = await findUser(
      (candidate) =>
        candidate.isBanned === banned &&
        candidate.role === "user" &&
        (intent !== "verify" || (candidate.isEmailVerified && candidate.status !== "verified")),
    );
    const panel = await signedIn();
    // A proxy's page, not the API's own body: the screen's fallback is the toast.
    await injectFault(stack.demo.url, {
      method,
      path: `${path}/${user.id}`,
      status: 503,
      times: 1,
      body: "<html><body>Service Unavailable</body></html>",
    });

    const response = await panel.post(`/users?confirm=${intent}&id=${user.id}`, { intent, id: String(user.id) });

    expect(response.status).toBe(302);
    expect(toastMessage((await panel.follow(response)).html)).toBe(toast);
    const sent = await recordedRequests(stack.demo.url, `${path}/${user.id}`);
    expect(sent.map((call) => `${call.method} ${call.status}`)).toEqual([`${method} 503`]);
  });

  it("shows a refused ban as the upstream's message on the list, not as the forbidden page", async () => {
    const user = await findUser((candidate) => !candidate.isBanned && candidate.role === "user");
    const panel = await signedIn();
    await injectFault(stack.demo.url, {
      method: "GET",
      path: `/users/ban/${user.id}`,
      status: 403,
      body: { message: "Forbidden" },
      times: 1,
    });

    const response = await panel.post(`/users?confirm=ban&id=${user.id}`, { intent: "ban", id: String(user.id) });

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/users");
    expect(toastMessage((await panel.follow(response)).html)).toBe("Forbidden");
    expect(await recordedRequests(stack.demo.url, `/users/ban/${user.id}`)).toHaveLength(1);
  });

  it("refuses an upstream moderator's ban itself (at most a Viewer): the 403 page, nothing sent", async () => {
    const user = await findUser((candidate) => !candidate.isBanned && candidate.role === "user");
    const panel = await signedIn("moderator@example.com", "Moderator12345");

    const response = await panel.post(`/users?confirm=ban&id=${user.id}`, { intent: "ban", id: String(user.id) });

    expect(response.status).toBe(403);
    expect(await response.text()).toContain("You do not have access to this page");
    expect(await recordedRequests(stack.demo.url, `/users/ban/${user.id}`)).toHaveLength(0);
  });
});

describe("reads are retried", () => {
  it("renders the users list after one 503, having asked twice", async () => {
    const panel = await signedIn();
    await injectFault(stack.demo.url, { method: "GET", path: "/users", status: 503, times: 1 });

    const response = await panel.get("/users");

    expect(response.status).toBe(200);
    expect(await response.text()).toContain("member@example.com");
    const lists = (await recordedRequests(stack.demo.url, "/users")).filter((call) => call.path === "/users");
    expect(lists.map((call) => call.status)).toEqual([503, 200]);
  });
});
