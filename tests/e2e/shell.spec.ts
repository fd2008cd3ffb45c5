import { openDashboard } from "./auth-helpers";
import { expect, test } from "./fixtures";

// What the shell's HTML says (the brand, the seven entries, the user menu, the active entry on every
// screen): tests/integration/auth.test.ts. Here: what it does.
test.describe("admin shell", () => {
  test.beforeEach(async ({ page }) => {
    await openDashboard(page);
  });

  test("remembers a collapsed sidebar across a reload", async ({ page, context }) => {
    const shell = page.locator("[data-sidebar-state]");
    await expect(shell).toHaveAttribute("data-sidebar-state", "expanded");
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect(shell).toHaveAttribute("data-sidebar-state", "collapsed");
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "sidebar_state")?.value)
      .toBe("false");
    await page.reload();
    await expect(shell).toHaveAttribute("data-sidebar-state", "collapsed");
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await expect(shell).toHaveAttribute("data-sidebar-state", "expanded");
  });

  test("opens and closes the mobile sheet at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    // Closed, the sheet is hidden from the accessibility tree: found by its markup.
    const sidebar = page.locator('aside[aria-label="Sidebar"]');
    await expect(sidebar).not.toBeInViewport();
    await page.locator("header label", { hasText: "Open sidebar" }).click();
    await expect(sidebar).toBeInViewport();
    await expect(sidebar.getByRole("link", { name: /Users/ })).toBeVisible();
    await sidebar.locator("label", { hasText: "Close sidebar" }).click();
    await expect(sidebar).not.toBeInViewport();
  });
});

test.describe("keyboard", () => {
  test("Ctrl+B toggles the sidebar", { tag: "@js-only" }, async ({ page }) => {
    // JavaScript only (the no-js project leaves @js-only out): a keyboard shortcut needs JavaScript.
    await openDashboard(page);
    const shell = page.locator("[data-sidebar-state]");
    await expect(page.locator("html")).toHaveAttribute("data-sidebar-shortcut", "on");
    await page.keyboard.press("Control+b");
    await expect(shell).toHaveAttribute("data-sidebar-state", "collapsed");
    await page.keyboard.press("Meta+b");
    await expect(shell).toHaveAttribute("data-sidebar-state", "expanded");
  });

  test("opens the mobile sheet from the keyboard and closes it again", async ({ page, javaScriptEnabled }) => {
    await openDashboard(page);
    await page.setViewportSize({ width: 375, height: 740 });
    // Closed, the sheet is hidden from the accessibility tree: found by its markup.
    const sidebar = page.locator('aside[aria-label="Sidebar"]');
    const opener = page.getByRole("checkbox", { name: "Open sidebar" });
    await opener.focus();
    await page.keyboard.press("Space");
    await expect(sidebar).toBeInViewport();
    // The next Tab stop is inside the sheet.
    await page.keyboard.press("Tab");
    await expect(sidebar.locator(":focus")).toHaveCount(1);
    if (javaScriptEnabled) {
      await page.keyboard.press("Escape");
    } else {
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Space");
    }
    await expect(sidebar).not.toBeInViewport();
    await expect(opener).toBeFocused();
  });
});

test.describe("user menu", () => {
  test("opens without JavaScript and closes as a menu does: Escape, a click outside, another page", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openDashboard(page);
    const menu = page.locator("details.user-menu");
    const button = menu.locator("summary");
    const sessions = page.getByRole("link", { name: "Sessions" });
    await button.click();
    await expect(sessions).toBeVisible();
    if (javaScriptEnabled) {
      await expect(page.locator("html")).toHaveAttribute("data-sidebar-shortcut", "on");
      await page.keyboard.press("Escape");
      await expect(sessions).toBeHidden();
      await expect(button).toBeFocused();
      await button.click();
      await page.getByRole("heading", { level: 1 }).click();
      await expect(sessions).toBeHidden();
      await button.click();
    }
    await sessions.click();
    await expect(page).toHaveURL(/\/account\/sessions$/);
    await expect(menu).not.toHaveAttribute("open");
  });
});
