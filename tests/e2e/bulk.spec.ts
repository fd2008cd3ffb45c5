// Bulk actions from the lists (docs/product.md#bulk-selection), as journeys in both projects:
// select rows, choose an action, Review. What each list's HTML offers is checked in
// tests/integration/bulk-selection.test.ts; the count and Shift+click in tests/unit/bulk-selection.test.tsx.
import type { Page } from "@playwright/test";

import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { openList, searchList } from "./list-helpers";

test.beforeEach(async ({ page }) => startSession(page));

/** Ticks the rows named, chooses `action` in "Bulk action" and presses Review; the ids ticked, in order. */
async function selectAndReview(page: Page, names: string[], action: string): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const box = page.getByRole("checkbox", { name: `Select ${name}` });
    await box.check();
    ids.push((await box.getAttribute("value"))!);
  }
  if (test.info().project.use.javaScriptEnabled) {
    await expect(page.getByRole("status").filter({ hasText: / selected$/ })).toHaveText(`${names.length} selected`);
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

test("users: two rows ticked, Ban, Review goes to the review page with both and the list's params", async ({
  page,
}) => {
  await openList(page, "/users?limit=25");
  const ids = await selectAndReview(page, ["Liam Smith", "Mateo Nguyen"], "Ban");
  const query = await reviewQuery(page, "/users");
  expect(query.get("action")).toBe("ban");
  expect(query.getAll("id")).toEqual(ids);
  expect(query.get("limit")).toBe("25");
  expect(query.getAll("scope")).toEqual([]);
});

test("citizenship requests: a search, 'Select all N matching', Approve", async ({ page }) => {
  const javaScript = test.info().project.use.javaScriptEnabled ?? true;
  await openList(page, "/badge-requests");
  await searchList(page, "Search by name, email or phone...", "o", javaScript);
  const matching = page.getByRole("checkbox", { name: /^Select all \d+ matching$/ });
  const total = /\d+/.exec(
    (await matching.getAttribute("aria-label")) ?? (await matching.locator("..").innerText()),
  )![0];
  await matching.check();
  if (javaScript)
    await expect(page.getByRole("status").filter({ hasText: / selected$/ })).toHaveText(`${total} selected`);
  await page.getByRole("combobox", { name: "Bulk action" }).selectOption({ label: "Approve" });
  await page.getByRole("button", { name: "Review" }).click();
  const query = await reviewQuery(page, "/badge-requests");
  expect([query.get("action"), query.get("search"), query.getAll("scope")]).toEqual(["approve", "o", ["matching"]]);
});

test("posts: 'Select all on this page', Delete", async ({ page }) => {
  await openList(page, "/posts");
  const rows = page.getByRole("checkbox", { name: /^Select (?!all )/ });
  const ids = await rows.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  if (test.info().project.use.javaScriptEnabled) {
    // With JavaScript the rows are ticked too, and counted.
    for (const box of await rows.all()) await expect(box).toBeChecked();
    await expect(page.getByRole("status").filter({ hasText: / selected$/ })).toHaveText(`${ids.length} selected`);
  }
  await page.getByRole("combobox", { name: "Bulk action" }).selectOption({ label: "Delete" });
  await page.getByRole("button", { name: "Review" }).click();
  const query = await reviewQuery(page, "/posts");
  expect([query.get("action"), query.getAll("scope"), query.getAll("pageId")]).toEqual(["delete", ["page"], ids]);
});

test("announcements: Shift+click a range with JavaScript (two ticks without), Pin", async ({ page }) => {
  await openList(page, "/announcements");
  const rows = page.getByRole("checkbox", { name: /^Select (?!all )/ });
  const ids = await rows.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
  await rows.nth(0).check();
  if (test.info().project.use.javaScriptEnabled) {
    await rows.nth(2).click({ modifiers: ["Shift"] });
    await expect(page.getByRole("status").filter({ hasText: / selected$/ })).toHaveText("3 selected");
  } else {
    await rows.nth(1).check();
    await rows.nth(2).check();
  }
  await page.getByRole("combobox", { name: "Bulk action" }).selectOption({ label: "Pin" });
  await page.getByRole("button", { name: "Review" }).click();
  const query = await reviewQuery(page, "/announcements");
  expect([query.get("action"), query.getAll("id")]).toEqual(["pin", ids.slice(0, 3)]);
});
