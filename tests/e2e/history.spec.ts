// Issue 28: a member's History in a real browser, with and without JavaScript: an admin bans a
// user (the bulk review page, with a reason), opens their details, sees the ban in History and
// follows its batch link to /audit. What the section's HTML says in each state (empty, more than
// it shows, the store away): tests/integration/history.test.ts.
import { resetDemo } from "../support/demo-hooks";
import { findDemoUser } from "../support/demo-data";
import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ page, demoUrl }) => {
  await resetDemo(demoUrl);
  await startSession(page);
});

test("bans a user, sees the ban in their History and follows it to its batch on /audit", async ({ page, demoUrl }) => {
  const user = await findDemoUser(demoUrl, (candidate) => !candidate.isBanned && Boolean(candidate.fullName));
  await page.goto(`/users/bulk?action=ban&id=${user.id}`);
  await page.getByRole("combobox", { name: "Reason" }).selectOption({ label: "Spam" });
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Finished:/ })).toBeVisible();

  await page.goto(`/users/${user.id}`);
  const history = page.getByRole("region", { name: "History" });
  const entry = history.getByRole("listitem").first();
  await expect(entry).toContainText(`admin@example.com Banned user “${user.fullName!.trim()}”`);
  await expect(entry).toContainText("Reason: Spam");
  await expect(entry.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);

  await entry.getByRole("link", { name: /^Batch / }).click();
  await expect(page).toHaveURL(/\/audit\?batch=[\w-]+$/);
  const rows = page.getByRole("table", { name: "Audit entries" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`(user ${user.id})`);
  await expect(rows.first()).toContainText("Spam");
});
