// Issue 41: /insights in a real browser, with and without JavaScript: the chart and its table,
// a period switched through its link, and a figure's link to the /audit query that lists what it
// counts. Every figure against the trail: tests/integration/insights.test.ts.
import { resetDemo } from "../support/demo-hooks";
import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ page, demoUrl }) => {
  await resetDemo(demoUrl);
  await startSession(page);
});

test("switches the period and follows a figure to the /audit entries it counts", async ({ page }) => {
  const ban = await page.request.post("/users", { form: { intent: "ban", id: "12" } });
  expect(ban.status()).toBeLessThan(400);
  const today = new Date().toISOString().slice(0, 10);

  await page.goto("/insights");
  await expect(page.getByRole("img", { name: /^Decisions per day, / })).toBeVisible();
  const perDay = page.getByRole("table", { name: /^Decisions per day, / });
  await expect(perDay.locator("tbody tr")).toHaveCount(7);

  await page.getByRole("link", { name: "Last 30 days" }).click();
  await expect(page).toHaveURL(/\/insights\?days=30$/);
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await expect(perDay.locator("tbody tr")).toHaveCount(30);
  // The queue's table for the same period, and each table's file for it.
  await expect(page.getByRole("table", { name: /^Citizenship queue per day, / }).locator("tbody tr")).toHaveCount(30);
  await expect(page.getByRole("link", { name: "Download CSV of decisions per admin" })).toHaveAttribute(
    "href",
    "/insights.csv?days=30&table=admins",
  );

  // Other specs ban on the same panel today: the figure says how many, and /audit lists as many.
  const bans = page.getByRole("link", { name: new RegExp(`^\\d+ bans on ${today}$`) });
  const count = Number(await bans.textContent());
  expect(count).toBeGreaterThan(0);
  await bans.click();
  await expect(page).toHaveURL(/\/audit\?.*action=banned/);
  const rows = page.getByRole("table", { name: "Audit entries" }).locator("tbody tr");
  await expect(rows).toHaveCount(Math.min(count, 25));
  await expect(rows.first()).toContainText("Banned");
  await expect(page.getByRole("search", { name: "Filter audit entries" }).getByLabel("Result")).toHaveValue("done");
});
