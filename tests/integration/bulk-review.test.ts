// Issue 27, bulk actions (docs/product.md#bulk-actions): what the review and results pages show of
// a large selection, read in the server's HTML as a browser without JavaScript reads it: every item
// before Confirm, page by page in the URL; each result linked to its item; the results' actions
// reachable before the table.
import { beforeEach, expect, it } from "vitest";

import { confirm, finishedResults, reviewPath } from "../support/bulk";
import { demoRows } from "../support/bulk";
import { demoUsers } from "../support/demo-data";
import { injectFault } from "../support/demo-hooks";
import { PanelClient } from "../support/form-post";
import { type HtmlPage, parsePage } from "../support/html";
import { useStack } from "../support/use-stack";

const stack = useStack();
let panel: PanelClient;

beforeEach(async () => {
  // Confirmed ahead: a batch over 50 items asks to confirm it's them first (decision 080,
  // tests/integration/reauthentication.test.ts); these tests are about the review and results pages.
  panel = await PanelClient.reauthenticated(stack.panel.url);
});

const nameOf = (user: { fullName: string | null; email: string }) => user.fullName?.trim() || user.email;

/** The review page's list of the items the action applies to (this page of it). */
function reviewedNames(page: HtmlPage): string[] {
  const items = page.getByRole("region", { name: /^Ban: \d+ users$/ });
  return [...items.querySelectorAll("li")].map((item) => item.textContent ?? "");
}

it("lists every item the action applies to before Confirm, page by page in the URL", async () => {
  const open = (await demoUsers(stack.demo.url)).filter((user) => user.role !== "admin" && !user.isBanned);
  const chosen = open.slice(0, 60);
  expect(chosen).toHaveLength(60);
  const path = reviewPath(
    "users",
    "ban",
    chosen.map((user) => user.id),
  );

  const seen: string[] = [];
  let next: string | null = path;
  const pagesSeen: string[] = [];
  while (next) {
    pagesSeen.push(next);
    const page = parsePage(await (await panel.get(next)).text());
    expect(page.getByRole("heading", { level: 1 }).textContent).toBe("Ban 60 users");
    expect(page.queryByText(/^and \d+ more$/)).toBeNull();
    seen.push(...reviewedNames(page));
    // Each name leads to its item.
    const first = chosen.find((user) => nameOf(user) === reviewedNames(page)[0])!;
    expect(page.getByRole("link", { name: nameOf(first) }).getAttribute("href")).toBe(`/users/${first.id}`);
    // Confirm is on every page of the list, and sends the whole selection (the URL without its page).
    expect(page.getByRole("button", { name: "Confirm" })).toBeTruthy();
    const pager = page.getByRole("navigation", { name: "Pages of the selection" });
    next = pager.querySelector<HTMLAnchorElement>('a[rel="next"]')?.getAttribute("href") ?? null;
    expect(pagesSeen.length).toBeLessThan(5);
  }
  expect(pagesSeen.length).toBe(2);
  expect(pagesSeen[1]).toBe(`${path}&reviewPage=2`);
  expect(seen).toEqual(chosen.map(nameOf));

  // Confirm from the second page acts on all 60.
  const html = await finishedResults(panel, await confirm(panel, pagesSeen[1]!, { reason: "Spam" }));
  expect(parsePage(html).getByText(/^Finished:/).textContent).toBe(
    "Finished: 60 done, 0 skipped, 0 failed, 0 outcome unknown.",
  );
});

it("links each result to its item, and puts Retry and the way back before the results table", async () => {
  const [failing, passing] = (await demoUsers(stack.demo.url)).filter(
    (user) => user.role !== "admin" && !user.isBanned,
  );
  await injectFault(stack.demo.url, { method: "GET", path: `/users/ban/${failing!.id}`, status: 503, times: 1 });
  const html = await finishedResults(
    panel,
    await confirm(panel, reviewPath("users", "ban", [failing!.id, passing!.id]), { reason: "Spam" }),
  );
  const page = parsePage(html);
  const table = page.getByRole("table", { name: "Results" });
  for (const user of [failing!, passing!]) {
    const link = [...table.querySelectorAll("a")].find((anchor) => anchor.textContent === nameOf(user));
    expect(link?.getAttribute("href")).toBe(`/users/${user.id}`);
  }
  const before = (element: Element) =>
    Boolean(element.compareDocumentPosition(table) & page.document.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING);
  expect(before(page.getByRole("button", { name: "Retry failed (1)" }))).toBe(true);
  expect(before(page.getByRole("link", { name: "Back to the list" }))).toBe(true);
});

it("links a post's and an announcement's result to the list searched for it", async () => {
  const [post] = await demoRows<{ id: string | number; title: string }>(stack.demo.url, "/posts");
  const posts = parsePage(
    await finishedResults(panel, await confirm(panel, reviewPath("posts", "delete", [post!.id]), { reason: "Spam" })),
  );
  expect(posts.getByRole("link", { name: post!.title }).getAttribute("href")).toBe(
    `/posts?${new URLSearchParams({ search: post!.title })}`,
  );
  const [announcement] = await demoRows<{ id: string | number; title: string; isPinned: boolean }>(
    stack.demo.url,
    "/announcements",
  );
  const announcements = parsePage(
    await finishedResults(
      panel,
      await confirm(panel, reviewPath("announcements", announcement!.isPinned ? "unpin" : "pin", [announcement!.id])),
    ),
  );
  expect(announcements.getByRole("link", { name: announcement!.title }).getAttribute("href")).toBe(
    `/announcements?${new URLSearchParams({ search: announcement!.title })}`,
  );
});
