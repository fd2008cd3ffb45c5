// Issue 28, "where it shows": a member's History on user details and the History links of
// announcements and plans, on the built panel and the demo API, against both audit engines (the
// embedded store in AUDIT_DIR, and Redis). A ban, a bulk post deletion and a citizenship decision
// each show in the member's History with their time, admin, reason and batch link; the rows'
// History links lead to /audit listing that item's entries; a store that does not answer is the
// section's message, not an error page.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { within } from "@testing-library/dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { missingForTests } from "../../scripts/ensure-packages.mjs";
import { demoAdminCookie, findDemoUser } from "../support/demo-data";
import { resetDemo } from "../support/demo-hooks";
import { PanelClient } from "../support/form-post";
import { htmlPage } from "../support/html";
import { type RunningRedis, startRedis } from "../support/redis-server";
import { type RunningServer, startDemoApi, startPanel } from "../support/servers";

const missingRedis = missingForTests(["redis-server"], "the Redis engine of the audit store");

/** Where the panel keeps its trail: the embedded store in a directory, or a Redis server. */
interface StoreUnderTest {
  env: Record<string, string>;
  stop(): Promise<void>;
}

const stores = [
  {
    name: "embedded (LevelDB)",
    async start(): Promise<StoreUnderTest> {
      const dir = mkdtempSync(path.join(tmpdir(), "history-test-"));
      return { env: { AUDIT_DIR: dir }, stop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: "redis",
    async start(): Promise<StoreUnderTest> {
      const redis: RunningRedis = await startRedis();
      return { env: { REDIS_URL: redis.url }, stop: () => redis.stop() };
    },
  },
] as const;

/** The History section of a user's details: its entries as texts, its links, its message. */
async function historyOf(admin: PanelClient, userId: string) {
  const response = await admin.get(`/users/${userId}`);
  const page = await htmlPage(response);
  const section = page.getByRole("region", { name: "History" });
  const list = within(section).queryByRole("list");
  const items = list ? within(list).getAllByRole("listitem") : [];
  return {
    status: response.status,
    section,
    entries: items.map((item) => ({
      text: item.textContent!.replace(/\s+/g, " ").trim(),
      datetime: item.querySelector("time")?.getAttribute("datetime") ?? null,
      when: item.querySelector("time")?.textContent ?? null,
      batch:
        within(item)
          .queryByRole("link", { name: /^Batch / })
          ?.getAttribute("href") ?? null,
    })),
  };
}

/** The texts of the Target column of /audit at `href`. */
async function auditTargets(admin: PanelClient, href: string) {
  const page = await htmlPage(await admin.get(href));
  const table = page.getByRole("table", { name: "Audit entries" });
  const rows = within(table).getAllByRole("row").slice(1);
  const headers = within(table)
    .getAllByRole("columnheader")
    .map((header) => header.textContent!.trim());
  const column = headers.indexOf("Target");
  return rows
    .map((row) => within(row).queryAllByRole("cell"))
    .filter((cells) => cells.length === headers.length)
    .map((cells) => cells[column]!.textContent!.trim());
}

/** The APP_TIMEZONE of the test panel, as the History shows times (the servers' default). */
const zoneOf = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: process.env.APP_TIMEZONE || "UTC",
  }).format(Date.parse(iso));

describe.each(stores)("History, audit store $name", { timeout: 180_000 }, ({ name, start }) => {
  let store: StoreUnderTest;
  let demo: RunningServer;
  let panel: RunningServer;
  let admin: PanelClient;
  const skip = name === "redis" && missingRedis;

  beforeAll(async () => {
    if (skip) return;
    store = await start();
    demo = await startDemoApi();
    panel = await startPanel(`${demo.url}/api`, store.env);
  });
  afterAll(async () => {
    await Promise.all([panel?.stop(), demo?.stop()]);
    await store?.stop();
  });
  beforeEach(async (context) => {
    if (skip) context.skip(skip);
    await resetDemo(demo.url);
    admin = await PanelClient.signedIn(panel.url);
  });

  it("starts empty: no recorded actions yet", async () => {
    const { status, section, entries } = await historyOf(admin, "41");
    expect(status).toBe(200);
    expect(entries).toEqual([]);
    expect(within(section).getByText("No recorded actions yet")).toBeTruthy();
  });

  it("shows a ban, deletions of the member's posts (bulk and row) and a decision on their request, newest first", async () => {
    // A member with a post and a pending request (the demo API's data, read from its /api).
    const cookie = await demoAdminCookie(demo.url);
    const posts = (await (await fetch(`${demo.url}/api/posts`, { headers: { cookie } })).json()) as {
      data: { data: { id: number; title: string; user?: { id: number } }[] };
    };
    const queue = await (await admin.get("/badge-requests/review")).text();
    const requestId = /name="id" value="(\d+)"/.exec(queue)![1]!;
    // A member with two posts: one deleted by bulk, one by its row action.
    const byAuthor = (id?: number) => posts.data.data.filter((candidate) => candidate.user?.id === id);
    const post = posts.data.data.find((candidate) => byAuthor(candidate.user?.id).length >= 2)!;
    const other = byAuthor(post.user!.id).find((candidate) => candidate.id !== post.id)!;
    const member = String(post.user!.id);

    await admin.post("/users", { intent: "ban", id: member });
    const bulk = await admin.post(`/posts/bulk?action=delete&id=${post.id}`, { reason: "Off-topic" });
    expect(bulk.status).toBe(302);
    // The batch's item is recorded as it ends, which may be after the answer.
    await expect.poll(async () => (await historyOf(admin, member)).entries.length).toBe(2);
    await admin.post("/posts", { intent: "delete", id: String(other.id) });

    const { entries } = await historyOf(admin, member);
    const [rowDeleted, deleted, banned] = entries;
    expect(rowDeleted!.text).toContain(`admin@example.com Deleted post “${other.title}”`);
    expect(rowDeleted!.text).toContain("Done (200)");
    expect(deleted!.text).toContain(`admin@example.com Deleted post “${post.title}”`);
    expect(deleted!.text).toContain("Reason: Off-topic");
    expect(deleted!.text).toMatch(/Off-topicDone/);
    expect(deleted!.batch).toMatch(/^\/audit\?batch=[\w-]+$/);
    expect(await auditTargets(admin, deleted!.batch!)).toEqual([`${post.title} (post ${post.id})`]);
    const author = await findDemoUser(demo.url, (user) => user.id === post.user!.id);
    expect(banned!.text).toContain(`admin@example.com Banned user “${author.fullName ?? author.email}”`);
    expect(banned!.batch).toBeNull();
    for (const entry of entries) {
      expect(Date.now() - Date.parse(entry.datetime!)).toBeLessThan(10 * 60_000);
      expect(entry.when).toBe(zoneOf(entry.datetime!));
    }

    // A reject with its reason on another member's request: in their History, not this one's.
    await admin.post(`/badge-requests/review/${requestId}`, {
      intent: "reject",
      id: requestId,
      reason: "Documents unreadable",
      message: "",
    });
    await expect.poll(async () => (await historyOf(admin, requestId)).entries.length).toBeGreaterThan(0);
    const [decision] = (await historyOf(admin, requestId)).entries;
    expect(decision!.text).toContain("admin@example.com Rejected the citizenship request of");
    expect(decision!.text).toContain("Reason: Documents unreadable");
    if (requestId !== member) expect((await historyOf(admin, member)).entries).toHaveLength(3);
  });

  it("shows 20 entries and a See all link to the member's whole trail on /audit", async () => {
    for (let index = 0; index < 21; index++) await admin.post("/users", { intent: "verify", id: "43" });
    const { section, entries } = await historyOf(admin, "43");
    expect(entries).toHaveLength(20);
    const seeAll = within(section)
      .getByRole("link", { name: /^See all/ })
      .getAttribute("href")!;
    expect(seeAll).toBe("/audit?kind=member&target=43");
    const all = await auditTargets(admin, `${seeAll}&limit=50`);
    expect(all.length).toBeGreaterThanOrEqual(21);
    const member = await findDemoUser(demo.url, (user) => user.id === 43);
    expect(new Set(all)).toEqual(new Set([`${member.fullName ?? member.email} (user 43)`]));
  });

  it("links each announcement and plan row to /audit listing that item's entries", async () => {
    const announcements = await htmlPage(await admin.get("/announcements"));
    const announcementLink = announcements.getAllByRole("link", { name: /^History of / })[0]!;
    const announcementHref = announcementLink.getAttribute("href")!;
    const [, announcementId] = /^\/audit\?kind=announcement&target=(\w+)$/.exec(announcementHref)!;
    await admin.post("/announcements", { intent: "toggle-pinned", id: announcementId!, isPinned: "true" });
    // Named by the row action's read of it: the title its History link names.
    const title = announcementLink.getAttribute("aria-label")!.replace(/^History of /, "");
    expect(await auditTargets(admin, announcementHref)).toEqual([`${title} (announcement ${announcementId})`]);

    const plans = await htmlPage(await admin.get("/memberships"));
    const planLinks = plans.getAllByRole("link", { name: /^History of / });
    // Each link's name says whose history it is.
    expect(new Set(planLinks.map((link) => link.getAttribute("aria-label"))).size).toBe(planLinks.length);
    const planHref = planLinks[0]!.getAttribute("href")!;
    const [, planId] = /^\/audit\?kind=plan&target=([\w-]+)$/.exec(planHref)!;
    await admin.post("/memberships", { intent: "deactivate", id: planId! });
    const planName = planLinks[0]!.getAttribute("aria-label")!.replace(/^History of /, "");
    expect(await auditTargets(admin, planHref)).toEqual([`${planName} (plan ${planId})`]);
    const view = await htmlPage(await admin.get(`/memberships/view/${planId}`));
    expect(view.getByRole("link", { name: "History" }).getAttribute("href")).toBe(planHref);
  });
});

describe("History when the audit store does not answer", { timeout: 120_000 }, () => {
  let redis: RunningRedis;
  let demo: RunningServer;
  let panel: RunningServer;

  beforeAll(async () => {
    if (missingRedis) return;
    redis = await startRedis();
    demo = await startDemoApi();
    panel = await startPanel(`${demo.url}/api`, { REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await Promise.all([panel?.stop(), demo?.stop()]);
  });
  beforeEach((context) => {
    if (missingRedis) context.skip(missingRedis);
  });

  it("says the history cannot be shown right now, and the page works", async () => {
    const admin = await PanelClient.signedIn(panel.url);
    expect((await historyOf(admin, "41")).section).toBeTruthy();
    await redis.stop();
    const { status, section, entries } = await historyOf(admin, "41");
    expect(status).toBe(200);
    expect(entries).toEqual([]);
    expect(within(section).getByRole("status").textContent).toBe(
      "The history cannot be shown right now. Please try again later.",
    );
    expect(within(section).queryByText("No recorded actions yet")).toBeNull();
  });
});
