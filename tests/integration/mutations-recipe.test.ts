// The recipe's guarantees over real HTTP (issue 14): a form's one-time key makes a repeated post
// answer the first post's outcome without a second upstream call, also while the first is in
// flight; an action that no longer applies is never sent; a failed row action redirects (PRG).
import { beforeEach, describe, expect, it } from "vitest";

import { findDemoUser } from "../support/demo-data";
import { clearRecordedRequests, holdCalls, injectFault, outbox, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { waitForLine } from "../support/servers";
import { useStack } from "../support/use-stack";

const stack = useStack();
let panel: PanelClient;

beforeEach(async () => {
  // Confirmed ahead: a plan deletion asks for a re-authentication first (decision 080).
  panel = await PanelClient.reauthenticated(stack.panel.url);
  await clearRecordedRequests(stack.demo.url);
});

/** The one-time key the server rendered into the page's (first) mutation form. */
async function renderedKey(path: string): Promise<string> {
  const html = await (await panel.get(path)).text();
  const key = /name="_once" value="([^"]+)"/.exec(html)?.[1];
  if (!key) throw new Error(`no one-time key on ${path}`);
  return key;
}

/**
 * The same form posted twice, the second while the first is in flight (a double click): the demo
 * API holds the first post's upstream call (`upstream`) until the second has been sent.
 */
async function doublePost(
  path: string,
  fields: Record<string, string> | [string, string][],
  upstream: { method: string; path: string },
  client = panel,
) {
  const held = await holdCalls(stack.demo.url, { ...upstream, times: 1 });
  const first = client.post(path, fields);
  await held.arrived();
  const second = client.post(path, fields);
  await held.release();
  return Promise.all([first, second]);
}

describe("one-time keys", () => {
  it("renders a fresh key into every render of a form", async () => {
    const first = await renderedKey("/posts?confirm=delete&id=34");
    const second = await renderedKey("/posts?confirm=delete&id=34");
    expect(first).not.toBe(second);
  });

  it("deletes a post once for a double post, and the last answer toasts the success", async () => {
    const path = "/posts?confirm=delete&id=34";
    const key = await renderedKey(path);

    const answers = await doublePost(
      path,
      { intent: "delete", id: "34", _once: key },
      { method: "DELETE", path: "/posts/34" },
    );

    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect(answers[1]!.headers.get("location")).toBe(answers[0]!.headers.get("location"));
    // A browser shows the answer to the last click: the success, not "Post not found".
    expect(toastMessage((await panel.follow(answers[1]!)).html)).toBe("Post deleted successfully");
    const deletes = (await recordedRequests(stack.demo.url, "/posts/34")).filter((call) => call.method === "DELETE");
    expect(deletes).toHaveLength(1);
  });

  it("approves a badge request once for a double post", async () => {
    const user = await findDemoUser(stack.demo.url, (candidate) => candidate.badgeRequestStatus === 1);
    const path = `/badge-requests?confirm=approve&id=${user.id}`;
    const key = await renderedKey(path);

    const answers = await doublePost(
      path,
      { intent: "approve", id: String(user.id), _once: key },
      { method: "POST", path: `/users/badges/${user.id}` },
    );

    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect(await recordedRequests(stack.demo.url, `/users/badges/${user.id}`)).toHaveLength(1);
  });

  it("sends one push for a double post of Send Notification", async () => {
    const user = await findDemoUser(stack.demo.url, (candidate) => candidate.devicesCount > 0);
    const path = `/users/${user.id}?notify=1`;
    const key = await renderedKey(path);
    const before = (await outbox(stack.demo.url, user.email)).filter((message) => message.kind === "push").length;

    const answers = await doublePost(
      path,
      { intent: "notify", title: "Once", message: "Only once", _once: key },
      { method: "POST", path: "/fcm/send-notification-to-user" },
    );

    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    const pushes = (await outbox(stack.demo.url, user.email)).filter((message) => message.kind === "push");
    expect(pushes.length - before).toBe(1);
  });

  it("finishes a submission whose browser dropped it (a double click without JavaScript) for the repeat", async () => {
    const held = await holdCalls(stack.demo.url, { method: "DELETE", path: "/posts/32", times: 1 });
    const path = "/posts?confirm=delete&id=32";
    const key = await renderedKey(path);
    const fields = { intent: "delete", id: "32", _once: key };
    const loggedBefore = stack.panel.output().split("\n").length - 1;

    // The browser sends the first click's post, which reaches the upstream (held there, in flight) ...
    const dropped = new AbortController();
    const first = fetch(new URL(path, stack.panel.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: panel.cookieHeader() },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
      signal: dropped.signal,
    }).catch(() => undefined);
    await held.arrived();
    // ... then drops it when the second click posts again: the panel logs the abandoned post (499).
    dropped.abort();
    await first;
    await waitForLine(
      stack.panel.process,
      () => stack.panel.output().split("\n").slice(loggedBefore, -1),
      (line) => /"method":"POST","path":"\/posts","status":499/.test(line),
      (problem) => `the panel's log of the dropped post ${problem}`,
    );
    const second = panel.post(path, fields);
    expect(await held.release()).toBe(1);

    expect(toastMessage((await panel.follow(await second)).html)).toBe("Post deleted successfully");
    const deletes = (await recordedRequests(stack.demo.url, "/posts/32")).filter((call) => call.method === "DELETE");
    expect(deletes.map((call) => call.status)).toEqual([200]);
  });

  it("answers a later repeat of a key with the same outcome, without calling the upstream", async () => {
    const user = await findDemoUser(stack.demo.url, (candidate) => !candidate.isBanned && candidate.role === "user");
    const path = `/users?confirm=ban&id=${user.id}`;
    const key = await renderedKey(path);
    const first = await panel.post(path, { intent: "ban", id: String(user.id), _once: key });
    expect(toastMessage((await panel.follow(first)).html)).toBe("User banned successfully");
    await clearRecordedRequests(stack.demo.url);

    const again = await panel.post(path, { intent: "ban", id: String(user.id), _once: key });

    expect(again.status).toBe(302);
    expect(await recordedRequests(stack.demo.url, "/users")).toEqual([]);
    expect(toastMessage((await panel.follow(again)).html)).toBe("User banned successfully");
  });

  it("runs a post without a key (a tester's plain POST) every time", async () => {
    const user = await findDemoUser(stack.demo.url, (candidate) => candidate.isBanned && candidate.role === "user");
    await panel.post("/users", { intent: "unban", id: String(user.id) });
    await panel.post("/users", { intent: "ban", id: String(user.id) });
    await panel.post("/users", { intent: "unban", id: String(user.id) });
    const sent = await recordedRequests(stack.demo.url, "/users/");
    expect(sent.map((call) => call.path).filter((path) => !path.startsWith(`/users/${user.id}`))).toEqual([
      `/users/un-ban/${user.id}`,
      `/users/ban/${user.id}`,
      `/users/un-ban/${user.id}`,
    ]);
  });
});

describe("one-time keys on the announcements and memberships screens", () => {
  /** The upstream calls other than reads and sign-ins. */
  const mutations = async (prefix: string) =>
    (await recordedRequests(stack.demo.url, prefix)).filter((call) => call.method !== "GET");

  it("creates one announcement for a double post of the Create form", async () => {
    const path = "/announcements?new";
    const key = await renderedKey(path);
    const fields = {
      intent: "create",
      title: "Created once",
      description: "Only one of these.",
      date: "2026-12-01T09:30",
      isActive: "true",
      _once: key,
    };

    const answers = await doublePost(path, fields, { method: "POST", path: "/announcements" });

    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect(toastMessage((await panel.follow(answers[1]!)).html)).toBe("Announcement created successfully");
    expect((await mutations("/announcements")).map((call) => call.method)).toEqual(["POST"]);
  });

  it("deletes an announcement once for a double post, and the last answer toasts the success", async () => {
    const path = "/announcements?confirm=delete&id=3";
    const key = await renderedKey(path);

    const answers = await doublePost(
      path,
      { intent: "delete", id: "3", _once: key },
      { method: "DELETE", path: "/announcements/3" },
    );

    expect(answers[1]!.headers.get("location")).toBe(answers[0]!.headers.get("location"));
    expect(toastMessage((await panel.follow(answers[1]!)).html)).toBe("Announcement deleted successfully");
    expect((await mutations("/announcements")).map((call) => [call.method, call.path])).toEqual([
      ["DELETE", "/announcements/3"],
    ]);
  });

  it("deletes a membership tier once for a double post", async () => {
    const path = "/memberships?confirm=delete&id=4";
    const key = await renderedKey(path);

    const answers = await doublePost(
      path,
      { intent: "delete", id: "4", _once: key },
      { method: "DELETE", path: "/membership-plan/delete/4" },
    );

    expect(answers[1]!.headers.get("location")).toBe(answers[0]!.headers.get("location"));
    expect(toastMessage((await panel.follow(answers[1]!)).html)).toBe("Membership deleted successfully");
    expect((await mutations("/membership-plan")).map((call) => call.method)).toEqual(["DELETE"]);
  });

  it("creates one membership tier for a double post of the Create form", async () => {
    const path = "/memberships/create";
    const key = await renderedKey(path);
    const fields: [string, string][] = [
      ["intent", "create"],
      ["name", "Once"],
      ["price", "3"],
      ["period", "month"],
      ["description", "Created once."],
      ["features", "One"],
      ["image", ""],
      ["_once", key],
    ];

    const answers = await doublePost(path, fields, { method: "POST", path: "/membership-plan/create" });

    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect(toastMessage((await panel.follow(answers[1]!)).html)).toMatch(/created successfully/i);
    expect((await mutations("/membership-plan")).map((call) => call.method)).toEqual(["POST"]);
  });
});

describe("one-time keys on the public account pages", () => {
  /** The key rendered into a public page's form, for a visitor without a session. */
  async function publicKey(visitor: PanelClient, path: string): Promise<string> {
    const html = await (await visitor.get(path)).text();
    const key = /name="_once" value="([^"]+)"/.exec(html)?.[1];
    if (!key) throw new Error(`no one-time key on ${path}`);
    return key;
  }

  it("sends one reset email for a double post of Forgot Password", async () => {
    const visitor = new PanelClient(stack.panel.url);
    const email = "moderator@example.com";
    const before = (await outbox(stack.demo.url, email)).length;
    const key = await publicKey(visitor, "/forgot-password");

    const answers = await doublePost(
      "/forgot-password",
      { email, _once: key },
      { method: "POST", path: "/auth/forgot-password" },
      visitor,
    );

    expect(answers.map((answer) => answer.headers.get("location"))).toEqual([
      "/forgot-password?sent=1",
      "/forgot-password?sent=1",
    ]);
    expect((await outbox(stack.demo.url, email)).length - before).toBe(1);
  });

  it("resets a password once for a double post, and the last answer shows the success, not a dead link", async () => {
    const visitor = new PanelClient(stack.panel.url);
    const email = "member@example.com";
    await visitor.post("/forgot-password", { email });
    const token = (await outbox(stack.demo.url, email)).at(-1)!.token!;
    const path = `/reset-password?token=${encodeURIComponent(token)}`;
    const key = await publicKey(visitor, path);
    const fields = { password: "Once-Only-Pass9", confirmPassword: "Once-Only-Pass9", _once: key };

    const answers = await doublePost(path, fields, { method: "POST", path: "/auth/reset-password" }, visitor);

    expect(answers.map((answer) => answer.headers.get("location"))).toEqual([
      "/reset-password?done=1",
      "/reset-password?done=1",
    ]);
    expect(await recordedRequests(stack.demo.url, "/auth/reset-password")).toHaveLength(1);
  });

  it("sends one security key for a double post of the deletion's first step", async () => {
    const visitor = new PanelClient(stack.panel.url);
    const email = "member@example.com";
    const before = (await outbox(stack.demo.url, email)).length;
    const key = await publicKey(visitor, "/delete-account");
    const fields = { intent: "generate-key", email, _once: key };

    const answers = await doublePost(
      "/delete-account",
      fields,
      { method: "POST", path: "/users/generate-key" },
      visitor,
    );

    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect((await outbox(stack.demo.url, email)).length - before).toBe(1);
  });
});

describe("actions check the state they need", () => {
  it("shows an already verified user's state instead of the Verify button", async () => {
    const user = await findDemoUser(stack.demo.url, (candidate) => candidate.status === "verified");
    const html = decodeEntities(
      await (await panel.get(`/users?confirm=verify&id=${user.id}&search=${user.email}`)).text(),
    );
    expect(html).toContain(`User ${user.fullName?.trim() || user.email} is already verified`);
    expect(html).not.toMatch(/<button type="submit"[^>]*>Verify</);
  });

  it.each([
    ["verify", (user: { status: string }) => user.status === "verified", "/users/verify/"],
    ["ban", (user: { isBanned: boolean }) => user.isBanned, "/users/ban/"],
    ["unban", (user: { isBanned: boolean }) => !user.isBanned, "/users/un-ban/"],
  ] as const)("never sends %s when it no longer applies", async (intent, test, upstreamPath) => {
    const user = await findDemoUser(
      stack.demo.url,
      (candidate) => candidate.role === "user" && test(candidate as never),
    );

    const response = await panel.post(`/users?confirm=${intent}&id=${user.id}`, { intent, id: String(user.id) });

    expect(response.status).toBe(302);
    expect(toastMessage((await panel.follow(response)).html)).toMatch(/already|not banned/);
    expect(await recordedRequests(stack.demo.url, `${upstreamPath}${user.id}`)).toEqual([]);
  });

  it("never deletes a post that is gone, and never decides a request twice", async () => {
    const gone = await panel.post("/posts", { intent: "delete", id: "999999" });
    expect(toastMessage((await panel.follow(gone)).html)).toBe("This post has already been deleted");
    const decided = await findDemoUser(stack.demo.url, (candidate) => candidate.badgeRequestStatus === 2);
    const again = await panel.post("/badge-requests", { intent: "reject", id: String(decided.id) });
    expect(toastMessage((await panel.follow(again)).html)).toBe("This citizenship request has already been decided");
    const sent = await recordedRequests(stack.demo.url);
    expect(sent.filter((call) => call.method !== "GET" && !call.path.startsWith("/auth"))).toEqual([]);
  });
});

describe("membership tiers check their state", () => {
  it("shows an active tier's state instead of the Activate button, and never sends it", async () => {
    const html = decodeEntities(await (await panel.get("/memberships?confirm=activate&id=1")).text());
    expect(html).toContain("Membership Basic is already active");
    expect(html).not.toMatch(/<button type="submit"[^>]*>Activate</);

    const response = await panel.post("/memberships", { intent: "activate", id: "1" });

    expect(toastMessage((await panel.follow(response)).html)).toBe("Membership Basic is already active");
    expect(await recordedRequests(stack.demo.url, "/membership-plan/1/active")).toEqual([]);
  });

  it("never deactivates an inactive tier, from its details page either", async () => {
    const response = await panel.post("/memberships/view/5", { intent: "deactivate", id: "5" });

    expect(response.headers.get("location")).toBe("/memberships/view/5");
    expect(toastMessage((await panel.follow(response)).html)).toBe("Membership Legacy Supporter is already inactive");
    expect(await recordedRequests(stack.demo.url, "/membership-plan/5/active")).toEqual([]);
  });
});

describe("Post/Redirect/Get for failed row actions", () => {
  it("redirects a failed delete back with the error toast, so a reload sends nothing", async () => {
    await injectFault(stack.demo.url, {
      method: "DELETE",
      path: "/posts/35",
      status: 500,
      times: 1,
      body: "<html><body>Internal Server Error</body></html>",
    });

    const response = await panel.post("/posts?search=&confirm=delete&id=35", { intent: "delete", id: "35" });

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/posts?search=");
    expect(toastMessage((await panel.follow(response)).html)).toBe("Failed to delete post");
  });
});
