import type { Page } from "@playwright/test";

import { expect } from "./fixtures";

/** The demo API's accounts. */
export const ADMIN = { email: "admin@example.com", password: "Admin12345" };
export const MEMBER = { email: "member@example.com", password: "Member12345" };

/** Signs in through the login form and waits for the page it leads to. */
export async function signIn(page: Page, account = ADMIN, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link").first()).toBeVisible();
}
