// Re-authentication ("sudo", docs/product.md#re-authentication, decision 080) in a browser, with
// and without JavaScript: a bulk ban of 60 users asks who it is, and once the password is given the
// same Confirm goes on, nothing retyped, and the batch runs once; Back and reload send nothing more.
// The challenge's other answers (codes, recovery codes, replays, limits) are checked over HTTP in
// tests/integration/reauthentication.test.ts.
import { demoUsers } from "../support/demo-data";
import { recordedRequests, seedUsers } from "../support/demo-hooks";
import { ADMIN, startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";

test("a bulk ban of 60 users asks for the password, then runs once", async ({ page, demoUrl }) => {
  await seedUsers(demoUrl, 100);
  const ids = (await demoUsers(demoUrl))
    .filter((user) => user.email.endsWith("@seeded.example.com") && !user.isBanned)
    .slice(0, 60)
    .map((user) => user.id);
  expect(ids).toHaveLength(60);
  await startSession(page);
  await page.goto(`/users/bulk?action=ban&${ids.map((id) => `id=${id}`).join("&")}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ban 60 users");
  await page.getByRole("combobox", { name: "Reason" }).selectOption({ label: "Spam" });
  await page.getByRole("button", { name: "Confirm" }).click();

  await expect(page).toHaveURL(/\/account\/confirm\?pending=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm it's you");
  await expect(page.getByText("Ban 60 users")).toBeVisible();
  const bans = async () => (await recordedRequests(demoUrl, "/users/ban/")).length;
  expect(await bans()).toBe(0);

  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/users\/bulk\/[^/?]+$/);
  await expect(page.getByRole("status").filter({ hasText: /^Finished:/ })).toHaveText(
    "Finished: 60 done, 0 skipped, 0 failed, 0 outcome unknown.",
  );
  expect(await bans()).toBe(60);

  // Back to the challenge, and a reload: it was used, and nothing is sent again.
  await page.goBack();
  await page.reload();
  await expect(page.getByText("This confirmation has expired or was already used. Nothing was sent.")).toBeVisible();
  expect(await bans()).toBe(60);
});
