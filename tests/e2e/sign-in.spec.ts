import { injectFault } from "../support/demo-hooks";
import { type Stack, startStack } from "../support/servers";
import { ADMIN, MEMBER, openDashboard, signIn } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.describe("sign-in", () => {
  test("asks for the email and the password", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
  });

  // The password field and its show/hide toggle: password-fields.spec.ts.

  test("offers Sign up through the app page and Forgot your password", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/get-app");
    await page.getByRole("link", { name: "Forgot your password" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test("keeps the typed email when the password is wrong", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("Admin@Example.com");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" }).first()).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(/admin@example\.com/i);
    await expect(page).toHaveURL(/\/login/);
  });

  test("shows a refused member the upstream's message, not the shell", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(MEMBER.email);
    await page.getByLabel("Password", { exact: true }).fill(MEMBER.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("Access denied. Admins only.");
    await expect(page.getByTestId("toast")).toHaveAttribute("data-type", "error");
    await expect(page.getByRole("heading", { name: "This panel is for administrators" })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  });

  test("lands on the dashboard inside the shell", async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("goes back to where the admin was headed", async ({ page }) => {
    await page.goto("/?from=bookmark");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2F%3Ffrom%3Dbookmark/);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/\?from=bookmark$/);
  });

  test("never leaves the panel for an off-site redirectTo", async ({ page, baseURL }) => {
    await signIn(page, ADMIN, `/login?redirectTo=${encodeURIComponent("//evil.test/")}`);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });

  test("sends a signed-in admin from /login to the dashboard", async ({ page }) => {
    await signIn(page);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a forged user cookie never shows the shell", async ({ page, context, baseURL }) => {
    const role = encodeURIComponent(
      btoa(JSON.stringify({ role: "ADMIN", userName: "Mallory", username: null, email: "m@evil.test", avatar: null })),
    );
    await context.addCookies([{ name: "user", value: role, url: baseURL! }]);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  });
});

test.describe("sign-in from an address under attack", () => {
  // A panel of its own with low limits (the shared one lets tests sign in freely). Chromium and
  // this test's fetches all come from 127.0.0.1: one address, as in an office behind NAT.
  let attacked: Stack | undefined;
  test.beforeAll(async () => {
    attacked = await startStack({ LOGIN_FAILURES_PER_ACCOUNT: "3", LOGIN_FAILURES_PER_DAY: "6" });
  });
  test.afterAll(async () => {
    await attacked?.stop();
  });

  /** A sign-in posted from this address by someone else (no browser, no device cookie). */
  const postLogin = (email: string, password: string) =>
    fetch(`${attacked!.panel.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password }),
      redirect: "manual",
    });

  test("the admin's own browser signs in while the address and the account are refused to others", async ({ page }) => {
    const login = `${attacked!.panel.url}/login`;
    await signIn(page, ADMIN, login);
    await page.getByText("Administrator").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Someone else at the same address guesses other accounts, then the admin's.
    for (const email of ["a@example.org", "b@example.org", "c@example.org", ADMIN.email, ADMIN.email, ADMIN.email]) {
      expect((await postLogin(email, "wrong-password")).status).toBe(401);
    }
    expect((await postLogin(ADMIN.email, ADMIN.password)).status).toBe(429);

    // The browser the admin signed in with before is not refused.
    await signIn(page, ADMIN, login);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });
});

test.describe("sign-out", () => {
  test("signs out with its toast", async ({ page, javaScriptEnabled }) => {
    await openDashboard(page);
    await page.getByText("Administrator").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Logged out successfully");
    if (javaScriptEnabled) {
      // With JavaScript the toast leaves by itself (after 5 seconds).
      await expect(toast).toBeHidden({ timeout: 8_000 });
    } else {
      await toast.getByRole("button", { name: "Dismiss" }).click();
      await expect(toast).toBeHidden();
    }
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });

  test("signs out silently when the upstream logout fails", async ({ page, demoUrl }) => {
    await openDashboard(page);
    await injectFault(demoUrl, { method: "GET", path: "/auth/logout", status: 500 });
    await page.getByText("Administrator").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });
});
