// The email-link pages on a phone (issue 16), with JavaScript (project "js") and without ("no-js"):
// mail scanners before the person, each platform's store, members and mistakes. Links come from the
// demo API's outbox. With SCREENSHOTS=1, every state a visitor can reach is saved as a 390x844
// screenshot under test-results/phone/ for a reviewer.
//
// Both projects may run in one worker on one demo API without a reset in between, so each project
// uses its own tokens and accounts (`slot`).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import type { Page, Route, TestInfo } from "@playwright/test";

import { demoUsers } from "../support/demo-data";
import { injectFault, outbox, recordedRequests } from "../support/demo-hooks";
import { type RunningServer, ROOT, startPanel } from "../support/servers";
import { startSession } from "./auth-helpers";
import { expect, test as base } from "./fixtures";
import { SCREENSHOTS } from "./screenshots";

const APP_LINKS = {
  APP_DOWNLOAD_URL: "https://downloads.example.test/community",
  ANDROID_APP_URL: "https://play.example.test/store/apps/details?id=community",
  IOS_APP_URL: "https://testflight.example.test/join/community",
};

const AGENTS = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
};

const APP_LINK_UNAVAILABLE = "The app link is not available yet. Please try again later.";
const RESET_SUCCESS = "Password reset successfully! You can now login with your new password.";

interface ExtraPanels {
  /** A panel on the worker's demo API with every app link configured. */
  linked: RunningServer;
  /** A panel on the worker's demo API with the real rate limits' shape at their smallest. */
  limited: RunningServer;
}

const test = base.extend<object, ExtraPanels>({
  linked: [
    async ({ stack }, use) => {
      const panel = await startPanel(`${stack.demo.url}/api`, APP_LINKS);
      await use(panel);
      await panel.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  limited: [
    async ({ stack }, use) => {
      const panel = await startPanel(`${stack.demo.url}/api`, {
        AUTH_RATE_LIMIT_PER_MINUTE: "1",
        LOGIN_FAILURES_PER_ACCOUNT: "1",
      });
      await use(panel);
      await panel.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

// Mostly phones open these emails: an iPhone unless a test says otherwise.
test.use({ viewport: { width: 390, height: 844 }, userAgent: AGENTS.iphone, isMobile: true, hasTouch: true });

function shotPath(testInfo: TestInfo, name: string): string {
  return path.join(ROOT, "test-results", "phone", `${name}-${testInfo.project.name}.png`);
}

/** With SCREENSHOTS=1, saves the page as test-results/phone/<name>-<project>.png. */
async function phoneShot(page: Page, testInfo: TestInfo, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: shotPath(testInfo, name), fullPage: true });
}

/**
 * With SCREENSHOTS=1, saves what the screen shows while the page is moving on to the next one.
 * Playwright waits for a pending navigation before it looks at a page, so this asks Chromium
 * directly.
 */
async function phoneShotWhileNavigating(page: Page, testInfo: TestInfo, name: string) {
  if (!SCREENSHOTS) return;
  const cdp = await page.context().newCDPSession(page);
  const { data } = await cdp.send("Page.captureScreenshot", { format: "png" });
  await mkdir(path.dirname(shotPath(testInfo, name)), { recursive: true });
  await writeFile(shotPath(testInfo, name), Buffer.from(data, "base64"));
}

/**
 * The body of the next document matching `pattern`, as the browser receives it (read on the way,
 * since Playwright cannot read a response while the page has moved on to another navigation).
 */
async function documentBody(
  page: Page,
  pattern: RegExp | string | ((url: URL) => boolean),
): Promise<() => Promise<string>> {
  let body: Promise<string> | undefined;
  await page.route(pattern, async (route: Route) => {
    const response = await route.fetch();
    body ??= response.text();
    await route.fulfill({ response });
  });
  return () => body ?? Promise.reject(new Error("the document was not loaded"));
}

/**
 * Holds the requests matching `pattern` until `release` is called; `reached` resolves when the
 * first one is sent. The page that sent it stays on screen meanwhile.
 */
async function holdRequests(page: Page, pattern: RegExp | string | ((url: URL) => boolean)) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reachedIt!: () => void;
  const reached = new Promise<void>((resolve) => (reachedIt = resolve));
  await page.route(pattern, async (route: Route) => {
    reachedIt();
    await released;
    await route.fallback();
  });
  return { reached, release };
}

function usesJavaScript(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/** This project's n-th resource of a kind: js takes the even ones, no-js the odd ones. */
function slot(testInfo: TestInfo, n: number): number {
  return n * 2 + (usesJavaScript(testInfo) ? 0 : 1);
}

/** A seeded, unexpired verification link's path and token. */
async function verificationLink(demoUrl: string, index: number) {
  const mails = (await outbox(demoUrl)).filter((mail) => mail.token?.startsWith("verify-"));
  const mail = mails.slice(0, -1)[index]; // the last one is expired on purpose
  if (!mail) throw new Error(`no seeded verification email #${index}`);
  return { path: mail.links[0]!.replace(/^https?:\/\/[^/]+/, ""), token: mail.token! };
}

/** A seeded member (verified, not banned) for this project, by slot. */
async function member(demoUrl: string, index: number): Promise<string> {
  const members = (await demoUsers(demoUrl)).filter(
    (user) => user.role === "user" && !user.isBanned && user.isEmailVerified && !user.email.startsWith("member@"),
  );
  const user = members[index];
  if (!user) throw new Error(`no seeded member #${index}`);
  return user.email;
}

/** Answers requests to a store's host with a stand-in page (the test has no internet). */
async function fakeStore(page: Page, url: string) {
  await page.route(`${new URL(url).origin}/**`, (route: Route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Store</title><h1>The store</h1>" }),
  );
}

test.describe("verification that scanners cannot spend", () => {
  test("a HEAD and a non-following GET spend nothing; the person's click shows 'Loading', then the result, which survives a reload", async ({
    page,
    baseURL,
    demoUrl,
  }, testInfo) => {
    const link = await verificationLink(demoUrl, slot(testInfo, 0));
    // The scanner: a HEAD, then a GET that runs no script and follows nothing.
    expect((await fetch(`${baseURL}${link.path}`, { method: "HEAD" })).status).toBe(200);
    const scanned = await fetch(`${baseURL}${link.path}`, { redirect: "manual" });
    expect(scanned.status).toBe(200);
    expect(await scanned.text()).toContain("Please wait while we verify your data.");
    const tokenCalls = async () =>
      (await recordedRequests(demoUrl, "/auth/verify-email")).filter((call) => call.query.token === link.token);
    expect(await tokenCalls()).toEqual([]);

    // The person: 'Loading' at once, which moves on by itself (held here, as a slow upstream would).
    const loadingPage = await documentBody(page, (url) => url.pathname === "/verify" && !url.search.includes("step"));
    const verifying = await holdRequests(page, /\/verify\?.*step=check/);
    await page.goto(link.path);
    const first = await loadingPage();
    expect(first).toContain(">Loading</h1>");
    expect(first).toContain("Please wait while we verify your data.");
    await verifying.reached;
    await phoneShotWhileNavigating(page, testInfo, "verify-loading");
    expect(await tokenCalls()).toEqual([]);
    verifying.release();
    await expect(page.getByRole("heading", { name: "Account verified successfully" })).toBeVisible();
    expect(page.url()).not.toContain(link.token);
    await phoneShot(page, testInfo, "verify-success");
    expect(await tokenCalls()).toHaveLength(1);

    await page.reload();
    await expect(page.getByRole("heading", { name: "Account verified successfully" })).toBeVisible();
    await page.goto(link.path);
    await expect(page.getByRole("heading", { name: "Account verified successfully" })).toBeVisible();
    expect(await tokenCalls()).toHaveLength(1);
  });

  test("an upstream failure is a retry state and Try again verifies; an expired link is 'Verification Link Invalid'", async ({
    page,
    demoUrl,
  }, testInfo) => {
    const link = await verificationLink(demoUrl, slot(testInfo, 1));
    await injectFault(demoUrl, { method: "GET", path: "/auth/verify-email*", status: 502, times: 1 });
    await page.goto(link.path);
    await expect(page.getByRole("heading", { name: "Verification not finished" })).toBeVisible();
    await expect(page.getByText("Verification Link Invalid")).toHaveCount(0);
    await phoneShot(page, testInfo, "verify-retry");
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Account verified successfully" })).toBeVisible();

    const mails = (await outbox(demoUrl)).filter((mail) => mail.token?.startsWith("verify-"));
    await page.goto(mails.at(-1)!.links[0]!.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.getByRole("heading", { name: "Verification Link Invalid" })).toBeVisible();
    await expect(page.getByText(APP_LINK_UNAVAILABLE)).toBeVisible();
    await phoneShot(page, testInfo, "verify-invalid");
  });
});

test.describe("app links per platform", () => {
  test("/get-app on an iPhone says 'Redirecting to the app store...' and moves on to IOS_APP_URL", async ({
    page,
    linked,
  }, testInfo) => {
    // Routes added later run first: the hold, then the stand-in store.
    await fakeStore(page, APP_LINKS.IOS_APP_URL);
    const store = await holdRequests(page, `${new URL(APP_LINKS.IOS_APP_URL).origin}/**`);
    const redirecting = await documentBody(page, `${linked.url}/get-app`);
    await page.goto(`${linked.url}/get-app`);
    expect(await redirecting()).toContain("Redirecting to the app store...");
    await store.reached;
    await phoneShotWhileNavigating(page, testInfo, "get-app-redirecting");
    store.release();
    await expect(page).toHaveURL(APP_LINKS.IOS_APP_URL);
    await expect(page.getByRole("heading", { name: "The store" })).toBeVisible();
  });

  test.describe("on Android", () => {
    test.use({ userAgent: AGENTS.android });

    test("verify offers Google Play, not the generic link, and opens it; accept-invite shows only the Google Play button", async ({
      page,
      linked,
      demoUrl,
    }, testInfo) => {
      const link = await verificationLink(demoUrl, slot(testInfo, 2));
      await page.goto(`${linked.url}${link.path}`);
      await expect(page.getByRole("heading", { name: "Account verified successfully" })).toBeVisible();
      const open = page.getByRole("link", { name: "Open the mobile app" });
      await expect(open).toHaveAttribute("href", APP_LINKS.ANDROID_APP_URL);
      await phoneShot(page, testInfo, "verify-success-android");
      await fakeStore(page, APP_LINKS.ANDROID_APP_URL);
      await open.click();
      await expect(page).toHaveURL(APP_LINKS.ANDROID_APP_URL);

      await page.goto(`${linked.url}/accept-invite?token=invite-abc`);
      await expect(page.getByRole("link", { name: "Get the app" })).toHaveAttribute("href", APP_LINKS.ANDROID_APP_URL);
      await phoneShot(page, testInfo, "accept-invite-android");
    });
  });

  // What these pages say: tests/integration/email-pages.test.ts. Here: how a phone shows them.
  test("a phone without a configured link: /get-app, accept-invite and an old link's 404 page", async ({
    page,
  }, testInfo) => {
    await page.goto("/get-app");
    await expect(page.getByText(APP_LINK_UNAVAILABLE)).toBeVisible();
    await phoneShot(page, testInfo, "get-app-unavailable");
    await page.goto("/accept-invite?token=invite-abc");
    await expect(page.getByText(APP_LINK_UNAVAILABLE)).toBeVisible();
    await phoneShot(page, testInfo, "accept-invite-unavailable");
    const response = await page.goto("/an/old/email/link");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "continue in the mobile app" })).toBeVisible();
    await phoneShot(page, testInfo, "not-found");
  });
});

test.describe("pages that know who arrives", () => {
  test("a member resets their password: the address is named, and the result leads to the app", async ({
    page,
    linked,
    demoUrl,
  }, testInfo) => {
    const email = await member(demoUrl, slot(testInfo, 0));
    await page.goto(`${linked.url}/forgot-password`);
    await phoneShot(page, testInfo, "forgot-password");
    // The first try meets a paused mail service: its own message, and the email stays.
    await injectFault(demoUrl, {
      method: "POST",
      path: "/auth/forgot-password",
      status: 503,
      body: { message: "Mail is paused for maintenance until 10:00" },
      times: 1,
    });
    await page.getByLabel("Email Address").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("Mail is paused for maintenance until 10:00");
    await expect(page.getByLabel("Email Address")).toHaveValue(email.toUpperCase());
    await phoneShot(page, testInfo, "forgot-password-upstream-message");

    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await expect(page.getByText(`The address you entered: ${email}`)).toBeVisible();
    await phoneShot(page, testInfo, "forgot-password-sent");

    // Try Again brings the form back filled in.
    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page.getByLabel("Email Address")).toHaveValue(email);

    const mail = (await outbox(demoUrl, email)).at(-1)!;
    await page.goto(`${linked.url}/reset-password?token=${encodeURIComponent(mail.token!)}`);
    await expect(
      page.getByText("A reset link works once, and only for a limited time", { exact: false }),
    ).toBeVisible();
    await phoneShot(page, testInfo, "reset-password");
    await page.getByLabel("New Password", { exact: true }).fill("Member-New-77");
    await page.getByLabel("Confirm New Password").fill("Member-New-77");
    await page.getByRole("button", { name: "Reset Password" }).click();

    await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
    await expect(page.locator("main").getByText(RESET_SUCCESS, { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the mobile app" })).toHaveAttribute(
      "href",
      APP_LINKS.IOS_APP_URL,
    );
    await expect(page.getByRole("link", { name: "Sign in to the Admin Dashboard" })).toHaveAttribute("href", "/login");
    await phoneShot(page, testInfo, "reset-password-done");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
  });

  test("a member who signs in gets a page that explains the panel and points to the app", async ({
    page,
    linked,
  }, testInfo) => {
    await page.goto(`${linked.url}/login`);
    await phoneShot(page, testInfo, "login");
    await page.getByLabel("Email").fill("member@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Member12345");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { name: "This panel is for administrators" })).toBeVisible();
    // The server's words as the error toast (spec 8); the page itself explains, outside the shell.
    await expect(page.getByTestId("toast-message")).toHaveText("Access denied. Admins only.");
    await expect(page.getByTestId("toast")).toHaveAttribute("data-type", "error");
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Open the mobile app" })).toHaveAttribute(
      "href",
      APP_LINKS.IOS_APP_URL,
    );
    await phoneShot(page, testInfo, "login-member");
    await page.getByRole("link", { name: "Sign in with another account" }).click();
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  });
});

test.describe("reset links checked early", () => {
  test("a used link switches to 'Invalid Reset Link' with 'Request New Reset Link'", async ({
    page,
    demoUrl,
  }, testInfo) => {
    const email = await member(demoUrl, slot(testInfo, 1));
    await page.goto("/forgot-password");
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    const resetPath = `/reset-password?token=${encodeURIComponent((await outbox(demoUrl, email)).at(-1)!.token!)}`;

    for (const password of ["First-Pass-11", "Second-Pass-22"]) {
      await page.goto(resetPath);
      await page.getByLabel("New Password", { exact: true }).fill(password);
      await page.getByLabel("Confirm New Password").fill(password);
      await page.getByRole("button", { name: "Reset Password" }).click();
    }
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await expect(page.getByTestId("toast-message")).toHaveText("Invalid or expired reset token");
    await phoneShot(page, testInfo, "reset-password-invalid");
    await page.getByRole("link", { name: "Request New Reset Link" }).click();
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  });
});

test.describe("nothing typed is lost", () => {
  test("emails stay on the form over the rate limit (sign-in, forgot password, account deletion)", async ({
    page,
    limited,
  }, testInfo) => {
    const forms = [
      { path: "/login", field: "Email", button: "Login", password: true, name: "login-429" },
      { path: "/forgot-password", field: "Email Address", button: "Send Reset Link", name: "forgot-password-429" },
      { path: "/delete-account", field: "Email", button: "Get Security Key", name: "delete-account-429" },
    ];
    for (const form of forms) {
      const email = `typed.${form.name}.${testInfo.project.name}@example.com`;
      await page.goto(`${limited.url}${form.path}`);
      // The limit is 1 a minute (1 failure for sign-in): the second attempt at the latest is refused.
      for (let attempt = 0; attempt < 3; attempt++) {
        await page.getByLabel(form.field, { exact: true }).fill(email);
        if (form.password) await page.getByLabel("Password", { exact: true }).fill("wrong-password");
        await page.getByRole("button", { name: form.button }).click();
        const answered = page
          .locator("main")
          .getByText(/Too many attempts|Check Your Email|Verify Key|Invalid email or password|User not found/)
          .first();
        await expect(answered).toBeVisible();
        if (
          await page
            .locator("main")
            .getByText(/Too many attempts/)
            .isVisible()
        )
          break;
        if (form.path !== "/login") await page.goto(`${limited.url}${form.path}`);
      }
      await expect(page.locator("main").getByText(/Too many attempts\. Please wait \d+ seconds/)).toBeVisible();
      await expect(page.getByLabel(form.field, { exact: true })).toHaveValue(email);
      await phoneShot(page, testInfo, form.name);
    }
  });
});

test.describe("account deletion", () => {
  test("a wrong key stays in its field; the deletion returns to a cleared step 1 with a lasting notice", async ({
    page,
    demoUrl,
  }, testInfo) => {
    const email = await member(demoUrl, slot(testInfo, 2));
    await page.goto("/delete-account");
    await phoneShot(page, testInfo, "delete-account");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Get Security Key" }).click();
    await expect(page.getByRole("button", { name: "Verify Key" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    expect(page.url()).not.toContain(encodeURIComponent(email));
    await phoneShot(page, testInfo, "delete-account-key");

    const key = (await outbox(demoUrl, email)).at(-1)!.securityKey!;
    const wrongKey = key === "123456" ? "654321" : "123456";
    const keyField = page.getByLabel("Security Key");
    await keyField.fill(wrongKey);
    await page.getByRole("button", { name: "Verify Key" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("Invalid security key");
    await expect(keyField).toHaveValue(wrongKey);
    await expect(keyField).toBeFocused();
    if (usesJavaScript(testInfo)) {
      // Selected: typing replaces it.
      expect(await keyField.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([
        0,
        wrongKey.length,
      ]);
    }
    await phoneShot(page, testInfo, "delete-account-wrong-key");

    await keyField.fill(key);
    await page.getByRole("button", { name: "Verify Key" }).click();
    // Step 1 with cleared fields (spec 2.7), and a notice above it that outlasts the toast.
    const removed = page.locator("main").getByRole("status").filter({ hasText: "have been removed" });
    await expect(page.getByTestId("toast-message")).toHaveText("Your account has been deleted successfully");
    await expect(page.getByTestId("toast")).toHaveAttribute("data-type", "success");
    await expect(page).toHaveURL(/\/delete-account$/);
    await expect(page.getByRole("button", { name: "Get Security Key" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(removed).toContainText(email);
    await phoneShot(page, testInfo, "delete-account-done");
    await page.reload();
    await expect(removed).toContainText(email);
    await expect(page.getByRole("button", { name: "Get Security Key" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");
  });
});

test.describe("session expiry explained", () => {
  test("an admin whose upstream session expired is told so and lands back on the page after signing in", async ({
    page,
    demoUrl,
  }, testInfo) => {
    await startSession(page);
    await injectFault(demoUrl, { method: "GET", path: "/posts", status: 401, times: 1 });
    await page.goto("/posts?search=a");
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByText("Your session has expired. Please sign in again.")).toBeVisible();
    await phoneShot(page, testInfo, "login-session-expired");
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Admin12345");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/posts\?search=a$/);
  });
});
