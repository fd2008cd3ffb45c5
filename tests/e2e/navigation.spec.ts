// In-app links (decision 069): plain `<a href>` as the server renders them, so they work without
// JavaScript; with it the root's one click handler takes them to the client router, as React
// Router's <Link> did: no document load, a dialog's link replaces the history entry, a link to the
// page itself replaces it too, and a click with a modifier is the browser's.
import type { Page } from "@playwright/test";

import { openDashboard } from "./auth-helpers";
import { expect, test } from "./fixtures";

/** Marks the window: a client-side navigation keeps the mark, a document load drops it. */
const mark = (page: Page) =>
  page.evaluate(() => {
    (window as { keptAcrossNavigation?: boolean }).keptAcrossNavigation = true;
  });
const marked = (page: Page) =>
  page.evaluate(() => (window as { keptAcrossNavigation?: boolean }).keptAcrossNavigation === true);

const sidebarLink = (page: Page, name: RegExp) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });

test("the sidebar's and the pager's links lead to their pages, each a new history entry", async ({ page }) => {
  const javaScript = test.info().project.use.javaScriptEnabled !== false;
  await openDashboard(page);
  if (javaScript) await mark(page);

  await sidebarLink(page, /^Users/).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/users\?page=2$/);
  await expect(page.getByText("Page 2 of")).toBeVisible();
  // With JavaScript neither click loaded a document.
  if (javaScript) expect(await marked(page)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/users$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test("a link to the page it is on replaces its history entry", { tag: "@js-only" }, async ({ page }) => {
  // JavaScript only (the no-js project leaves @js-only out): without JavaScript the browser decides.
  await openDashboard(page);
  await sidebarLink(page, /^Users/).click();
  await expect(page).toHaveURL(/\/users$/);
  await mark(page);
  await sidebarLink(page, /^Users/).click();
  await expect(page).toHaveURL(/\/users$/);
  expect(await marked(page)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test(
  "a row's dialog link opens its dialog in place of the screen's history entry",
  { tag: "@js-only" },
  async ({ page }) => {
    // JavaScript only (the no-js project leaves @js-only out): without JavaScript the browser decides.
    await openDashboard(page);
    await sidebarLink(page, /^Users/).click();
    await expect(page).toHaveURL(/\/users$/);
    await mark(page);
    await page
      .getByRole("link", { name: /^Ban User / })
      .first()
      .click();
    await expect(page).toHaveURL(/confirm=ban/);
    await expect(page.getByRole("alertdialog")).toBeVisible();
    expect(await marked(page)).toBe(true);
    // Back leaves the screen instead of reopening a dialog: the dialog replaced the list's entry.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  },
);

test(
  "a click with a modifier is the browser's: a new tab, and this page stays",
  { tag: "@js-only" },
  async ({ page, context }) => {
    // JavaScript only (the no-js project leaves @js-only out): the same without JavaScript.
    await openDashboard(page);
    await mark(page);
    const opened = context.waitForEvent("page");
    await sidebarLink(page, /^Users/).click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    // The new tab starts as about:blank (in the headless shell, already loaded when it is announced)
    // and goes on to the link's page: its address is read until it is that page's (a wait on the
    // navigation's events can start after the navigation has committed, on a busy machine).
    await expect(tab).toHaveURL((url) => url.pathname === "/users");
    await tab.close();
    await expect(page).toHaveURL(/\/$/);
    expect(await marked(page)).toBe(true);
  },
);
