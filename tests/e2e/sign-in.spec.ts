import { type RunningServer, startPanel } from "../support/servers";
import { ADMIN, openDashboard, signIn } from "./auth-helpers";
import { expect, test } from "./fixtures";

// What the sign-in page says before it is sent: tests/unit/form-checks.test.tsx; what the server
// answers (each refusal, the redirects, a forged cookie, a signed-in admin at /login):
// tests/integration/auth.test.ts and security-redirects.test.ts; a member refused:
// tests/e2e/email-pages.spec.ts. Here: the journeys.
test.describe("sign-in", () => {
  test("keeps the typed email after a wrong password, then lands on the dashboard inside the shell", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("Admin@Example.com");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" }).first()).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(/admin@example\.com/i);
    await expect(page).toHaveURL(/\/login/);

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
});

test.describe("sign-in from an address under attack", () => {
  // A panel of its own with low limits (the shared one lets tests sign in freely), on the worker's
  // demo API. Chromium and this test's fetches all come from 127.0.0.1: one address, as in an
  // office behind NAT.
  let attacked: RunningServer | undefined;
  test.beforeAll(async ({ stack }) => {
    attacked = await startPanel(`${stack.demo.url}/api`, {
      LOGIN_FAILURES_PER_ACCOUNT: "3",
      LOGIN_FAILURES_PER_DAY: "6",
    });
  });
  test.afterAll(async () => {
    await attacked?.stop();
  });

  /** A sign-in posted from this address by someone else (no browser, no device cookie). */
  const postLogin = (email: string, password: string) =>
    fetch(`${attacked!.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password }),
      redirect: "manual",
    });

  test("the admin's own browser signs in while the address and the account are refused to others", async ({ page }) => {
    const login = `${attacked!.url}/login`;
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
  // The toast also leaves by itself after 5 s: tests/e2e/layout-behaviour.spec.ts reads its timing.
  // Signing out when the upstream logout fails: tests/integration/auth.test.ts.
  test("signs out with its toast", async ({ page }) => {
    await openDashboard(page);
    await page.getByText("Administrator").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Logged out successfully");
    await toast.getByRole("button", { name: "Dismiss" }).click();
    await expect(toast).toBeHidden();
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });
});
