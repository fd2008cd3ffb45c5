// Bulk actions from the lists (docs/product.md#bulk-selection), as journeys in both projects:
// select rows, choose an action, Review, Confirm on the review page, read the results; the demo
// API's request log says what reached the upstream. What each list's HTML offers is checked in
// tests/integration/bulk-selection.test.ts; the count and Shift+click in tests/unit/bulk-selection.test.tsx.
import type { Page } from "@playwright/test";

import { recordedRequests } from "../support/demo-hooks";
import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { openList, searchList } from "./list-helpers";

test.beforeEach(async ({ page }) => startSession(page));

/**
 * Opens a list; with JavaScript, also waits for the selection's count ('0 selected'), which shows
 * once its code has loaded after hydration (Shift+click and the count need it).
 */
async function openSelectableList(page: Page, url: string) {
  await openList(page, url);
  if (test.info().project.use.javaScriptEnabled) await expect(selectedCount(page)).toHaveText("0 selected");
}

const selectedCount = (page: Page) => page.getByRole("status").filter({ hasText: / selected$/ });

const rowBoxes = (page: Page) => page.getByRole("checkbox", { name: /^Select (?!all )/ });

/** Ticks the rows named, chooses `action` in "Bulk action" and presses Review; the ids ticked, in order. */
async function selectAndReview(page: Page, names: string[], action: string): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const box = page.getByRole("checkbox", { name: `Select ${name}` });
    await box.check();
    ids.push((await box.getAttribute("value"))!);
  }
  if (test.info().project.use.javaScriptEnabled) {
    await expect(selectedCount(page)).toHaveText(`${names.length} selected`);
  }
  await page.getByRole("combobox", { name: "Bulk action" }).selectOption({ label: action });
  await page.getByRole("button", { name: "Review" }).click();
  return ids;
}

/** The review page's URL, read as the bulk action's server reads it. */
async function reviewQuery(page: Page, list: string): Promise<URLSearchParams> {
  await expect(page).toHaveURL(new RegExp(`${list}/bulk\\?`));
  return new URL(page.url()).searchParams;
}

/** Confirms on the review page (with a reason where the action asks one) and waits for the finished results. */
async function confirmAndFinish(page: Page, reason?: string) {
  if (reason) await page.getByRole("combobox", { name: "Reason" }).selectOption({ label: reason });
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/bulk\/[^/?]+$/);
  await expect(page.getByRole("status").filter({ hasText: /^Finished:/ })).toBeVisible();
}

test("users: two rows ticked, Ban with a reason, Confirm: both banned once, and Back sends nothing again", async ({
  page,
  demoUrl,
}) => {
  await openSelectableList(page, "/users?limit=25");
  const ids = await selectAndReview(page, ["Liam Smith", "Mateo Nguyen"], "Ban");
  const query = await reviewQuery(page, "/users");
  expect(query.get("action")).toBe("ban");
  expect(query.getAll("id")).toEqual(ids);
  expect(query.get("limit")).toBe("25");
  expect(query.getAll("scope")).toEqual([]);

  const items = page.getByRole("region", { name: /^Ban: 2 users$/ });
  await expect(items.getByRole("listitem")).toHaveText(["Liam Smith", "Mateo Nguyen"]);
  expect(await recordedRequests(demoUrl, "/users/ban/")).toHaveLength(0);
  await confirmAndFinish(page, "Spam");
  await expect(page.getByRole("status").filter({ hasText: /^Finished:/ })).toHaveText(
    "Finished: 2 done, 0 skipped, 0 failed, 0 outcome unknown.",
  );
  const results = page.getByRole("table", { name: "Results" });
  await expect(results.getByRole("row").filter({ hasText: "Liam Smith" })).toContainText("Done");
  await expect(results.getByRole("row").filter({ hasText: "Mateo Nguyen" })).toContainText("Done");
  await expect(page.getByRole("link", { name: "Back to the list" })).toHaveAttribute("href", "/users?limit=25");
  // On a phone the results fit the screen, each value with its column's name beside it.
  await page.setViewportSize({ width: 390, height: 844 });
  const layout = await results.evaluate((table) => {
    const width = document.documentElement.clientWidth;
    const cells = [...table.querySelectorAll("tbody td")];
    return {
      pageScrolls: document.documentElement.scrollWidth > width + 1,
      cut: cells.filter((cell) => cell.getBoundingClientRect().right > width + 1).length,
      labels: cells.map((cell) => getComputedStyle(cell, "::before").content).filter((label) => label !== "none"),
    };
  });
  expect(layout).toEqual({
    pageScrolls: false,
    cut: 0,
    labels: ['"Result"', '"Details"', '"Result"', '"Details"'],
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  const banned = async () => (await recordedRequests(demoUrl, "/users/ban/")).map((call) => call.path).sort();
  expect(await banned()).toEqual(ids.map((id) => `/users/ban/${id}`).sort());

  // Back from the results is the review page again (or the list): nothing is sent a second time.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/bulk\/[^/?]+$/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await banned()).toEqual(ids.map((id) => `/users/ban/${id}`).sort());
});

test("citizenship requests: a search, 'Select all N matching', Approve: one decision per match", async ({
  page,
  demoUrl,
}) => {
  const javaScript = test.info().project.use.javaScriptEnabled ?? true;
  await openSelectableList(page, "/badge-requests");
  await searchList(page, "Search by name, email or phone...", "o", javaScript);
  const matching = page.getByRole("button", { name: /^Select all \d+ matching$/ });
  const total = /\d+/.exec(await matching.innerText())![0];
  await matching.click();
  await expect(matching).toHaveAttribute("aria-pressed", "true");
  // Every row shows it is selected, with and without JavaScript.
  for (const box of await rowBoxes(page).all()) await expect(box).toBeChecked();
  if (javaScript) await expect(selectedCount(page)).toHaveText(`${total} selected`);
  await page.getByRole("combobox", { name: "Bulk action" }).selectOption({ label: "Approve" });
  await page.getByRole("button", { name: "Review" }).click();
  const query = await reviewQuery(page, "/badge-requests");
  expect([query.get("action"), query.get("search"), query.getAll("scope")]).toEqual(["approve", "o", ["matching"]]);

  await confirmAndFinish(page);
  await expect(page.getByRole("status").filter({ hasText: /^Finished:/ })).toHaveText(
    `Finished: ${total} done, 0 skipped, 0 failed, 0 outcome unknown.`,
  );
  const calls = await recordedRequests(demoUrl, "/users/badges/");
  expect(calls).toHaveLength(Number(total));
  expect(new Set(calls.map((call) => call.path)).size).toBe(Number(total));
  expect(calls.every((call) => (call.body as { approved?: number }).approved === 2)).toBe(true);
});

test("posts: 'Select all on this page', Delete with a reason: one DELETE per post", async ({ page, demoUrl }) => {
  await openSelectableList(page, "/posts");
  const rows = rowBoxes(page);
  const ids = await rows.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
  await page.getByRole("combobox", { name: "Bulk action" }).selectOption({ label: "Delete" });
  const all = page.getByRole("button", { name: "Select all on this page" });
  await all.click();
  // Every row shows it is ticked: with JavaScript at once, without it the list comes back so.
  await expect(all).toHaveAttribute("aria-pressed", "true");
  for (const box of await rows.all()) await expect(box).toBeChecked();
  if (test.info().project.use.javaScriptEnabled) await expect(selectedCount(page)).toHaveText(`${ids.length} selected`);
  await expect(page.getByRole("combobox", { name: "Bulk action" })).toHaveValue("delete");
  await page.getByRole("button", { name: "Review" }).click();
  const query = await reviewQuery(page, "/posts");
  expect([query.get("action"), query.getAll("id")]).toEqual(["delete", ids]);

  await confirmAndFinish(page, "Spam");
  const deleted = (await recordedRequests(demoUrl, "/posts/")).filter((call) => call.method === "DELETE");
  expect(deleted.map((call) => call.path).sort()).toEqual(ids.map((id) => `/posts/${id}`).sort());
});

test("announcements: Shift+click a range with JavaScript (three ticks without), Unpin: one call each", async ({
  page,
  demoUrl,
}) => {
  await openSelectableList(page, "/announcements");
  const rows = rowBoxes(page);
  const ids = (await rows.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value))).slice(0, 3);
  await rows.nth(0).check();
  if (test.info().project.use.javaScriptEnabled) {
    await rows.nth(2).click({ modifiers: ["Shift"] });
    await expect(selectedCount(page)).toHaveText("3 selected");
  } else {
    await rows.nth(1).check();
    await rows.nth(2).check();
  }
  await page.getByRole("combobox", { name: "Bulk action" }).selectOption({ label: "Unpin" });
  await page.getByRole("button", { name: "Review" }).click();
  const query = await reviewQuery(page, "/announcements");
  expect([query.get("action"), query.getAll("id")]).toEqual(["unpin", ids]);

  // The seed lists its pinned announcements first: the three are pinned, and each is unpinned once.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unpin 3 announcements");
  await confirmAndFinish(page);
  await expect(page.getByRole("status").filter({ hasText: /^Finished:/ })).toHaveText(
    "Finished: 3 done, 0 skipped, 0 failed, 0 outcome unknown.",
  );
  const calls = await recordedRequests(demoUrl, "/announcements/");
  expect(calls.filter((call) => call.path.endsWith("/toggle-pinned")).map((call) => call.path)).toEqual(
    expect.arrayContaining(ids.map((id) => `/announcements/${id}/toggle-pinned`)),
  );
  expect(calls.filter((call) => call.path.endsWith("/toggle-pinned"))).toHaveLength(3);
});

test("users: 'Select all on this page', then one row unticked, Review: the page without that row", async ({ page }) => {
  await openSelectableList(page, "/users?limit=10");
  await page.getByRole("button", { name: "Select all on this page" }).click();
  const rows = rowBoxes(page);
  const ids = await rows.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
  // The page shows what is selected: every row ticked.
  for (const box of await rows.all()) await expect(box).toBeChecked();
  await rows.first().uncheck();
  if (test.info().project.use.javaScriptEnabled) {
    await expect(selectedCount(page)).toHaveText(`${ids.length - 1} selected`);
  }
  await page.getByRole("combobox", { name: "Bulk action" }).selectOption({ label: "Verify" });
  await page.getByRole("button", { name: "Review" }).click();
  const query = await reviewQuery(page, "/users");
  // The last choice wins: the unticked row is not part of the selection.
  expect(query.getAll("id")).toEqual(ids.slice(1));
});
