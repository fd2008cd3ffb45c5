import { expect, test } from "./fixtures";

test.describe("404 page", () => {
  test("an unknown path answers 404 with the spec's page", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("We couldn't find the page you are looking for.")).toBeVisible();
  });

  test("Back to Home leads to /", async ({ page, baseURL }) => {
    await page.goto("/definitely-missing");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).not.toHaveURL(/definitely-missing/);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });
});
