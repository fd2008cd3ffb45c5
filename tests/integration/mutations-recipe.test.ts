// The recipe's guarantees over real HTTP (issue 14): a form's one-time key makes a repeated post
// answer the first post's outcome without a second upstream call, also while the first is in
// flight; an action that no longer applies is never sent; a failed row action redirects (PRG).
import { beforeEach, describe, expect, it } from "vitest";

import { findDemoUser } from "../support/demo-data";
import { clearRecordedRequests, injectFault, outbox, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack();
let panel: PanelClient;

beforeEach(async () => {
  panel = await PanelClient.signedIn(stack.panel.url);
  await clearRecordedRequests(stack.demo.url);
});

/** The one-time key the server rendered into the page's (first) mutation form. */
async function renderedKey(path: string): Promise<string> {
  const html = await (await panel.get(path)).text();
  const key = /name="_once" value="([^"]+)"/.exec(html)?.[1];
  if (!key) throw new Error(`no one-time key on ${path}`);
  return key;
}

/** The same form posted twice at once, the second while the first is in flight (a double click). */
async function doublePost(path: string, fields: Record<string, string>) {
  return Promise.all([panel.post(path, fields), panel.post(path, fields)]);
}

describe("one-time keys", () => {
  it("renders a fresh key into every render of a form", async () => {
    const first = await renderedKey("/posts?confirm=delete&id=34");
    const second = await renderedKey("/posts?confirm=delete&id=34");
    expect(first).not.toBe(second);
  });

  it("deletes a post once for a double post, and the last answer toasts the success", async () => {
    await injectFault(stack.demo.url, { method: "DELETE", path: "/posts/34", delayMs: 300 });
    const path = "/posts?confirm=delete&id=34";
    const key = await renderedKey(path);

    const answers = await doublePost(path, { intent: "delete", id: "34", _once: key });

    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect(answers[1]!.headers.get("location")).toBe(answers[0]!.headers.get("location"));
    // A browser shows the answer to the last click: the success, not "Post not found".
    expect(toastMessage((await panel.follow(answers[1]!)).html)).toBe("Post deleted successfully");
    const deletes = (await recordedRequests(stack.demo.url, "/posts/34")).filter((call) => call.method === "DELETE");
    expect(deletes).toHaveLength(1);
  });

  it("approves a badge request once for a double post", async () => {
    const user = await findDemoUser(stack.demo.url, (candidate) => candidate.badgeRequestStatus === 1);
    await injectFault(stack.demo.url, { method: "POST", path: `/users/badges/${user.id}`, delayMs: 300 });
    const path = `/badge-requests?confirm=approve&id=${user.id}`;
    const key = await renderedKey(path);

    const answers = await doublePost(path, { intent: "approve", id: String(user.id), _once: key });

    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect(await recordedRequests(stack.demo.url, `/users/badges/${user.id}`)).toHaveLength(1);
  });

  it("sends one push for a double post of Send Notification", async () => {
    const user = await findDemoUser(stack.demo.url, (candidate) => candidate.devicesCount > 0);
    await injectFault(stack.demo.url, { method: "POST", path: "/fcm/send-notification-to-user", delayMs: 300 });
    const path = `/users/${user.id}?notify=1`;
    const key = await renderedKey(path);
    const before = (await outbox(stack.demo.url, user.email)).filter((message) => message.kind === "push").length;

    const answers = await doublePost(path, { intent: "notify", title: "Once", message: "Only once", _once: key });

    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    const pushes = (await outbox(stack.demo.url, user.email)).filter((message) => message.kind === "push");
    expect(pushes.length - before).toBe(1);
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

describe("Post/Redirect/Get for failed row actions", () => {
  it("redirects a failed delete back with the error toast, so a reload sends nothing", async () => {
    await injectFault(stack.demo.url, { method: "DELETE", path: "/posts/35", status: 500, times: 1 });

    const response = await panel.post("/posts?search=&confirm=delete&id=35", { intent: "delete", id: "35" });

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/posts?search=");
    expect(toastMessage((await panel.follow(response)).html)).toBe("Failed to delete post");
  });
});
