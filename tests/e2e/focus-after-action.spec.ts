// Where the keyboard user is after a confirmed action. With JavaScript the page is not reloaded:
// focus goes back to the control that started the action, or, when the action removed or replaced
// it, to the control now in its place (the next row's, the row's new one) or the screen's heading;
// never to <body>. Without JavaScript the answer is a new page, and focus starts at its top as the
// browser does on any page load: the first Tab reaches the page's first control.
import type { Locator, Page, TestInfo } from "@playwright/test";

import { confirmAhead, startSession, waitForShellHydration } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { openBeforeHydration } from "./hydration-helpers";
import { resetDemo } from "../support/demo-hooks";
import { findDemoUser } from "../support/demo-data";

const usesJavaScript = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/** Activates `control` with the keyboard: focus, then Enter. */
async function press(control: Locator) {
  await control.focus();
  await control.press("Enter");
}

/** Opens a confirmation with the keyboard, confirms it, and waits for the success toast. */
async function confirmWith(page: Page, opener: Locator, confirmLabel: string, toast: string) {
  await press(opener);
  const dialog = page.getByRole("alertdialog");
  await press(dialog.getByRole("button", { name: confirmLabel, exact: true }));
  await expect(page.getByTestId("toast-message").filter({ hasText: toast })).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/** What the first Tab from the top of the page reaches, named as a screen reader would say it. */
async function firstTabStop(page: Page): Promise<string> {
  await page.keyboard.press("Tab");
  return page.evaluate(() => {
    const active = document.activeElement;
    return active && active !== document.body
      ? `${active.tagName} ${active.getAttribute("aria-label") ?? active.textContent}`
      : "";
  });
}

/**
 * With JavaScript, `expected` has focus. Without, the answer is a reloaded page: focus is at its
 * top, the first Tab reaches its toast's Dismiss (decision 066), and the next what the first
 * reaches on any load of that page.
 */
async function expectFocus(page: Page, testInfo: TestInfo, expected: Locator) {
  if (usesJavaScript(testInfo)) {
    await expect(expected).toBeFocused();
    return;
  }
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  expect(await firstTabStop(page)).toBe("BUTTON Dismiss");
  const afterAction = await firstTabStop(page);
  expect(afterAction).not.toBe("");
  await page.goto(page.url());
  expect(await firstTabStop(page)).toBe(afterAction);
}

const accessibleName = (control: Locator) => control.getAttribute("aria-label").then((name) => name ?? "");

/**
 * Opens a screen; with JavaScript, waits until it has hydrated: an action taken before that is a
 * plain form post, whose answer is a new page with focus at its top, as without JavaScript.
 */
async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForShellHydration(page);
}

/** A user with a name whom Verify User applies to: email verified, not verified by an admin yet. */
function verifiableUser(demoUrl: string) {
  return findDemoUser(
    demoUrl,
    (candidate) => Boolean(candidate.fullName) && candidate.isEmailVerified && candidate.status !== "verified",
  );
}

test.beforeEach(async ({ page, demoUrl }) => {
  await resetDemo(demoUrl);
  await startSession(page);
});

test("post delete: focus moves to the next post's control", async ({ page }, testInfo) => {
  await open(page, "/posts");
  const deletes = page.getByRole("link", { name: /^Delete post / });
  const next = await accessibleName(deletes.nth(1));
  await confirmWith(page, deletes.first(), "Delete", "Post deleted successfully");
  await expectFocus(page, testInfo, page.getByRole("link", { name: next, exact: true }));
});

test("the only post deleted: focus moves to the list's heading", async ({ page }, testInfo) => {
  await open(page, "/posts?search=%2332");
  const deletes = page.getByRole("link", { name: /^Delete post / });
  await expect(deletes).toHaveCount(1);
  await confirmWith(page, deletes.first(), "Delete", "Post deleted successfully");
  await expectFocus(page, testInfo, page.getByRole("heading", { level: 1 }));
});

for (const [action, toast] of [
  ["Approve", "Badge request approved"],
  ["Reject", "Badge request rejected"],
] as const) {
  test(`badge ${action.toLowerCase()}: focus moves to the next request's ${action}`, async ({ page }, testInfo) => {
    await open(page, "/badge-requests");
    const openers = page.getByRole("link", { name: new RegExp(`^${action} `) });
    const next = await accessibleName(openers.nth(1));
    await confirmWith(page, openers.first(), action, toast);
    await expectFocus(page, testInfo, page.getByRole("link", { name: next, exact: true }));
  });
}

test("announcement delete: focus moves to the next announcement's Delete", async ({ page }, testInfo) => {
  await open(page, "/announcements");
  const deletes = page.getByRole("link", { name: /^Delete / });
  const next = await accessibleName(deletes.nth(1));
  await confirmWith(page, deletes.first(), "Delete", "Announcement deleted successfully");
  await expectFocus(page, testInfo, page.getByRole("link", { name: next, exact: true }));
});

test("announcement status toggle: focus stays on the row's toggle", async ({ page }, testInfo) => {
  await open(page, "/announcements");
  const toggle = page.getByRole("button", { name: /^Deactivate / }).first();
  const item = (await accessibleName(toggle)).replace(/^Deactivate /, "");
  await press(toggle);
  await expect(page.getByTestId("toast-message").first()).toBeVisible();
  await expectFocus(page, testInfo, page.getByRole("button", { name: `Activate ${item}`, exact: true }));
});

test("plan delete: focus moves to the next plan's Delete Membership", async ({ page }, testInfo) => {
  // A plan deletion asks for a re-authentication (decision 080): confirmed ahead here.
  await confirmAhead(page);
  await open(page, "/memberships");
  const deletes = page.getByRole("link", { name: /^Delete Membership / });
  const next = await accessibleName(deletes.nth(1));
  await confirmWith(page, deletes.first(), "Delete", "Membership deleted successfully");
  await expectFocus(page, testInfo, page.getByRole("link", { name: next, exact: true }));
});

test("Verify User: focus stays in the row, on the now dimmed Verify User", async ({ page, demoUrl }, testInfo) => {
  const user = await verifiableUser(demoUrl);
  await open(page, `/users?search=${encodeURIComponent(user.email)}`);
  const row = page.getByRole("table", { name: "Users" }).locator("tbody tr").filter({ hasText: user.email });
  if (usesJavaScript(testInfo)) {
    page.once("dialog", (dialog) => void dialog.accept());
    await press(row.getByRole("link", { name: /^Verify User/ }));
    await expect(page.getByTestId("toast-message")).toHaveText("User verified successfully");
  } else {
    await confirmWith(page, row.getByRole("link", { name: /^Verify User/ }), "Verify", "User verified successfully");
  }
  await expectFocus(page, testInfo, row.getByRole("button", { name: /^Verify User/ }));
});

test("Verify User focused before the page hydrated: focus stays on the now dimmed Verify User", async ({
  page,
  demoUrl,
}, testInfo) => {
  const user = await verifiableUser(demoUrl);
  const code = await openBeforeHydration(
    page,
    `/users?search=${encodeURIComponent(user.email)}`,
    usesJavaScript(testInfo),
  );
  const row = page.getByRole("table", { name: "Users" }).locator("tbody tr").filter({ hasText: user.email });
  // A keyboard user reaches the action while the page's script is still on its way.
  await row.getByRole("link", { name: /^Verify User/ }).focus();
  await code.release();
  if (usesJavaScript(testInfo)) {
    await waitForShellHydration(page);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("toast-message")).toHaveText("User verified successfully");
  } else {
    await page.keyboard.press("Enter");
    await page.getByRole("alertdialog").getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("User verified successfully");
  }
  await expectFocus(page, testInfo, row.getByRole("button", { name: /^Verify User/ }));
});

test("Send Notification: focus goes back to Send Push Notification", async ({ page }, testInfo) => {
  await open(page, "/users/5");
  const opener = page.getByRole("link", { name: "Send Push Notification" });
  await press(opener);
  const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
  await dialog.getByLabel("Title").fill("Focus check");
  await dialog.getByLabel("Message").fill("Where does focus go?");
  await press(dialog.getByRole("button", { name: "Send Notification" }));
  await expect(page.getByTestId("toast-message").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expectFocus(page, testInfo, opener);
});

test("Send Notification from the dialog's own address: focus goes to Send Push Notification", async ({
  page,
}, testInfo) => {
  // A reload, a shared link, or the page first drawn without JavaScript: focus starts in the dialog.
  await open(page, "/users/5?notify=1");
  const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
  await dialog.getByLabel("Title").fill("Focus check");
  await dialog.getByLabel("Message").fill("Where does focus go?");
  await press(dialog.getByRole("button", { name: "Send Notification" }));
  await expect(page.getByTestId("toast-message").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expectFocus(page, testInfo, page.getByRole("link", { name: "Send Push Notification" }));
});

// Already right before decision 042, and kept by it: the row stays, and so does focus.
test("ban and plan deactivate: focus stays in the row", async ({ page }, testInfo) => {
  await open(page, "/users");
  const ban = page.getByRole("link", { name: /^Ban User / }).first();
  const user = (await accessibleName(ban)).replace(/^Ban User /, "");
  await confirmWith(page, ban, "Ban", "User banned successfully");
  await expectFocus(page, testInfo, page.getByRole("link", { name: `Un-Ban User ${user}`, exact: true }));

  await open(page, "/memberships");
  const deactivate = page.getByRole("link", { name: /^Deactivate / }).first();
  const plan = (await accessibleName(deactivate)).replace(/^Deactivate /, "");
  await confirmWith(page, deactivate, "Deactivate", "Membership status updated successfully");
  await expectFocus(page, testInfo, page.getByRole("link", { name: `Activate ${plan}`, exact: true }));
});
