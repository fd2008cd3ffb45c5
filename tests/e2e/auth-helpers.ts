import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

/** The demo API's admin account. */
export const ADMIN = { email: "admin@example.com", password: "Admin12345" };

/** Signs in through the login form and waits for the page it leads to. */
export async function signIn(page: Page, account = ADMIN, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link").first()).toBeVisible();
}

/**
 * Gives the page's browser context a signed-in session without showing the login form: posts
 * the form's fields to /login as a browser without JavaScript does, and the context keeps the
 * cookies it answers with. For tests about something else than signing in (those use `signIn`);
 * the page stays where it is, so go to the screen under test next. A demo reset ends the session.
 */
export async function startSession(page: Page, account = ADMIN) {
  const response = await page.context().request.post("/login", {
    form: { email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(response.status(), `signing in ${account.email}`).toBe(302);
  expect(response.headers().location, `signing in ${account.email}`).toBe("/");
}

/**
 * Confirms it is them ahead, as /account/confirm lets an admin do (decision 080): the guarded
 * actions (personal-data exports, plan deletion, bulk actions over 50 items) then run for 15
 * minutes without a challenge. For tests about those actions' own behaviour.
 */
export async function confirmAhead(page: Page, account = ADMIN) {
  const response = await page.context().request.post("/account/confirm", {
    form: { password: account.password },
    maxRedirects: 0,
  });
  expect(response.status(), `confirming ${account.email}`).toBe(303);
}

/**
 * Starts a session and opens the dashboard, where signing in through the form lands; with
 * JavaScript, waits until the shell has hydrated (it marks the document), as it has after that
 * client-side navigation.
 */
export async function openDashboard(page: Page, account = ADMIN) {
  await startSession(page, account);
  await page.goto("/");
  await waitForShellHydration(page);
}

/**
 * With JavaScript, waits until the admin shell has hydrated (it marks the document). A page
 * opened with a dialog in its URL hydrates once the dialog's code has arrived (decision 026);
 * a click before that is a plain form post, as without JavaScript.
 */
export async function waitForShellHydration(page: Page) {
  if (test.info().project.use.javaScriptEnabled !== false)
    await expect(page.locator("html")).toHaveAttribute("data-sidebar-shortcut", "on");
}
