// The behaviour behind issue 15's layout fixes, one focused test each: toasts, the mobile sheet,
// the user menu, the collapsed sidebar, tooltips and disabled reasons, and stacked table rows.
import type { Page } from "@playwright/test";

import { injectFault } from "../support/demo-hooks";
import { openDashboard, startSession, waitForShellHydration } from "./auth-helpers";
import { expect, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };

/** Starts a session and turns the page to a phone's size. */
async function startSessionOnPhone(page: Page) {
  await startSession(page);
  await page.setViewportSize(PHONE);
}

/** Syncs the plans, which answers with a success toast. */
async function showToast(page: Page) {
  await page.goto("/memberships");
  await page.getByRole("button", { name: "Sync" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toBeVisible();
  return toast;
}

test.describe("toasts", () => {
  test("are polite, close on their own after 5000 ms, and pause while hovered", async ({ page }) => {
    await startSession(page);
    const toast = await showToast(page);
    await expect(toast).toHaveAttribute("role", "status");
    // The CSS animation is the clock in both modes: read its timing instead of waiting for it.
    const timing = await toast.evaluate((element) => {
      const animation = element.getAnimations()[0]!;
      const { delay, duration } = animation.effect!.getComputedTiming();
      return { name: (animation as CSSAnimation).animationName, end: Number(delay) + Number(duration) };
    });
    expect(timing).toEqual({ name: "toast-expire", end: 5000 });

    await toast.hover();
    expect(await toast.evaluate((element) => element.getAnimations()[0]!.playState)).toBe("paused");
    await page.mouse.move(0, 0);
    expect(await toast.evaluate((element) => element.getAnimations()[0]!.playState)).toBe("running");

    // Skip to the end of its 5000 ms: it is gone.
    await toast.evaluate((element) => element.getAnimations()[0]!.finish());
    await expect(toast).toBeHidden();
  });

  test("sit at the top right, below a phone's top bar and its menu button", async ({ page }) => {
    await startSession(page);
    for (const size of [{ width: 1280, height: 720 }, PHONE]) {
      await page.setViewportSize(size);
      const toast = await showToast(page);
      const box = (await toast.boundingBox())!;
      expect(size.width - (box.x + box.width)).toBeLessThanOrEqual(16);
      if (size === PHONE) {
        const menuBox = (await page.locator("header label", { hasText: "Open sidebar" }).boundingBox())!;
        expect(box.y).toBeGreaterThan(menuBox.y + menuBox.height);
        expect(box.y).toBeLessThan(size.height / 4);
      } else {
        expect(box.y).toBeLessThanOrEqual(16);
      }
    }
  });

  for (const key of ["Enter", "Space"]) {
    test(`close with a Dismiss button that answers ${key}, and the page stays where it is`, async ({
      page,
      javaScriptEnabled,
    }) => {
      await startSession(page);
      await page.goto("/memberships");
      const heading = page.getByRole("heading", { level: 1 });
      const restingTop = (await heading.boundingBox())!.y;

      const toast = await showToast(page);
      const shownTop = (await heading.boundingBox())!.y;
      // With JavaScript the page stays; without it the answer is a new page, the toast over its room.
      if (javaScriptEnabled) expect(shownTop).toBe(restingTop);
      const dismiss = toast.getByRole("button", { name: "Dismiss" });
      await dismiss.focus();
      await expect(dismiss).toBeFocused();
      await page.keyboard.press(key);
      await expect(toast).toBeHidden();
      expect((await heading.boundingBox())!.y).toBe(shownTop);
    });
  }

  test("move nothing under the pointer when they show and when they go", async ({ page, javaScriptEnabled }) => {
    await startSession(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/announcements");
    // Where the rows are once the page has hydrated (the bulk selection's line changes as it does).
    await waitForShellHydration(page);
    // The selection's behaviour is a chunk loaded after hydration: the rows rest once it has come.
    if (javaScriptEnabled) await page.waitForLoadState("networkidle");
    if (javaScriptEnabled) await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    // A row in view at the top of the page, and one further down the list once it is scrolled.
    for (const [index, scrolled] of [
      [1, false],
      [6, true],
    ] as const) {
      const row = page.getByTestId("announcement-row").nth(index);
      if (scrolled) await row.scrollIntoViewIfNeeded();
      const top = async () => (await row.boundingBox())!.y;
      const resting = await top();
      const toggle = row.getByRole("button", { name: /^(Deactivate|Activate) / });
      const toast = page.getByTestId("toast");

      await toggle.click();
      await expect(toast).toBeVisible();
      // Without JavaScript the answer is a new page, which starts at its top.
      if (javaScriptEnabled) expect(await top(), `row ${index} as the toast shows`).toBe(resting);
      const shown = await top();

      // Its 5 seconds, skipped: it is gone, and the rows stay where they are.
      await toast.evaluate((element) => element.getAnimations()[0]!.finish());
      await expect(toast).toBeHidden();
      expect(await top(), `row ${index} as the toast goes`).toBe(shown);
    }
  });
});

test.describe("the audit table", () => {
  test("keeps its Batch column on screen at 1280 px, whatever the names", async ({ page }) => {
    await startSession(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    // A name without a place to break, as the audit names the item a create made.
    const title = "Community-wide_announcement_about_the_internationalisation_workshop_series_2026";
    const created = await page.request.post("/announcements", {
      form: { intent: "create", title, description: "Details follow.", date: "2026-02-01T09:30", isActive: "true" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    await page.goto("/audit");
    await expect(page.getByRole("cell", { name: `${title} (new announcement)` })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Batch" })).toBeInViewport({ ratio: 1 });
  });
});

test.describe("an open dialog", () => {
  test("lies above the page, with the toasts of its failed form above it, and their Dismiss answers", async ({
    page,
    demoUrl,
  }) => {
    await injectFault(demoUrl, {
      method: "POST",
      path: "/fcm/send-notification-to-user",
      status: 400,
      body: { message: "Validation failed", errors: [{ field: "body.title", message: "Title is too long" }] },
    });
    await startSession(page);
    await page.goto("/users/5?notify=1");
    const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
    await dialog.getByLabel("Title").fill("Maintenance tonight");
    await dialog.getByLabel("Message").fill("The app is down from 22:00 to 23:00.");
    await dialog.getByRole("button", { name: "Send Notification" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("title: Title is too long");

    // What shows at the toast's centre is the toast itself, not the dialog's backdrop; and the
    // page behind is out of reach while the dialog is open.
    const shownAtCentre = (element: Element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && element.contains(hit);
    };
    expect(await toast.evaluate(shownAtCentre)).toBe(true);
    expect(await page.getByRole("heading", { name: "User Details" }).evaluate(shownAtCentre)).toBe(false);
    await toast.getByRole("button", { name: "Dismiss" }).click();
    await expect(toast).toBeHidden();
    await expect(dialog).toBeVisible();
  });
});

test.describe("the mobile sheet", () => {
  test("is out of the tab order while closed", async ({ page }) => {
    await startSessionOnPhone(page);
    await page.goto("/users");
    // Hidden, it is out of the accessibility tree too: found by its markup, not its role.
    await expect(page.locator('aside[aria-label="Sidebar"]')).toHaveCSS("visibility", "hidden");
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("aside")))).toBe(false);
    }
  });

  test("Ctrl+B opens and closes it on a phone, focus follows, the desktop cookie stays", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await startSessionOnPhone(page);
    await page.goto("/users");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    if (!javaScriptEnabled) {
      // No shortcut without JavaScript; the menu button alone opens the sheet.
      await page.locator("header label", { hasText: "Open sidebar" }).click();
      await expect(sidebar).toBeInViewport({ ratio: 1 });
      return;
    }
    await expect(page.locator("html[data-sidebar-shortcut=on]")).toHaveCount(1);
    await page.keyboard.press("Control+b");
    await expect(sidebar).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("aside")))).toBe(true);
    await page.keyboard.press("Control+b");
    await expect(page.locator('aside[aria-label="Sidebar"]')).toHaveCSS("visibility", "hidden");
    await expect(page.getByRole("checkbox", { name: "Open sidebar" })).toBeFocused();
    const cookie = (await context.cookies()).find((entry) => entry.name === "sidebar_state");
    expect(cookie?.value).not.toBe("false");
    await expect(page.locator("[data-sidebar-state]")).toHaveAttribute("data-sidebar-state", "expanded");
  });
});

test.describe("the user menu", () => {
  test("closes on an outside click, on Escape and on navigation; without JavaScript it is a <details>", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openDashboard(page);
    const menu = page.locator("details", { hasText: "Administrator" });
    const summary = menu.locator("summary");
    await summary.click();
    await expect(menu).toHaveAttribute("open", "");
    if (!javaScriptEnabled) {
      await summary.click();
      await expect(menu).not.toHaveAttribute("open", "");
      return;
    }
    await page.getByRole("heading", { level: 1 }).first().click();
    await expect(menu).not.toHaveAttribute("open", "");
    await summary.click();
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(summary).toBeFocused();
    await summary.click();
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('nav a[href="/users"]')?.click());
    await expect(page).toHaveURL(/\/users$/);
    await expect(menu).not.toHaveAttribute("open", "");
  });
});

test.describe("the collapsed sidebar", () => {
  test("keeps the avatar round and whole and names its entries at once on focus", async ({
    page,
    context,
    baseURL,
  }) => {
    await startSession(page);
    await context.addCookies([{ name: "sidebar_state", value: "false", url: baseURL! }]);
    await page.goto("/");
    const avatar = page.locator("details summary > :first-child");
    const box = await avatar.boundingBox();
    expect(box!.width).toBe(32);
    expect(box!.height).toBe(32);
    const users = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Users/ });
    await expect(users).not.toHaveAttribute("title");
    await users.focus();
    await expect(page.locator("[data-tooltip]", { hasText: /^Users$/ })).toBeVisible();
  });
});

test.describe("disabled actions", () => {
  test("are reached by keyboard and described by their reason", async ({ page }) => {
    await startSession(page);
    await page.goto("/users");
    const unavailable = page.getByRole("button", { name: "Verify User" }).first();
    await unavailable.focus();
    await expect(unavailable).toBeFocused();
    await expect(unavailable).toHaveAttribute("aria-disabled", "true");
    await expect(unavailable).toHaveAccessibleDescription(/Awaiting Email Verification|User Verified/);
  });
});

test.describe("tables at 390 px", () => {
  test("show each row as a card: name first, its actions in the same card", async ({ page }) => {
    await startSessionOnPhone(page);
    await page.goto("/users");
    await waitForShellHydration(page);
    const row = page.locator("tbody tr").first();
    const cells = row.locator("td");
    // The three boxes in one look at the page, so no layout step falls between them.
    const [rowBox, nameBox, actionsBox] = await row.evaluate((tr: HTMLTableRowElement) =>
      [tr, tr.cells[1]!, tr.cells[tr.cells.length - 1]!].map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
    expect(rowBox!.width).toBeLessThanOrEqual(PHONE.width);
    // The name sits on the card's first line; the actions below it, inside the same card.
    expect(nameBox!.y).toBeLessThan(actionsBox!.y);
    expect(actionsBox!.y + actionsBox!.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height + 1);
    await expect(cells.last()).toHaveAttribute("data-label", "Actions");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

test.describe("row actions and confirmations", () => {
  test("show their label on hover and on keyboard focus, and only then", async ({ page }) => {
    await startSession(page);
    await page.goto("/users");
    const action = page.getByRole("link", { name: /^Ban User / }).first();
    const bubble = action.locator("xpath=following-sibling::*[@data-tooltip]");
    await expect(bubble).toHaveText("Ban User");
    await expect(bubble).toBeHidden();
    await action.hover();
    await expect(bubble).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(bubble).toBeHidden();
    await action.focus();
    await expect(bubble).toBeVisible();
  });

  test("name the item they act on", async ({ page }) => {
    await startSession(page);
    await page.goto("/memberships");
    // Each row's icon actions carry the plan's name, so a screen reader tells the rows apart.
    await expect(page.getByRole("link", { name: "Deactivate Premium Yearly" })).toHaveCount(1);
    await page.getByRole("link", { name: "Deactivate Premium", exact: true }).click();
    await expect(page.getByRole("alertdialog", { name: "Deactivate Membership" })).toContainText("“Premium”");

    await page.goto("/posts");
    const card = page.getByRole("article").first();
    const title = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("link", { name: `Delete post ${title}` }).click();
    await expect(page.getByRole("alertdialog", { name: "Delete Post" })).toContainText(`“${title}”`);
  });
});
