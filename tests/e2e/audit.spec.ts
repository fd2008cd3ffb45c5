// Issue 28: the /audit journey in a real browser, with and without JavaScript: an admin's
// actions show newest first; the filters (action, target, dates) apply through the URL; the
// cursor links page older and newer; a user target leads to the user. What the page's HTML
// says for each state: tests/integration/audit-trail.test.ts.
import type { Page } from "@playwright/test";

import { resetDemo } from "../support/demo-hooks";
import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";

const table = (page: Page) => page.getByRole("table", { name: "Audit entries" });
const rows = (page: Page) => table(page).locator("tbody tr");

test.beforeEach(async ({ page, demoUrl }) => {
  await resetDemo(demoUrl);
  await startSession(page);
});

test("finds an action on /audit by its filters, pages through the trail and opens the user", async ({ page }) => {
  // 26 verifications (the post a screen's form sends), more than a page of 25.
  for (let index = 0; index < 26; index++) {
    const answer = await page.request.post("/users", { form: { intent: "verify", id: index === 25 ? "13" : "12" } });
    expect(answer.status()).toBeLessThan(500);
  }

  await page.goto("/audit");
  await expect(rows(page)).toHaveCount(25);
  await expect(rows(page).first()).toContainText("Verified");
  await expect(rows(page).first()).toContainText("user 13");

  const filters = page.getByRole("search", { name: "Filter audit entries" });
  // The actions are a choice, in the admin's words.
  await filters.getByLabel("Action").selectOption("verified");
  await filters.getByLabel("Target", { exact: true }).selectOption("user");
  await filters.getByLabel("Target id").fill("13");
  const today = new Date().toISOString().slice(0, 10);
  await filters.getByLabel("From").fill(today);
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/action=verified/);
  await expect(page).toHaveURL(/target=13/);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).getByRole("link", { name: "user 13" }).click();
  await expect(page).toHaveURL(/\/users\/13$/);

  await page.goBack();
  await filters.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await page.getByRole("link", { name: "Older entries" }).click();
  await expect(page).toHaveURL(/before=\d+/);
  // The oldest entries: this session's sign-in is the last row.
  await expect(rows(page).last()).toContainText("Signed in");
  await page.getByRole("link", { name: "Newer entries" }).click();
  await expect(page).toHaveURL(/after=\d+/);
  await expect(rows(page)).toHaveCount(25);
  await expect(rows(page).first()).toContainText("user 13");
});
