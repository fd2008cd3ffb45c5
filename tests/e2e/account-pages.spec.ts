// The public account pages in Chromium, with JavaScript (project "js") and without ("no-js").
// Both projects may share one worker, and so one demo API, without a reset in between: each
// project therefore uses its own accounts and tokens.
import type { Page, TestInfo } from "@playwright/test";

import { injectFault, outbox } from "../support/demo-hooks";
import { UA } from "../support/user-agents";
import { expect, test } from "./fixtures";

const SENT_MESSAGE = "If an account with that email exists, a password reset link has been sent to your email.";
const RESET_SUCCESS = "Password reset successfully! You can now login with your new password.";

/** Seeded accounts, one set per project, so the two projects never consume each other's data. */
const ACCOUNTS = {
  js: {
    admin: { email: "ops.admin@example.com", password: "Admin12345" },
    forgot: "kenji.kowalski41@example.com",
    verify: "hannah.kowalski8@example.com",
    verifyRetry: "aisha.okafor20@example.com",
    remove: "lena.mensah44@example.com",
  },
  "no-js": {
    admin: { email: "support.admin@example.com", password: "Admin12345" },
    forgot: "fatima.johansson56@example.com",
    verify: "tomas.dubois17@example.com",
    verifyRetry: "noah.angstrom32@example.com",
    remove: "jonas.okafor53@example.com",
  },
} as const;

/** The seeded verification token whose link is already expired. */
const EXPIRED_VERIFICATION_EMAIL = "hannah.silva128@example.com";

function accounts(testInfo: TestInfo) {
  return ACCOUNTS[testInfo.project.name === "no-js" ? "no-js" : "js"];
}

function usesJavaScript(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

async function latestMail(demoUrl: string, to: string) {
  const mail = (await outbox(demoUrl, to)).at(-1);
  if (!mail) throw new Error(`no email to ${to}`);
  return mail;
}

/** The password-reset emails sent to an address (seeded verification emails left out). */
async function resetMails(demoUrl: string, to: string) {
  return (await outbox(demoUrl, to)).filter((mail) =>
    mail.links.some((link) => link.includes("/reset-password?token=")),
  );
}

function fieldError(page: Page, message: string) {
  return page.locator("[data-field-error]", { hasText: message });
}

test.describe("forgot password", () => {
  test("validates the email, keeps what was typed and links back to sign in", async ({ page }) => {
    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");

    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(fieldError(page, "Email is required")).toBeVisible();

    await page.getByLabel("Email Address").fill("not-an-email");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(fieldError(page, "Invalid email address")).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveValue("not-an-email");

    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("shows 'Check Your Email'; a reload sends nothing more; Try Again and Back to Login work", async ({
    page,
    demoUrl,
  }, testInfo) => {
    const email = accounts(testInfo).forgot;
    await page.goto("/forgot-password");
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
    // Back filled in, so a typo is easy to spot (tests/e2e/email-pages.spec.ts has more).
    await expect(page.getByLabel("Email Address")).toHaveValue(email);

    await page.goto("/forgot-password?sent=1");
    await page.getByRole("link", { name: "Back to Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an unknown address gets the very same confirmation", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email Address").fill("nobody-at-all@example.com");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await expect(page.locator("main").getByText(SENT_MESSAGE)).toBeVisible();
  });
});

test.describe("reset password", () => {
  test("without a token: 'Invalid Reset Link' and a button to ask for a new one", async ({ page }) => {
    const response = await page.goto("/reset-password");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await expect(
      page.getByText("The password reset link is invalid or has expired. Please request a new password reset."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Request New Reset Link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  });

  test("forgot -> reset link from the email -> new password -> sign in lands on /", async ({
    page,
    demoUrl,
    baseURL,
  }, testInfo) => {
    const { email } = accounts(testInfo).admin;
    await page.goto("/forgot-password");
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();

    const [mail] = await resetMails(demoUrl, email);
    expect(mail?.token).toBeTruthy();
    expect(mail!.links[0]).toContain(`/reset-password?token=${encodeURIComponent(mail!.token!)}`);
    await page.goto(`/reset-password?token=${encodeURIComponent(mail!.token!)}`);

    const password = page.getByLabel("New Password", { exact: true });
    const confirm = page.getByLabel("Confirm New Password");
    const submit = page.getByRole("button", { name: "Reset Password" });
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");

    await submit.click();
    await expect(fieldError(page, "Password is required")).toBeVisible();
    await expect(fieldError(page, "Please confirm your password")).toBeVisible();

    await password.fill("short");
    await confirm.fill("short");
    await submit.click();
    await expect(fieldError(page, "Password must be at least 8 characters")).toBeVisible();

    await password.fill("this-password-is-too-long");
    await confirm.fill("this-password-is-too-long");
    await submit.click();
    await expect(fieldError(page, "Password must be at most 20 characters")).toBeVisible();

    await password.fill("Fresh-Pass-123");
    await confirm.fill("Fresh-Pass-124");
    await submit.click();
    await expect(fieldError(page, "Passwords do not match")).toBeVisible();
    // Without JavaScript that was a round trip: the passwords are not sent back.
    if (!usesJavaScript(testInfo)) await expect(password).toHaveValue("");

    await password.fill("Fresh-Pass-123");
    await confirm.fill("Fresh-Pass-123");
    await submit.click();
    await expect(page).toHaveURL(/\/reset-password\?done=1$/);
    await expect(page.getByTestId("toast-message")).toHaveText(RESET_SUCCESS);
    await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();

    await page.getByRole("link", { name: "Sign in to the Admin Dashboard" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Fresh-Pass-123");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test("a bogus token switches to 'Invalid Reset Link', with the upstream's message as the toast", async ({ page }) => {
    await page.goto("/reset-password?token=not-a-real-token");
    await page.getByLabel("New Password", { exact: true }).fill("Valid-Pass-1");
    await page.getByLabel("Confirm New Password").fill("Valid-Pass-1");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await expect(page.getByTestId("toast-message")).toHaveText("Invalid or expired reset token");
    await expect(page).toHaveURL(/\/reset-password$/);
  });
});

test.describe("verify email", () => {
  // Chromium's headless User-Agent names a crawler, which never spends a link.
  test.use({ userAgent: UA.desktop });

  test("without a token is the 404 page", async ({ page }) => {
    const response = await page.goto("/verify");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });

  test("a seeded link verifies the account and offers the app; the expired one is invalid", async ({
    page,
    browser,
    demoUrl,
  }, testInfo) => {
    const mail = await latestMail(demoUrl, accounts(testInfo).verify);
    const link = mail.links[0]!.replace(/^https?:\/\/[^/]+/, "");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Account verified successfully" })).toBeVisible();

    // The same link on another device, after it was spent: the upstream refuses it, the panel
    // knows it verified the account.
    const elsewhere = await browser.newContext({
      userAgent: UA.desktop,
      javaScriptEnabled: usesJavaScript(testInfo),
    });
    const second = await elsewhere.newPage();
    await second.goto(new URL(link, page.url()).href);
    await expect(second.getByRole("heading", { name: "Account verified successfully" })).toBeVisible();
    await expect(second.getByText("This link was already used, and it confirmed your email address.")).toBeVisible();
    await elsewhere.close();
    // No app link is configured for this panel: the page says so rather than offering a wrong one.
    await expect(page.getByText("The app link is not available yet.", { exact: false })).toBeVisible();

    // A success stays a success.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Account verified successfully" })).toBeVisible();

    const expired = await latestMail(demoUrl, EXPIRED_VERIFICATION_EMAIL);
    await page.goto(`/verify?token=${encodeURIComponent(expired.token!)}`);
    await expect(page.getByRole("heading", { name: "Verification Link Invalid" })).toBeVisible();
  });

  test("after an upstream failure, Try again verifies", async ({ page, demoUrl }, testInfo) => {
    const mail = await latestMail(demoUrl, accounts(testInfo).verifyRetry);
    await injectFault(demoUrl, { method: "GET", path: "/auth/verify-email*", status: 500, times: 1 });
    await page.goto(`/verify?token=${encodeURIComponent(mail.token!)}`);
    await expect(page.getByRole("heading", { name: "Verification not finished" })).toBeVisible();

    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Account verified successfully" })).toBeVisible();
  });
});

test.describe("delete account", () => {
  test("'Invalid Email' shows inline and as a toast", async ({ page }) => {
    await page.goto("/delete-account");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Get Security Key" }).click();
    await expect(fieldError(page, "Invalid Email")).toBeVisible();
    await expect(page.getByTestId("toast-message")).toHaveText("Invalid Email");
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
  });

  test("the buttons wait for input when JavaScript runs", async ({ page }, testInfo) => {
    test.skip(
      !usesJavaScript(testInfo),
      "button rules of spec 5 need JavaScript; the server checks the same without it",
    );
    await page.goto("/delete-account");
    const getKey = page.getByRole("button", { name: "Get Security Key" });
    await expect(getKey).toBeDisabled();
    await page.getByLabel("Email").fill("someone@example.com");
    await expect(getKey).toBeEnabled();
    await page.getByLabel("Email").fill("");
    await expect(getKey).toBeDisabled();
  });

  test("email -> key from the mail -> Verify Key -> back to step 1, and the account is gone", async ({
    page,
    demoUrl,
  }, testInfo) => {
    const email = accounts(testInfo).remove;
    await page.goto("/delete-account");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Get Security Key" }).click();

    const verify = page.getByRole("button", { name: "Verify Key" });
    await expect(verify).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    expect(page.url()).not.toContain(encodeURIComponent(email));
    if (usesJavaScript(testInfo)) await expect(verify).toBeDisabled();

    const key = (await latestMail(demoUrl, email)).securityKey!;
    await page.getByLabel("Security Key").fill(key === "000000" ? "999999" : "000000");
    await verify.click();
    await expect(page.getByTestId("toast-message")).toHaveText("Invalid security key");
    await expect(page.getByLabel("Security Key")).toBeVisible();

    await page.getByLabel("Security Key").fill(key);
    await page.getByRole("button", { name: "Verify Key" }).click();
    // Spec 2.7: back to step 1 with cleared fields, the server's message as the success toast.
    await expect(page.getByTestId("toast-message")).toHaveText("Your account has been deleted successfully");
    await expect(page.getByTestId("toast")).toHaveAttribute("data-type", "success");
    await expect(page).toHaveURL(/\/delete-account$/);
    await expect(page.getByRole("button", { name: "Get Security Key" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");

    // Gone upstream: asking for a new key looks the same as for any address (no account oracle).
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Get Security Key" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText(
      "If an account with that email exists, a security key has been sent to your email.",
    );
    await expect(page.getByRole("button", { name: "Verify Key" })).toBeVisible();
  });
});

test.describe("app pages", () => {
  test("a desktop browser is told it is not a supported mobile platform", async ({ page }) => {
    await page.goto("/get-app");
    await expect(page.getByText("Not a supported mobile platform.")).toBeVisible();
  });

  test("accept-invite explains the app, and says when no app link is configured", async ({ page }) => {
    await page.goto("/accept-invite?token=invite-abc");
    await expect(page.getByText("Invitations are accepted in the mobile app.", { exact: false })).toBeVisible();
    await expect(page.getByText("The app link is not available yet.", { exact: false })).toBeVisible();
  });
});
