// A filter chosen before the page's JavaScript has run (a slow device, a slow network) is
// applied, with JavaScript (project "js": the client's modules are held back until the
// choice is made) and without ("no-js": the Apply button sends it). The choice must neither snap
// back to "All" when the page hydrates nor be left unapplied once the Apply button is gone.
import type { Page } from "@playwright/test";

import { resetDemo } from "../support/demo-hooks";
import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { openBeforeHydration } from "./hydration-helpers";

/** The Apply button of the form that holds `field`: still there while the page is not hydrated. */
function applyButtonOf(page: Page, field: string) {
  return page.locator("form", { has: page.getByLabel(field) }).getByRole("button", { name: "Apply" });
}

/**
 * Chooses `option` in the select `field` before the page has hydrated, then lets the page go on:
 * with JavaScript by releasing its code and waiting until it has hydrated (the Apply button is
 * gone), without by pressing Apply.
 */
async function chooseBeforeHydration(
  page: Page,
  url: string,
  field: string,
  option: string,
  javaScriptEnabled: boolean,
) {
  const code = await openBeforeHydration(page, url, javaScriptEnabled);
  const apply = applyButtonOf(page, field);
  await expect(apply).toBeVisible();
  await page.getByLabel(field).selectOption(option);
  if (javaScriptEnabled) {
    await code.release();
    await expect(apply).toHaveCount(0);
  } else {
    await apply.click();
  }
}

test.beforeEach(async ({ page, demoUrl }) => {
  await resetDemo(demoUrl);
  await startSession(page);
});

test("User Status chosen before the users list hydrates is applied", async ({ page, javaScriptEnabled }) => {
  await chooseBeforeHydration(page, "/users", "User Status", "banned", javaScriptEnabled);

  await expect(page).toHaveURL(/[?&]status=banned(&|$)/);
  await expect(page.getByLabel("User Status")).toHaveValue("banned");
  const rows = page.getByRole("table", { name: "Users" }).locator("tbody tr");
  await expect(rows).toHaveCount(10);
  for (const row of await rows.all()) await expect(row.getByRole("link", { name: "Un-Ban User" })).toBeVisible();
});

test("Status chosen before a user's invites hydrate is applied", async ({ page, javaScriptEnabled }) => {
  await chooseBeforeHydration(page, "/users/view-invites/5", "Status", "rejected", javaScriptEnabled);

  await expect(page).toHaveURL(/[?&]status=rejected(&|$)/);
  await expect(page.getByLabel("Status")).toHaveValue("rejected");
  await expect(page.getByRole("table", { name: "Invites of Mia Member" }).locator("tbody tr")).toHaveCount(2);
});

test("Rows per page chosen before the users list hydrates is applied", async ({ page, javaScriptEnabled }) => {
  await chooseBeforeHydration(page, "/users", "Rows per page", "25", javaScriptEnabled);

  await expect(page).toHaveURL(/[?&]limit=25(&|$)/);
  await expect(page.getByLabel("Rows per page")).toHaveValue("25");
  // Ten rows a page show at most ten users; twenty-five show more.
  const rows = page.getByRole("table", { name: "Users" }).locator("tbody tr");
  await expect.poll(() => rows.count()).toBeGreaterThan(10);
});

test("a search typed before the users list hydrates is applied", async ({ page, javaScriptEnabled }) => {
  const code = await openBeforeHydration(page, "/users", javaScriptEnabled);
  const box = page.getByRole("searchbox", { name: "Search users..." });
  await box.fill("mia member");
  if (javaScriptEnabled) {
    await code.release();
    await expect(applyButtonOf(page, "User Status")).toHaveCount(0);
  } else {
    await box.press("Enter");
  }

  await expect(page).toHaveURL(/[?&]search=mia\+member(&|$)/);
  await expect(box).toHaveValue("mia member");
  const rows = page.getByRole("table", { name: "Users" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.filter({ hasText: "member@example.com" })).toHaveCount(1);
});
