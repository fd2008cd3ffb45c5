// The keyboard alone: every action is reached with Tab and used with Enter or Space, the focus
// ring shows, form errors are tied to their fields, and with JavaScript dialogs keep focus
// inside and give it back when they close.
import type { Locator, Page, TestInfo } from "@playwright/test";

import { injectFault } from "../support/demo-hooks";
import { startSession, waitForShellHydration } from "./auth-helpers";
import { expect, test } from "./fixtures";

function usesJavaScript(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

const focused = (page: Page) => page.locator(":focus");

/** Presses Tab until `target` has focus (or fails after `max` presses). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let presses = 0; presses < max; presses++) {
    if ((await target.and(focused(page)).count()) > 0) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** The focused control shows a ring: an outline, or the box-shadow ring of a text field. */
async function expectFocusRing(page: Page) {
  const textField = page.locator("input:not([type=checkbox]):focus, textarea:focus, select:focus");
  if ((await textField.count()) > 0) await expect(textField).toHaveCSS("box-shadow", /rgb/);
  else await expect(focused(page)).toHaveCSS("outline-style", /solid|auto/);
}

test("signs in with the keyboard alone; errors are tied to their fields", async ({ page }) => {
  await page.goto("/login");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password", { exact: true });
  await tabTo(page, email);
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(email).toHaveAccessibleDescription("Email is required");
  await expect(password).toHaveAccessibleDescription("Password is required");

  await tabTo(page, email);
  await page.keyboard.type("admin@example.com");
  await tabTo(page, password);
  await page.keyboard.type("Admin12345");
  await tabTo(page, page.getByRole("button", { name: "Login" }));
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("every control Tab reaches on the users screen shows a focus ring", async ({ page }) => {
  await startSession(page);
  await page.goto("/users");
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  for (let presses = 0; presses < 25; presses++) {
    await page.keyboard.press("Tab");
    await expectFocusRing(page);
  }
});

test("a toast's Dismiss is the page's first tab stop, and takes no focus by itself", async ({ page }) => {
  await startSession(page);
  await page.goto("/users");
  const banLink = page.getByRole("link", { name: /^Ban User / }).first();
  const id = new URL((await banLink.getAttribute("href"))!, page.url()).searchParams.get("id")!;
  // A ban answered with its toast, then the page that shows it, loaded whole in both projects: a
  // keyboard user starts at its top (the answer without JavaScript, or a reload of it).
  const answer = await page.request.post("/users", { form: { intent: "ban", id }, maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  await page.goto("/users");
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("User banned successfully");
  const dismiss = toast.getByRole("button", { name: "Dismiss" });
  await expect(dismiss).not.toBeFocused();

  await page.keyboard.press("Tab");
  await expect(dismiss).toBeFocused();
  await expectFocusRing(page);
  // Focused, its clock waits (app.css): Enter closes it.
  await page.keyboard.press("Enter");
  await expect(toast).toBeHidden();
});

test("bans a user through the confirmation dialog with the keyboard alone", async ({ page }, testInfo) => {
  await startSession(page);
  await page.goto("/users");
  const banLinks = page.getByRole("link", { name: /^Ban User / });
  const before = await banLinks.count();
  const opener = banLinks.first();
  await tabTo(page, opener, 80);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  const cancel = dialog.getByRole("link", { name: "Cancel" });
  const confirm = dialog.getByRole("button", { name: "Ban" });

  // Focus lands in the dialog, with or without JavaScript (autofocus).
  await expect(dialog).toBeFocused();
  if (usesJavaScript(testInfo)) {
    // Tab and Shift+Tab go round inside (the saved-message picker first, then the ban's fields: its
    // duration, reason and message, docs/product.md#bans-with-an-end), Escape gives focus back to
    // the link that opened it.
    await page.keyboard.press("Shift+Tab");
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("combobox", { name: "Saved message" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(cancel).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
  }

  await tabTo(page, confirm);
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(banLinks).toHaveCount(before - 1);
});

test("the push notification dialog by keyboard: its error is tied to the fields, focus stays inside", async ({
  page,
}, testInfo) => {
  await startSession(page);
  await page.goto("/users/5");
  const opener = page.getByRole("link", { name: "Send Push Notification" });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
  await expect(dialog).toBeVisible();
  const title = dialog.getByLabel("Title");
  await tabTo(page, title);
  await page.keyboard.press("Enter");
  await expect(title).toHaveAccessibleDescription("Please fill in both title and message");
  await expect(dialog.getByLabel("Message")).toHaveAccessibleDescription("Please fill in both title and message");

  if (usesJavaScript(testInfo)) {
    // Title, Message, Cancel, Send Notification and Close: ten presses go round twice.
    for (let presses = 0; presses < 10; presses++) {
      await page.keyboard.press("Tab");
      await expect(dialog.locator(":focus")).toHaveCount(1);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  } else {
    await tabTo(page, dialog.getByRole("link", { name: "Cancel" }));
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
  }
});

test("a dialog's toasts are in its round of Tab, first", { tag: "@js-only" }, async ({ page, demoUrl }) => {
  // JavaScript only (the no-js project leaves @js-only out): without JavaScript the dialog is not modal: its toasts are the page's first tab stop (above).
  await injectFault(demoUrl, {
    method: "POST",
    path: "/fcm/send-notification-to-user",
    status: 400,
    body: { message: "Validation failed", errors: [{ field: "body.title", message: "Title is too long" }] },
  });
  await startSession(page);
  await page.goto("/users/5?notify=1");
  await waitForShellHydration(page);
  const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
  await dialog.getByLabel("Title").fill("Maintenance tonight");
  await dialog.getByLabel("Message").fill("The app is down from 22:00 to 23:00.");
  const send = dialog.getByRole("button", { name: "Send Notification" });
  await send.focus();
  await page.keyboard.press("Enter");
  const dismiss = page.getByTestId("toast").getByRole("button", { name: "Dismiss" });
  await expect(dismiss).toBeVisible();

  // From the dialog's last control, Tab goes round to the toast first, then into the panel.
  await send.focus();
  await page.keyboard.press("Tab");
  await expect(dismiss).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press("Tab");
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Shift+Tab");
  await expect(dismiss).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("toast")).toBeHidden();
  await expect(dialog).toBeVisible();
});

test("the tier form ties each error to its field", async ({ page }) => {
  await startSession(page);
  await page.goto("/memberships/create");
  await tabTo(page, page.getByRole("button", { name: "Create Membership Tier" }), 60);
  await page.keyboard.press("Enter");
  const nameError = page.locator("[data-field-error]").first();
  await expect(nameError).toBeVisible();
  await expect(page.getByLabel("Tier Name")).toHaveAccessibleDescription((await nameError.textContent()) ?? "");
});
