/**
 * What the panel keeps per admin about their exports (docs/operations.md#list-exports), in memory or,
 * with REDIS_URL, in Redis: the rate limit (EXPORTS_PER_MINUTE) and the note of an incomplete export
 * shown on their next page. The same cases against both stores.
 */
import { describe, expect, it } from "vitest";

import { injectFault, recordedRequests } from "../support/demo-hooks";
import { downloadCsv, newestExportEntry } from "../support/export-csv";
import { PanelClient } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useRedis } from "../support/redis-server";
import { useStack } from "../support/use-stack";

/** Today in the panel's zone (UTC here), as a file name has it. */
const today = () => new Date().toISOString().slice(0, 10);

const PER_MINUTE = 2;

describe.each([
  ["memory", false],
  ["Redis", true],
])("counted in %s", (_store, withRedis) => {
  const env: NodeJS.ProcessEnv = { EXPORTS_PER_MINUTE: String(PER_MINUTE) };
  if (withRedis) useRedis(env);
  const stack = useStack(env);

  it("answers 429 with Retry-After past the limit, asks the upstream nothing, and counts each admin apart", async () => {
    const admin = await PanelClient.reauthenticated(stack.panel.url);
    for (let attempt = 0; attempt < PER_MINUTE; attempt++) {
      expect((await admin.get("/memberships.csv")).status).toBe(200);
    }
    const callsBefore = (await recordedRequests(stack.demo.url, "/membership-plan")).length;

    const refused = await admin.get("/memberships.csv");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    // A page with the product guide's words and a way back to the list, not a bare line of text.
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await htmlPage(refused);
    page.getByRole("heading", { name: "Too many exports" });
    page.getByText(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(page.getByRole("link", { name: "Back to the list" }).getAttribute("href")).toBe("/memberships");
    expect((await recordedRequests(stack.demo.url, "/membership-plan")).length).toBe(callsBefore);
    // The way back keeps the list's query; an invites file leads back to the invites page.
    const backFrom = async (path: string) =>
      (await htmlPage(await admin.get(path))).getByRole("link", { name: "Back to the list" }).getAttribute("href");
    expect(await backFrom("/users.csv?status=banned&page=2")).toBe("/users?status=banned&page=2");
    expect(await backFrom("/users/7/invites.csv?status=pending")).toBe("/users/view-invites/7?status=pending");
    expect(await backFrom("/users/7/invitees.csv")).toBe("/users/7");

    // Another administrator has exports of their own; the refusal is in the trail. (Its newest
    // refused entry: a file's own entry is written when its stream ends, which may come after.)
    const other = await PanelClient.reauthenticated(stack.panel.url, "ops.admin@example.com", "Admin12345");
    expect(await newestExportEntry(other, "&kind=list&target=memberships&result=refused")).toMatchObject({
      Admin: "admin@example.com",
      "Target ID": "memberships",
      Result: "refused",
      Detail: "rate limited",
    });
    expect((await other.get("/memberships.csv")).status).toBe(200);
  });

  it("tells the admin on their next page, once, that their last export was incomplete", async () => {
    const admin = await PanelClient.reauthenticated(stack.panel.url, "support.admin@example.com", "Admin12345");
    await injectFault(stack.demo.url, { method: "GET", path: "/posts", status: 500, times: 1 });
    const file = await downloadCsv(admin, "/posts.csv?search=a");
    expect(file.records.at(-1)![0]).toMatch(/^INCOMPLETE EXPORT: /);

    const notice = `The last export, posts-a-${today()}.csv, is incomplete: the list could not be read to its end. It has only the first 0 rows. Download it again.`;
    // Another admin is not told.
    const other = await PanelClient.reauthenticated(stack.panel.url, "ops.admin@example.com", "Admin12345");
    expect((await htmlPage(await other.get("/posts"))).queryByText(notice)).toBeNull();
    // The admin who downloaded it is, on the next page they open, in the panel's shell.
    const next = await htmlPage(await admin.get("/posts"));
    expect(next.getByText(notice).closest('[role="alert"]')).not.toBeNull();
    // Once.
    expect((await htmlPage(await admin.get("/posts"))).queryByText(notice)).toBeNull();
  });
});
