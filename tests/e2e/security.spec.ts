import type { Page } from "@playwright/test";

import { signIn } from "./auth-helpers";
import { expect, test } from "./fixtures";

const PUBLIC_PAGES = [
  "/login",
  "/forgot-password",
  "/reset-password?token=abc",
  "/verify?token=bad",
  "/delete-account",
  "/accept-invite?token=abc",
  "/get-app",
  "/no-such-page",
];
const ADMIN_PAGES = [
  "/",
  "/users",
  "/users/12",
  "/users/12?notify",
  "/users/view-invites/12",
  "/posts",
  "/posts?confirm=delete&id=30",
  "/badge-requests",
  "/announcements",
  "/announcements?new",
  "/memberships",
  "/memberships/create",
  "/memberships/view/1",
  "/memberships/edit/1",
];

/** Collects Content-Security-Policy violations: the browser's console report, and the DOM event when scripts run. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test("no screen raises a Content-Security-Policy violation", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator("body")).not.toBeEmpty();
  }
  await signIn(page);
  for (const path of ADMIN_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  }
  // Client-side navigations load route modules and data with JavaScript on.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Users/ }).click();
  await expect(page).toHaveURL(/\/users$/);
  expect(violations).toEqual([]);
});
