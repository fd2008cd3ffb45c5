// Issue 39, the second factor (docs/product.md#second-factor), in a browser with and without
// JavaScript: set it up from the key the page shows, save the recovery codes, sign out, sign in
// with the password and then a code computed here, and turn it off with a recovery code. Each
// screen is checked for accessibility on the way, on a 390 px phone. Each project enrols an admin of its own and
// turns the factor off at the end, so the worker's other specs sign that admin in as before.
import { base32Decode, totpCode, TOTP_STEP_SECONDS } from "~/session/second-factor-totp.server";

import { expectAccessible } from "./a11y-helpers";
import { ADMIN, startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 720 };

test("an admin sets up two-factor authentication and signs in with a code", async ({ page }, testInfo) => {
  const email = testInfo.project.name === "js" ? "ops.admin@example.com" : "support.admin@example.com";
  const account = { email, password: ADMIN.password };
  await startSession(page, account);
  await page.setViewportSize(PHONE);

  await page.goto("/account/two-factor");
  await expect(page.getByRole("img", { name: "QR code of your authenticator key" })).toBeVisible();
  await expectAccessible(page, testInfo, "/account/two-factor, set up");
  const secret = base32Decode((await page.getByTestId("totp-key").textContent()) ?? "");
  await page.getByLabel("Authentication code").fill(totpCode(secret, Date.now()));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  const recoveryCodes = await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expectAccessible(page, testInfo, "/account/two-factor, recovery codes");

  // The user menu is the wide screen's; on a phone it is in the sheet.
  await page.setViewportSize(LAPTOP);
  await page.getByText("Administrator").click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.setViewportSize(PHONE);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expectAccessible(page, testInfo, "/login/two-factor");
  // The code that confirmed the set-up is spent; the next step's is accepted.
  await page.getByLabel("Authentication code").fill(totpCode(secret, Date.now() + TOTP_STEP_SECONDS * 1000));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();

  await page.goto("/account/two-factor");
  await expect(page.getByText("10 of your recovery codes are left")).toBeVisible();
  await page.getByLabel("Authentication code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Two-factor authentication turned off").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Set up two-factor authentication" })).toBeVisible();
});
