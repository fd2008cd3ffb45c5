// Issue 27, bulk actions (docs/product.md#bulk-actions): the review page, Confirm and the results
// of each list's actions over real HTTP, with the upstream calls checked in the demo API's log:
// one per item, none for items that were skipped or not on the list.
import { beforeEach, describe, expect, it } from "vitest";

import { confirm, demoRows, finishedResults, reviewPath } from "../support/bulk";
import { demoUsers } from "../support/demo-data";
import { clearRecordedRequests, injectFault, outbox, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient } from "../support/form-post";
import { parsePage } from "../support/html";
import { useStack } from "../support/use-stack";

/** A small cap, so "beyond the cap" needs only a few demo rows. */
const BULK_MAX = 4;

const stack = useStack({ BULK_MAX: String(BULK_MAX) });
let panel: PanelClient;

beforeEach(async () => {
  panel = await PanelClient.signedIn(stack.panel.url);
  await clearRecordedRequests(stack.demo.url);
});

/** The mutation calls that reached the upstream under a path prefix. */
async function sent(prefix: string, method?: string) {
  const calls = await recordedRequests(stack.demo.url, prefix);
  return calls.filter((call) => (method ? call.method === method : call.method !== "GET")).map((call) => call.path);
}

/** The results table's rows: item, result, details. */
function resultRows(html: string) {
  const page = parsePage(html);
  return page.getAllByRole("row").slice(1).map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? ""));
}

/** The panel's audit lines (recordAudit) since `from`. */
function auditLines(from: number) {
  return stack.panel
    .output()
    .slice(from)
    .split("\n")
    .filter((line) => line.includes('"msg":"audit"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const members = async () => (await demoUsers(stack.demo.url)).filter((user) => user.role !== "admin");

interface DemoRow {
  id: number | string;
  title: string;
  isActive?: boolean;
  isPinned?: boolean;
}

/** One bulk action of a list: which two items it applies to, and the upstream call each one gets. */
interface ActionCase {
  list: string;
  action: string;
  pick: () => Promise<(string | number)[]>;
  call: (id: string | number) => string;
  method: string;
  fields?: Record<string, string>;
}

const twoUsers = (test: (user: Awaited<ReturnType<typeof members>>[number]) => boolean) => async () =>
  (await members()).filter(test).slice(0, 2).map((user) => user.id);
const twoRows = (path: "/posts" | "/announcements", test: (row: DemoRow) => boolean = () => true) => async () =>
  (await demoRows<DemoRow>(stack.demo.url, path)).filter(test).slice(0, 2).map((row) => row.id);

const CASES: ActionCase[] = [
  { list: "users", action: "ban", pick: twoUsers((user) => !user.isBanned), call: (id) => `/users/ban/${id}`, method: "GET", fields: { reason: "Spam" } },
  { list: "users", action: "unban", pick: twoUsers((user) => user.isBanned), call: (id) => `/users/un-ban/${id}`, method: "GET" },
  {
    list: "users",
    action: "verify",
    pick: twoUsers((user) => user.status !== "verified" && user.isEmailVerified),
    call: (id) => `/users/verify/${id}`,
    method: "POST",
  },
  { list: "badge-requests", action: "approve", pick: twoUsers((user) => user.badgeRequestStatus === 1), call: (id) => `/users/badges/${id}`, method: "POST" },
  {
    list: "badge-requests",
    action: "reject",
    pick: twoUsers((user) => user.badgeRequestStatus === 1),
    call: (id) => `/users/badges/${id}`,
    method: "POST",
    fields: { reason: "Incomplete application", message: "" },
  },
  { list: "posts", action: "delete", pick: twoRows("/posts"), call: (id) => `/posts/${id}`, method: "DELETE", fields: { reason: "Off-topic" } },
  {
    list: "announcements",
    action: "activate",
    pick: twoRows("/announcements", (row) => row.isActive === false),
    call: (id) => `/announcements/${id}/toggle-status`,
    method: "PATCH",
  },
  {
    list: "announcements",
    action: "deactivate",
    pick: twoRows("/announcements", (row) => row.isActive === true),
    call: (id) => `/announcements/${id}/toggle-status`,
    method: "PATCH",
  },
  {
    list: "announcements",
    action: "pin",
    pick: twoRows("/announcements", (row) => row.isPinned === false),
    call: (id) => `/announcements/${id}/toggle-pinned`,
    method: "PATCH",
  },
  {
    list: "announcements",
    action: "unpin",
    pick: twoRows("/announcements", (row) => row.isPinned === true),
    call: (id) => `/announcements/${id}/toggle-pinned`,
    method: "PATCH",
  },
  {
    list: "announcements",
    action: "delete",
    pick: twoRows("/announcements"),
    call: (id) => `/announcements/${id}`,
    method: "DELETE",
    fields: { reason: "Other", reasonText: "Replaced by the new schedule" },
  },
];

describe("each list's actions", () => {
  it.each(CASES)("$list: $action sends one upstream call per item", async ({ list, action, pick, call, method, fields }) => {
    const ids = await pick();
    expect(ids).toHaveLength(2);
    const html = await finishedResults(panel, await confirm(panel, reviewPath(list, action, ids), fields));

    expect(resultRows(html).map(([, result]) => result)).toEqual(["Done", "Done"]);
    const calls = (await recordedRequests(stack.demo.url)).filter((request) => request.method === method && request.path !== "/auth/signin");
    const mutations = calls.filter((request) => ids.some((id) => request.path === call(id)));
    expect(mutations.map((request) => request.path).sort()).toEqual(ids.map(call).sort());
    // Nothing else changed upstream: the only non-read calls are the action's own.
    const others = (await recordedRequests(stack.demo.url)).filter(
      (request) => request.method !== "GET" && request.path !== "/auth/signin" && !ids.some((id) => request.path === call(id)),
    );
    expect(others.map((request) => `${request.method} ${request.path}`)).toEqual([]);
  });

  it("bans the selected users and leaves out the banned one, the administrator and a tampered id, with the audit per item", async () => {
    const all = await members();
    const [first, second] = all.filter((user) => !user.isBanned);
    const banned = all.find((user) => user.isBanned)!;
    const admin = (await demoUsers(stack.demo.url)).find((user) => user.role === "admin")!;
    const path = reviewPath("users", "ban", [first!.id, second!.id, banned.id, admin.id, "../etc"], { status: "", search: "x" });

    const review = parsePage(await (await panel.get(path)).text());
    expect(review.getByRole("heading", { level: 1 }).textContent).toBe("Ban 2 users");
    expect(review.getByRole("heading", { name: "Left out: the action no longer applies (1)" })).toBeTruthy();
    expect(review.getByText(`User ${banned.fullName?.trim() || banned.email} is already banned`)).toBeTruthy();
    expect(review.getByRole("heading", { name: "Left out: not on the list (2)" })).toBeTruthy();
    expect(review.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe("/users?status=&search=x");

    const logged = stack.panel.output().length;
    const html = await finishedResults(panel, await confirm(panel, path, { reason: "Spam" }));
    expect((await sent("/users/ban/", "GET")).sort()).toEqual([`/users/ban/${first!.id}`, `/users/ban/${second!.id}`].sort());
    expect(resultRows(html).map(([, result]) => result)).toEqual(["Done", "Done", "Skipped"]);
    const page = parsePage(html);
    expect(page.getByText("2 selected ids were not on the list and left out.")).toBeTruthy();
    expect(page.getByRole("link", { name: "Back to the list" }).getAttribute("href")).toBe("/users?status=&search=x");

    const audit = auditLines(logged);
    expect(audit.map((entry) => [entry.action, entry.result, entry.reason]).sort()).toEqual([
      ["ban", "done", "Spam"],
      ["ban", "done", "Spam"],
      ["ban", "refused", "Spam"],
    ]);
    expect(new Set(audit.map((entry) => entry.batch)).size).toBe(1);
    expect(audit.map((entry) => (entry.target as { kind: string }).kind)).toEqual(["user", "user", "user"]);
  });

  it("rejects citizenship requests and sends each member the message, as edited; a failed push is said, not hidden", async () => {
    const pending = (await members()).filter((user) => user.badgeRequestStatus === 1);
    const reachable = pending.find((user) => user.devicesCount > 0)!;
    const unreachable = pending.find((user) => user.devicesCount === 0)!;
    const path = reviewPath("badge-requests", "reject", [reachable.id, unreachable.id]);
    const review = parsePage(await (await panel.get(path)).text());
    expect(review.getByRole("textbox", { name: "Message to the member (optional)" }).textContent).toMatch(/not approved/);

    const html = await finishedResults(
      panel,
      await confirm(panel, path, { reason: "Documents unreadable", message: "Please send a sharper scan." }),
    );
    const pushes = (await outbox(stack.demo.url, reachable.email)).filter((message) => message.kind === "push");
    expect(pushes.map((message) => message.text)).toEqual(["Please send a sharper scan."]);
    expect(await sent(`/users/badges/`, "POST")).toHaveLength(2);
    const rows = resultRows(html);
    expect(rows.map(([, result]) => result)).toEqual(["Done", "Done"]);
    expect(rows.find(([name]) => name === (unreachable.fullName?.trim() || unreachable.email))?.[2]).toBe(
      "Done, but the message to the member was not sent: User has no registered devices",
    );
  });
});
