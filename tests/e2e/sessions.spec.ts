// The sessions page (docs/product.md#sessions) in a real browser, with JavaScript and without:
// "Sign out all other sessions" in one browser, and the other browser's next navigation lands on
// sign-in. The rest (the list's columns, one session's Sign out, the audit entries, two
// instances) is checked over HTTP in tests/integration/sessions.test.ts.
import { startRedis } from "../support/redis-server";
import { type RunningServer, startPanel, startStack } from "../support/servers";
import { startSession, waitForShellHydration } from "./auth-helpers";
import { expect, test } from "./fixtures";

// Another admin than the other specs' own: signing out all other sessions ends none of theirs.
const OPS = { email: "ops.admin@example.com", password: "Admin12345" };

test("Sign out all other sessions: the other browser's next navigation lands on sign-in", async ({ browser, page }) => {
  const other = await browser.newContext();
  try {
    const elsewhere = await other.newPage();
    await startSession(elsewhere, OPS);
    await elsewhere.goto("/users");
    await expect(elsewhere.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();

    await startSession(page, OPS);
    await page.goto("/");
    await waitForShellHydration(page);
    await page.getByText("Administrator").click();
    await page.getByRole("link", { name: "Sessions" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sessions" })).toBeVisible();
    const sessions = page.getByRole("list", { name: "Your sessions" });
    await expect(sessions.getByText("This session")).toBeVisible();
    await expect(sessions.getByRole("button", { name: /^Sign out / }).first()).toBeVisible();

    await page.getByRole("link", { name: "Sign out all other sessions" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Sign out all other sessions" });
    await dialog.getByRole("button", { name: "Sign out all" }).click();

    await expect(page.getByTestId("toast-message")).toHaveText(/^Signed out of \d+ other sessions?$/);
    await expect(dialog).toBeHidden();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Sign out all other sessions" })).toBeHidden();

    await elsewhere.goto("/posts");
    await expect(elsewhere).toHaveURL(/\/login\?redirectTo=%2Fposts&expired=1$/);
    await expect(elsewhere.getByText("Your session has expired. Please sign in again.")).toBeVisible();
  } finally {
    await other.close();
  }
});

// Two instances sharing one Redis, as several panels behind a proxy: the session ended on one is
// refused by the other at its next request (docs/operations.md#sessions).
const twoInstances = test.extend<object, { pair: { first: RunningServer; second: RunningServer } }>({
  pair: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, use) => {
      const redis = await startRedis();
      const stack = await startStack({ REDIS_URL: redis.url });
      const second = await startPanel(`${stack.demo.url}/api`, { REDIS_URL: redis.url });
      await use({ first: stack.panel, second });
      await second.stop();
      await stack.stop();
      await redis.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

twoInstances(
  "Sign out all other sessions on one instance: the other instance's next navigation lands on sign-in",
  async ({ browser, pair }) => {
    const here = await browser.newContext({ baseURL: pair.first.url });
    const there = await browser.newContext({ baseURL: pair.second.url });
    try {
      const elsewhere = await there.newPage();
      await startSession(elsewhere, OPS);
      await elsewhere.goto("/users");
      await expect(elsewhere.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();

      const page = await here.newPage();
      await startSession(page, OPS);
      await page.goto("/account/sessions");
      const sessions = page.getByRole("list", { name: "Your sessions" });
      // The index is shared: this instance lists the session opened on the other.
      await expect(sessions.getByRole("listitem")).toHaveCount(2);
      await page.getByRole("link", { name: "Sign out all other sessions" }).click();
      await page
        .getByRole("alertdialog", { name: "Sign out all other sessions" })
        .getByRole("button", { name: "Sign out all" })
        .click();
      await expect(page.getByTestId("toast-message")).toHaveText("Signed out of 1 other session");

      await elsewhere.goto("/posts");
      await expect(elsewhere).toHaveURL(/\/login\?redirectTo=%2Fposts&expired=1$/);
    } finally {
      await here.close();
      await there.close();
    }
  },
);
