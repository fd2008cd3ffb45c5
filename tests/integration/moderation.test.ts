import { within } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";

import { findDemoUser } from "../support/demo-data";
import { injectFault, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useStack } from "../support/use-stack";

const stack = useStack();
let panel: PanelClient;

beforeEach(async () => {
  panel = await PanelClient.signedIn(stack.panel.url);
});

async function page(path: string) {
  const response = await panel.get(path);
  return { status: response.status, html: decodeEntities(await response.text()) };
}

/** The numbers of the four dashboard cards, in order. */
function cardNumbers(html: string): string[] {
  return [...html.matchAll(/data-testid="stat-card".*?<p class="mt-3 text-3xl[^"]*">([^<]+)<\/p>/gs)].map(
    (match) => match[1]!,
  );
}

describe("dashboard", () => {
  it("counts non-admin users among the first 100, posts, pending badges and invites", async () => {
    const { html } = await page("/");
    expect(cardNumbers(html)).toEqual(["97", "36", "13", "48"]);
    const [users] = await recordedRequests(stack.demo.url, "/users");
    expect(users!.query).toMatchObject({ page: "1", limit: "100" });
  });

  it("keeps the other cards when one upstream call fails", async () => {
    await injectFault(stack.demo.url, { method: "GET", path: "/posts", status: 500 });
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(cardNumbers(html)).toEqual(["97", "13", "48"]);
    expect(html).toContain("Some error occurred while fetching data");
    expect(html).toContain("Recent Badge Requests");
  });

  it("reads of each answer what it shows: a post past the fifth counts as an object, a shown one must be whole", async () => {
    const post = (id: number) => ({ id, title: `Post ${id}`, description: "Text", createdAt: "2026-01-01T00:00:00Z" });
    const answer = (entries: unknown[]) => ({ data: { data: entries } });
    const { title: _untitled, ...seventh } = post(7);
    await injectFault(stack.demo.url, {
      method: "GET",
      path: "/posts",
      status: 200,
      body: answer([...[1, 2, 3, 4, 5, 6].map(post), seventh]),
      times: 1,
    });
    expect(cardNumbers((await page("/")).html)).toEqual(["97", "7", "13", "48"]);

    const { title: _gone, ...second } = post(2);
    await injectFault(stack.demo.url, {
      method: "GET",
      path: "/posts",
      status: 200,
      body: answer([post(1), second, post(3)]),
      times: 1,
    });
    const shown = await page("/");
    expect(shown.status).toBe(200);
    expect(cardNumbers(shown.html)).toEqual(["97", "13", "48"]);
    expect(shown.html).toContain("Some error occurred while fetching data");

    // Counted only, but still a list of invites: anything else fails the card.
    await injectFault(stack.demo.url, { method: "GET", path: "/invite", status: 200, body: answer([{}, null]) });
    expect(cardNumbers((await page("/")).html)).toEqual(["97", "36", "13"]);
  });

  it("approves a badge request from the dashboard", async () => {
    const response = await panel.post("/?index&confirm=approve&id=9", { intent: "approve", id: "9" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Badge request approved successfully");
    const [call] = await recordedRequests(stack.demo.url, "/users/badges");
    expect(call).toMatchObject({ method: "POST", path: "/users/badges/9", body: { approved: 2 } });
    expect(cardNumbers(decodeEntities(html))[2]).toBe("12");
  });
});

describe("citizenship requests", () => {
  it("searches name, email and phone case-insensitively", async () => {
    const byName = await page("/badge-requests?search=OLIVIA");
    expect(byName.html).toContain("olivia.cohen19@example.com");
    expect(byName.html).not.toContain("elias.obrien9@example.com");
    const byPhone = await page("/badge-requests?search=555%201333");
    expect(byPhone.html).toContain("elias.obrien9@example.com");
    const none = await page("/badge-requests?search=nobody-at-all");
    expect(none.html).toContain("No requests match your search criteria.");
  });

  it("rejects with approved 0 and goes back to the same search", async () => {
    const response = await panel.post("/badge-requests?search=olivia&confirm=reject&id=19", {
      intent: "reject",
      id: "19",
    });
    expect(response.headers.get("location")).toBe("/badge-requests?search=olivia");
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Badge request rejected successfully");
    expect(html).not.toContain("olivia.cohen19@example.com");
    const [call] = await recordedRequests(stack.demo.url, "/users/badges");
    expect(call).toMatchObject({ path: "/users/badges/19", body: { approved: 0 } });
  });

  it("never decides a request twice: the second decision says so and sends nothing", async () => {
    await panel.post("/badge-requests", { intent: "approve", id: "9" });
    const again = await panel.post("/badge-requests", { intent: "approve", id: "9" });
    const { html } = await panel.follow(again);
    expect(toastMessage(html)).toMatch(/^Already approved by admin@example\.com at /);
    expect(await recordedRequests(stack.demo.url, "/users/badges/9")).toHaveLength(1);
  });

  it("shows the server's message when a decision fails", async () => {
    const pending = await findDemoUser(stack.demo.url, (user) => user.badgeRequestStatus === 1 && user.id !== 9);
    await injectFault(stack.demo.url, {
      method: "POST",
      path: `/users/badges/${pending.id}`,
      status: 400,
      body: { message: "User has no pending badge request" },
    });
    const response = await panel.post("/badge-requests", { intent: "approve", id: String(pending.id) });
    expect(toastMessage((await panel.follow(response)).html)).toBe("User has no pending badge request");
  });

  it("refuses an unknown intent and a malformed id with a 400, calling nothing", async () => {
    expect((await panel.post("/badge-requests", { intent: "promote", id: "9" })).status).toBe(400);
    expect((await panel.post("/badge-requests", { intent: "approve", id: "../9" })).status).toBe(400);
    expect(await recordedRequests(stack.demo.url, "/users/badges")).toHaveLength(0);
  });

  it("shows the list error state when the upstream fails", async () => {
    await injectFault(stack.demo.url, { method: "GET", path: "/users/pending-badges", status: 500 });
    expect((await page("/badge-requests")).html).toContain("Some error occurred while fetching data");
  });
});

describe("posts", () => {
  it("shows posts with the subtitle and renders member markup as text", async () => {
    const { html } = await page("/posts");
    expect(html).toContain("Manage and view all community posts");
    const raw = await (await panel.get("/posts")).text();
    expect(raw).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(raw).not.toContain("<img src=x");
  });

  it("searches title and description case-insensitively", async () => {
    const { html } = await page("/posts?search=RUNNING%20PARTNER");
    expect(html).toContain("Looking for a running partner (#36)");
    expect(html).not.toContain("Book club: March pick");
    expect((await page("/posts?search=zzz-nothing")).html).toContain("No posts match your search criteria.");
  });

  it("says when there are no posts at all", async () => {
    await injectFault(stack.demo.url, { method: "GET", path: "/posts", status: 200, body: { data: { data: [] } } });
    const { html } = await page("/posts");
    expect(html).toContain("No Posts Found");
    expect(html).toContain("No posts have been created yet.");
  });

  it("deletes a post and toasts the server's message", async () => {
    const response = await panel.post("/posts?search=book&confirm=delete&id=33", { intent: "delete", id: "33" });
    expect(response.headers.get("location")).toBe("/posts?search=book");
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Post deleted successfully");
    expect(html).not.toContain("(#33)");
    const [call] = await recordedRequests(stack.demo.url, "/posts/");
    expect(call).toMatchObject({ method: "DELETE", path: "/posts/33" });
  });

  it("sends no DELETE for a post that is not there", async () => {
    const response = await panel.post("/posts", { intent: "delete", id: "999999" });
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("This post has already been deleted");
    expect(await recordedRequests(stack.demo.url, "/posts/999999")).toHaveLength(0);
  });

  it("names a post that is not there by its id once, in the audit and the bulk results", async () => {
    const bulk = await panel.post("/posts/bulk?action=delete&id=999999", { reason: "Off-topic" });
    expect(bulk.status).toBe(302);
    const results = bulk.headers.get("location")!;
    const batch = /\/posts\/bulk\/([\w-]+)/.exec(results)?.[1];
    // The batch's item is recorded as it ends, which may be after the answer.
    const targets = async () => {
      const audit = await htmlPage(await panel.get(`/audit?batch=${batch}`));
      return audit.queryAllByRole("cell").map((cell) => cell.textContent!.trim());
    };
    await expect.poll(async () => (await targets()).includes("post 999999")).toBe(true);
    expect((await targets()).filter((text) => text.includes("999999"))).toEqual(["post 999999"]);
    const page = await htmlPage(await panel.get(results));
    expect(page.getAllByRole("cell").map((cell) => cell.textContent!.trim())).toContain("Id 999999");
  });

  it("shows the load error text", async () => {
    await injectFault(stack.demo.url, { method: "GET", path: "/posts", status: 503 });
    expect((await page("/posts")).html).toContain("Some error occurred while fetching data");
  });
});

describe("what the dashboard shows without JavaScript", () => {
  it("names each total, and shows the five latest posts and badge requests", async () => {
    const screen = await htmlPage(await panel.get("/"));
    const card = (label: string) =>
      screen.getAllByTestId("stat-card").find((candidate) => candidate.textContent!.includes(label))!.textContent;
    expect(card("Total Users")).toContain("97");
    expect(card("Total Posts")).toContain("36");
    expect(card("Pending Badges")).toContain("13");
    expect(card("Active Invites")).toContain("48");
    expect(within(screen.getByRole("region", { name: "Recent Posts" })).getAllByRole("article")).toHaveLength(5);
    // A header row and five requests.
    expect(within(screen.getByRole("region", { name: "Recent Badge Requests" })).getAllByRole("row")).toHaveLength(6);
  });
});
