// Issue 27, bulk actions (docs/product.md#bulk-actions): the review page, Confirm and the results
// of each list's actions over real HTTP, with the upstream calls checked in the demo API's log:
// one per item, none for items that were skipped or not on the list.
import { beforeEach, describe, expect, it } from "vitest";

import { confirm, demoRows, finishedResults, formKey, reviewPath } from "../support/bulk";
import { demoUsers } from "../support/demo-data";
import { clearRecordedRequests, injectFault, outbox, recordedRequests, seedUsers } from "../support/demo-hooks";
import { PanelClient } from "../support/form-post";
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
  return page
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? ""));
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
  (await members())
    .filter(test)
    .slice(0, 2)
    .map((user) => user.id);
const twoRows =
  (path: "/posts" | "/announcements", test: (row: DemoRow) => boolean = () => true) =>
  async () =>
    (await demoRows<DemoRow>(stack.demo.url, path))
      .filter(test)
      .slice(0, 2)
      .map((row) => row.id);

const CASES: ActionCase[] = [
  {
    list: "users",
    action: "ban",
    pick: twoUsers((user) => !user.isBanned),
    call: (id) => `/users/ban/${id}`,
    method: "GET",
    fields: { reason: "Spam" },
  },
  {
    list: "users",
    action: "unban",
    pick: twoUsers((user) => user.isBanned),
    call: (id) => `/users/un-ban/${id}`,
    method: "GET",
  },
  {
    list: "users",
    action: "verify",
    pick: twoUsers((user) => user.status !== "verified" && user.isEmailVerified),
    call: (id) => `/users/verify/${id}`,
    method: "POST",
  },
  {
    list: "badge-requests",
    action: "approve",
    pick: twoUsers((user) => user.badgeRequestStatus === 1),
    call: (id) => `/users/badges/${id}`,
    method: "POST",
  },
  {
    list: "badge-requests",
    action: "reject",
    pick: twoUsers((user) => user.badgeRequestStatus === 1),
    call: (id) => `/users/badges/${id}`,
    method: "POST",
    fields: { reason: "Incomplete application", message: "" },
  },
  {
    list: "posts",
    action: "delete",
    pick: twoRows("/posts"),
    call: (id) => `/posts/${id}`,
    method: "DELETE",
    fields: { reason: "Off-topic" },
  },
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
  it.each(CASES)(
    "$list: $action sends one upstream call per item",
    async ({ list, action, pick, call, method, fields }) => {
      const ids = await pick();
      expect(ids).toHaveLength(2);
      const html = await finishedResults(panel, await confirm(panel, reviewPath(list, action, ids), fields));

      expect(resultRows(html).map(([, result]) => result)).toEqual(["Done", "Done"]);
      const calls = (await recordedRequests(stack.demo.url)).filter(
        (request) => request.method === method && request.path !== "/auth/signin",
      );
      const mutations = calls.filter((request) => ids.some((id) => request.path === call(id)));
      expect(mutations.map((request) => request.path).sort()).toEqual(ids.map(call).sort());
      // Nothing else changed upstream: the only non-read calls are the action's own.
      const others = (await recordedRequests(stack.demo.url)).filter(
        (request) =>
          request.method !== "GET" && request.path !== "/auth/signin" && !ids.some((id) => request.path === call(id)),
      );
      expect(others.map((request) => `${request.method} ${request.path}`)).toEqual([]);
    },
  );

  it("bans the selected users and leaves out the banned one, the administrator and a tampered id, with the audit per item", async () => {
    const all = await members();
    const [first, second] = all.filter((user) => !user.isBanned);
    const banned = all.find((user) => user.isBanned)!;
    const admin = (await demoUsers(stack.demo.url)).find((user) => user.role === "admin")!;
    const path = reviewPath("users", "ban", [first!.id, second!.id, banned.id, admin.id, "../etc"], {
      status: "",
      search: "x",
    });

    const review = parsePage(await (await panel.get(path)).text());
    expect(review.getByRole("heading", { level: 1 }).textContent).toBe("Ban 2 users");
    expect(review.getByRole("heading", { name: "Left out: the action no longer applies (1)" })).toBeTruthy();
    expect(review.getByText(`User ${banned.fullName?.trim() || banned.email} is already banned`)).toBeTruthy();
    expect(review.getByRole("heading", { name: "Left out: not on the list (2)" })).toBeTruthy();
    expect(review.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe("/users?status=&search=x");
    // Confirm posts to the review page's own URL: the selection travels in it, not in the form.
    expect(review.getByRole("button", { name: "Confirm" }).closest("form")?.getAttribute("action")).toBe(path);

    const logged = stack.panel.output().length;
    const html = await finishedResults(panel, await confirm(panel, path, { reason: "Spam" }));
    expect((await sent("/users/ban/", "GET")).sort()).toEqual(
      [`/users/ban/${first!.id}`, `/users/ban/${second!.id}`].sort(),
    );
    // Confirm takes the well-formed ids as they are; each is read again before sending, and the
    // read says which one no longer applies and which one is not on the list.
    expect(resultRows(html).map(([, result, detail]) => [result, detail])).toEqual([
      ["Done", "User banned successfully"],
      ["Done", "User banned successfully"],
      ["Skipped", `User ${banned.fullName?.trim() || banned.email} is already banned`],
      ["Skipped", "Not on the list"],
    ]);
    const page = parsePage(html);
    expect(page.getByText("1 selected id was not on the list and left out.")).toBeTruthy();
    expect(page.getByRole("link", { name: "Back to the list" }).getAttribute("href")).toBe("/users?status=&search=x");

    // The trail records the action in the admin's words (docs/product.md#audit).
    const audit = auditLines(logged);
    expect(audit.map((entry) => [entry.action, entry.result, entry.reason]).sort()).toEqual([
      ["banned", "done", "Spam"],
      ["banned", "done", "Spam"],
      ["banned", "refused", "Spam"],
      ["banned", "refused", "Spam"],
    ]);
    expect(new Set(audit.map((entry) => entry.batch)).size).toBe(1);
    expect(audit.map((entry) => (entry.target as { kind: string }).kind)).toEqual(["user", "user", "user", "user"]);
  });

  it("rejects citizenship requests and sends each member the message, as edited; a failed push is said, not hidden", async () => {
    const pending = (await members()).filter((user) => user.badgeRequestStatus === 1);
    const reachable = pending.find((user) => user.devicesCount > 0)!;
    const unreachable = pending.find((user) => user.devicesCount === 0)!;
    const path = reviewPath("badge-requests", "reject", [reachable.id, unreachable.id]);
    const review = parsePage(await (await panel.get(path)).text());
    expect(review.getByRole("textbox", { name: "Message to the member (optional)" }).textContent).toMatch(
      /not approved/,
    );

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

it("runs a bulk action from one urlencoded POST (the README's form-post kit example)", async () => {
  const response = await panel.post("/users/bulk?action=ban&id=4&id=5", { reason: "Spam" });
  expect(response.status).toBe(302);
  expect(await recordedRequests(stack.demo.url, "/users/ban/")).toHaveLength(2);
});

describe("failure modes", () => {
  const unbanned = () => twoUsers((user) => !user.isBanned)();

  it("shows the upstream's message for the items it refused, and Retry failed runs just those again", async () => {
    const [failing, passing] = await unbanned();
    await injectFault(stack.demo.url, {
      method: "GET",
      path: `/users/ban/${failing}`,
      status: 503,
      body: { message: "Ban service is down" },
      times: 1,
    });
    const confirmed = await confirm(panel, reviewPath("users", "ban", [failing!, passing!]), { reason: "Spam" });
    const html = await finishedResults(panel, confirmed);
    expect(resultRows(html).map(([, result, detail]) => [result, detail])).toEqual([
      ["Failed", "Ban service is down"],
      ["Done", "User banned successfully"],
    ]);

    const resultsPath = confirmed.headers.get("location")!;
    const page = parsePage(html);
    expect(page.getByRole("button", { name: "Retry failed (1)" })).toBeTruthy();
    const key = formKey(html, "retry");
    const retried = await finishedResults(panel, await panel.post(resultsPath, { intent: "retry", _once: key }));
    expect(resultRows(retried).map(([, result]) => result)).toEqual(["Done"]);
    expect((await sent(`/users/ban/${failing}`, "GET")).length).toBe(2);
    expect((await sent(`/users/ban/${passing}`, "GET")).length).toBe(1);
  });

  it("fails every item when the upstream fails them all, and audits each as failed", async () => {
    const ids = await unbanned();
    await injectFault(stack.demo.url, {
      method: "GET",
      path: "/users/ban/*",
      status: 500,
      body: { message: "Upstream broke" },
    });
    const logged = stack.panel.output().length;
    const html = await finishedResults(
      panel,
      await confirm(panel, reviewPath("users", "ban", ids), { reason: "Spam" }),
    );
    expect(resultRows(html).map(([, result]) => result)).toEqual(["Failed", "Failed"]);
    expect(parsePage(html).getByRole("button", { name: "Retry failed (2)" })).toBeTruthy();
    expect(auditLines(logged).map((entry) => [entry.result, entry.status])).toEqual([
      ["failed", 500],
      ["failed", 500],
    ]);
  });

  it("offers nothing to confirm when the action applies to none of the selection, and a forced Confirm runs nothing", async () => {
    const banned = await twoUsers((user) => user.isBanned)();
    const path = reviewPath("users", "ban", banned);
    const html = await (await panel.get(path)).text();
    const page = parsePage(html);
    expect(page.getByText("Nothing to do: the action no longer applies to any of the selected items.")).toBeTruthy();
    expect(page.queryByRole("button", { name: "Confirm" })).toBeNull();
    expect(page.getByRole("link", { name: "Back to the list" }).getAttribute("href")).toBe("/users");

    // A Confirm posted anyway reads each item again, skips it, and sends nothing.
    const forced = await finishedResults(panel, await panel.post(path, { reason: "Spam" }));
    expect(resultRows(forced).map(([, result]) => result)).toEqual(["Skipped", "Skipped"]);
    expect(await sent("/users/ban/", "GET")).toEqual([]);
  });

  it("takes at most BULK_MAX items of a selection beyond the cap, and says so", async () => {
    const all = await demoRows<DemoRow>(stack.demo.url, "/posts");
    expect(all.length).toBeGreaterThan(BULK_MAX);
    // "Select all matching" with a search every post matches (the demo posts all have an "e").
    const path = `/posts/bulk?action=delete&scope=matching&search=e`;
    const review = parsePage(await (await panel.get(path)).text());
    const rest = all.length - BULK_MAX;
    expect(
      review.getByText(
        `Delete applies to ${all.length} matching posts: the first ${BULK_MAX} are taken (at most ${BULK_MAX} at a time). Run it again for the other ${rest}.`,
        { exact: false },
      ),
    ).toBeTruthy();
    expect(review.getByRole("heading", { level: 1 }).textContent).toBe(`Delete ${BULK_MAX} posts`);

    const html = await finishedResults(panel, await confirm(panel, path, { reason: "Spam" }));
    expect(
      parsePage(html).getByText(
        `Delete applied to ${all.length} matching posts: the first ${BULK_MAX} were taken (at most ${BULK_MAX} at a time). ${rest} were not reached.`,
        { exact: false },
      ),
    ).toBeTruthy();
    expect(await sent("/posts/", "DELETE")).toHaveLength(BULK_MAX);
  });

  it("takes the first matching users the action still applies to, run after run, and says how many it did not reach", async () => {
    // Three runs' worth of seeded members, some of them banned already (the seed cycles statuses).
    await seedUsers(stack.demo.url, 14);
    const seeded = (await demoUsers(stack.demo.url)).filter((user) => user.email.endsWith("@seeded.example.com"));
    const open = seeded.filter((user) => !user.isBanned);
    expect(seeded.length - open.length).toBeGreaterThan(0);
    expect(open.length).toBeGreaterThan(2 * BULK_MAX);
    const path = "/users/bulk?action=ban&scope=matching&search=seeded.example.com";

    for (let left = open.length; left > 0; left -= BULK_MAX) {
      const taken = Math.min(BULK_MAX, left);
      const review = parsePage(await (await panel.get(path)).text());
      expect(review.getByRole("heading", { level: 1 }).textContent).toBe(
        `Ban ${taken} ${taken === 1 ? "user" : "users"}`,
      );
      const rest = left - taken;
      const notReached = `Ban applies to ${left} matching users: the first ${BULK_MAX} are taken (at most ${BULK_MAX} at a time). Run it again for the other ${rest}.`;
      if (rest > 0) expect(review.getByText(notReached, { exact: false })).toBeTruthy();
      else expect(review.queryByText(/Run it again/)).toBeNull();

      const html = await finishedResults(panel, await confirm(panel, path, { reason: "Spam" }));
      const results = parsePage(html);
      expect(results.getByText(/^Finished:/).textContent).toBe(
        `Finished: ${taken} done, 0 skipped, 0 failed, 0 outcome unknown.`,
      );
      if (rest > 0) {
        expect(
          results.getByText(
            `Ban applied to ${left} matching users: the first ${BULK_MAX} were taken (at most ${BULK_MAX} at a time). ${rest} were not reached.`,
            { exact: false },
          ),
        ).toBeTruthy();
        // The way to the rest: the same action on the same matching selection.
        expect(results.getByRole("link", { name: `Run it again for the other ${rest}` }).getAttribute("href")).toBe(
          path,
        );
      } else expect(results.queryByText(/not reached/)).toBeNull();
    }

    // Every member it applied to was banned once; the ones banned before were never sent.
    const bans = await sent("/users/ban/", "GET");
    expect(bans.sort()).toEqual(open.map((user) => `/users/ban/${user.id}`).sort());
    const after = parsePage(await (await panel.get(path)).text());
    expect(after.getByText("Nothing to do: the action no longer applies to any of the selected items.")).toBeTruthy();
  });

  it("counts a delete the upstream answers 'not found' as done (already removed), with nothing to retry", async () => {
    const [gone, other] = await twoRows("/posts")();
    await injectFault(stack.demo.url, {
      method: "DELETE",
      path: `/posts/${gone}`,
      status: 404,
      body: { message: "Post not found" },
      times: 1,
    });
    const logged = stack.panel.output().length;
    const html = await finishedResults(
      panel,
      await confirm(panel, reviewPath("posts", "delete", [gone!, other!]), { reason: "Spam" }),
    );
    expect(resultRows(html).map(([, result, detail]) => [result, detail])).toEqual([
      ["Done", "Already removed"],
      ["Done", expect.any(String)],
    ]);
    const page = parsePage(html);
    expect(page.getByText(/^Finished:/).textContent).toBe("Finished: 2 done, 0 skipped, 0 failed, 0 outcome unknown.");
    expect(page.queryByRole("button", { name: /Retry failed/ })).toBeNull();
    expect(auditLines(logged).map((entry) => [entry.result, entry.detail])).toContainEqual(["done", "Already removed"]);
  });

  it("offers to resend only the message to the members whose reject went through but whose message did not", async () => {
    const pair = (await members()).filter((user) => user.badgeRequestStatus === 1 && user.devicesCount > 0).slice(0, 2);
    // The first push sent fails: whichever member it was for misses the message.
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/fcm/send-notification-to-user",
      status: 503,
      body: { message: "Push service is down" },
      times: 1,
    });
    const confirmed = await confirm(
      panel,
      reviewPath(
        "badge-requests",
        "reject",
        pair.map((user) => user.id),
      ),
      { reason: "Documents unreadable", message: "Please send a sharper scan." },
    );
    const html = await finishedResults(panel, confirmed);
    const rows = resultRows(html);
    expect(rows.map(([, result]) => result)).toEqual(["Done", "Done"]);
    const missed = rows.find(([, , detail]) => detail?.startsWith("Done, but"));
    expect(missed?.[2]).toBe("Done, but the message to the member was not sent: Push service is down");
    const lost = pair.find((user) => (user.fullName?.trim() || user.email) === missed![0])!;
    const page = parsePage(html);
    // The decision itself went through: nothing to retry, but the message can be sent again.
    expect(page.queryByRole("button", { name: /Retry failed/ })).toBeNull();
    const form = page.getByRole("button", { name: "Resend the message (1)" }).closest("form")!;
    const field = (name: string) => form.querySelector<HTMLInputElement>(`input[name=${name}]`)!.value;

    const resent = await finishedResults(
      panel,
      await panel.post(confirmed.headers.get("location")!, { intent: field("intent"), _once: field("_once") }),
    );
    expect(resultRows(resent).map(([name, result, detail]) => [name, result, detail])).toEqual([
      [missed![0], "Done", "Message sent"],
    ]);
    // One decision per request in all; each member got the message once.
    expect(await sent("/users/badges/", "POST")).toHaveLength(2);
    const pushes = (await outbox(stack.demo.url)).filter((message) => message.kind === "push");
    for (const user of pair) {
      expect(pushes.filter((message) => message.to === user.email).map((message) => message.text)).toEqual([
        "Please send a sharper scan.",
      ]);
    }
    expect(lost).toBeTruthy();
  });

  it("lists a tampered selection's ids apart and sends nothing for them", async () => {
    const [user] = await unbanned();
    const path = reviewPath("users", "ban", [user!, "999999", "<b>x</b>", "a".repeat(80)]);
    const review = parsePage(await (await panel.get(path)).text());
    expect(review.getByRole("heading", { name: "Left out: not on the list (3)" })).toBeTruthy();
    expect(review.getByText("Id <b>x</b>")).toBeTruthy();

    const html = await finishedResults(panel, await confirm(panel, path, { reason: "Spam" }));
    expect(resultRows(html).map(([name, result]) => [name, result])).toEqual([
      [expect.any(String), "Done"],
      ["Id 999999", "Skipped"],
    ]);
    expect(await sent("/users/ban/", "GET")).toEqual([`/users/ban/${user}`]);
  });

  it("says a post that is gone has already been deleted, with the row action's words", async () => {
    const path = reviewPath("posts", "delete", ["999999"]);
    const review = parsePage(await (await panel.get(path)).text());
    expect(review.getByText("This post has already been deleted")).toBeTruthy();
    expect(review.queryByRole("button", { name: "Confirm" })).toBeNull();
  });

  it("shows a hostile reason escaped and keeps it whole in the audit; a huge one is refused with what was typed", async () => {
    const [id, other] = await unbanned();
    const hostile = `<script>alert("x")</script> \u0007\u001b[31m <img src=x onerror=alert(1)> ${"é".repeat(300)}`;
    const logged = stack.panel.output().length;
    const html = await finishedResults(
      panel,
      await confirm(panel, reviewPath("users", "ban", [id!]), { reason: "Other", reasonText: hostile }),
    );
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(parsePage(html).getByText(`Reason: ${hostile}`, { normalizer: (text) => text })).toBeTruthy();
    expect(auditLines(logged).map((entry) => entry.reason)).toEqual([hostile]);

    const huge = "x".repeat(5_000);
    const refused = await confirm(panel, reviewPath("users", "ban", [other!]), { reason: "Other", reasonText: huge });
    expect(refused.status).toBe(400);
    const page = parsePage(await refused.text());
    expect(page.getByText("At most 500 characters")).toBeTruthy();
  });

  it("asks for a reason: a Confirm without one is re-rendered with the message and what was typed, 400", async () => {
    const [id] = await unbanned();
    const refused = await confirm(panel, reviewPath("users", "ban", [id!]), { reason: "", reasonText: "typed detail" });
    expect(refused.status).toBe(400);
    const page = parsePage(await refused.text());
    expect(page.getByText("Please choose a reason")).toBeTruthy();
    expect((page.getByRole("textbox", { name: "Details" }) as HTMLInputElement).value).toBe("typed detail");
    expect(await sent("/users/ban/", "GET")).toEqual([]);
  });

  it.each([
    ["no action", "/users/bulk?id=5", "Choose a bulk action, then Review."],
    [
      "an unknown action",
      "/users/bulk?action=delete&id=5&status=banned",
      "That bulk action does not exist on this list.",
    ],
    ["no selection", "/badge-requests/bulk?action=approve&search=ann", "Select at least one item, then Review."],
  ])("answers a review with %s 400, with the message and a link back", async (_case, path, message) => {
    const response = await panel.get(path);
    expect(response.status).toBe(400);
    const page = parsePage(await response.text());
    expect(page.getByText(message)).toBeTruthy();
    const back = page.getByRole("link", { name: "Back to the list" }).getAttribute("href");
    expect(back).toBe(
      path.split("?")[0]!.replace("/bulk", "") +
        (path.includes("status=banned") ? "?status=banned" : path.includes("search") ? "?search=ann" : ""),
    );
  });
});
