// The sessions page (docs/product.md#sessions) in a real browser, with JavaScript and without:
// "Sign out all other sessions" in one browser, and the other browser's next navigation lands on
// sign-in. The rest (the list's columns, one session's Sign out, the audit entries, two
// instances) is checked over HTTP in tests/integration/sessions.test.ts.
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
