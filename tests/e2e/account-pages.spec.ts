// The public account pages in Chromium, with JavaScript (project "js") and without ("no-js").
// Both projects may share one worker, and so one demo API, without a reset in between: each
// project therefore uses its own account. What these pages say (each form's messages, the invalid
// and 404 states, the app pages): tests/integration/account-pages.test.ts, and before a form is
// sent, tests/unit/form-checks.test.tsx; the verification link's and the account deletion's
// journeys: tests/e2e/email-pages.spec.ts. Here: forgetting a password and setting a new one.
import type { TestInfo } from "@playwright/test";

import { outbox } from "../support/demo-hooks";
import { expect, test } from "./fixtures";

const SENT_MESSAGE = "If an account with that email exists, a password reset link has been sent to your email.";
const RESET_SUCCESS = "Password reset successfully! You can now login with your new password.";

/** A seeded admin per project, so the two projects never reset each other's password. */
const ADMINS = { js: "ops.admin@example.com", "no-js": "support.admin@example.com" } as const;

function adminOf(testInfo: TestInfo): string {
  return ADMINS[testInfo.project.name === "no-js" ? "no-js" : "js"];
}

/** The password-reset emails sent to an address (seeded verification emails left out). */
async function resetMails(demoUrl: string, to: string) {
  return (await outbox(demoUrl, to)).filter((mail) =>
    mail.links.some((link) => link.includes("/reset-password?token=")),
  );
}

test("forgot -> 'Check Your Email', a reload sends nothing more, Try Again -> the reset link from the email -> new password -> sign in lands on /", async ({
  page,
  demoUrl,
  baseURL,
}, testInfo) => {
  const email = adminOf(testInfo);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();

  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.locator("main").getByText(SENT_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password\?sent=1$/);
  expect(page.url()).not.toContain(encodeURIComponent(email));
  expect(await resetMails(demoUrl, email)).toHaveLength(1);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  expect(await resetMails(demoUrl, email)).toHaveLength(1);

  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  // Back filled in, so a typo is easy to spot.
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await page.goto("/forgot-password?sent=1");
  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);

  const [mail] = await resetMails(demoUrl, email);
  expect(mail?.token).toBeTruthy();
  expect(mail!.links[0]).toContain(`/reset-password?token=${encodeURIComponent(mail!.token!)}`);
  await page.goto(`/reset-password?token=${encodeURIComponent(mail!.token!)}`);
  await page.getByLabel("New Password", { exact: true }).fill("Fresh-Pass-123");
  await page.getByLabel("Confirm New Password").fill("Fresh-Pass-123");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/reset-password\?done=1$/);
  await expect(page.getByTestId("toast-message")).toHaveText(RESET_SUCCESS);
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();

  await page.getByRole("link", { name: "Sign in to the Admin Dashboard" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Fresh-Pass-123");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
});
