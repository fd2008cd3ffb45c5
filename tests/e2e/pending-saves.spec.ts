// Issue 25, "nothing saves silently": while a form's save is on its way (the demo API holds the
// call until the test releases it), nothing closes it (Cancel, Escape, the ✕), so the admin always sees its outcome: the
// toast and the screen reloaded with what was saved. Without JavaScript the browser keeps the
// page until the answer comes, and the outcome page shows the same.
import type { Locator, Page } from "@playwright/test";

import { findDemoUser } from "../support/demo-data";
import { type HeldCalls, holdCalls, outbox, resetDemo } from "../support/demo-hooks";
import { startSession, waitForShellHydration } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ page, demoUrl }) => {
  await resetDemo(demoUrl);
  await startSession(page);
});

const toast = (page: Page) => page.getByTestId("toast-message");

/**
 * Clicks `submit`, and with JavaScript checks the save's pending state while the demo API holds
 * the call (`held`): the submit button says `pendingLabel` and is disabled, and Cancel, Escape and
 * the dialog's ✕ (when there is one) leave `form` where it is. Then lets the call go.
 */
async function submitAndTryToLeave(
  page: Page,
  held: HeldCalls,
  {
    form,
    submit,
    pendingLabel,
    closeButton,
  }: { form: Locator; submit: Locator; pendingLabel: string; closeButton: boolean },
) {
  // Without JavaScript the click returns once the answer's page loads: after the release.
  const clicked = submit.click();
  await held.arrived();
  if (test.info().project.use.javaScriptEnabled !== false) {
    const pending = form.getByRole("button", { name: pendingLabel });
    await expect(pending).toBeDisabled();
    const cancel = form.getByRole("link", { name: "Cancel" });
    const close = form.getByRole("link", { name: "Close" });
    // A click that reaches the link (a script, an assistive tool, a quick hand) leaves the form open.
    await cancel.dispatchEvent("click");
    await page.keyboard.press("Escape");
    if (closeButton) await close.dispatchEvent("click");
    await expect(pending).toBeVisible();
    await expect(cancel).toHaveAttribute("aria-disabled", "true");
    if (closeButton) await expect(close).toHaveAttribute("aria-disabled", "true");
  }
  await held.release();
  await clicked;
}

test("a pending announcement stays open until it is created, then the list and Total show it", async ({
  page,
  demoUrl,
}) => {
  const held = await holdCalls(demoUrl, { method: "POST", path: "/announcements", times: 1 });
  await page.goto("/announcements?new");
  await waitForShellHydration(page);
  const total = page.getByTestId("stat-total").locator("dd");
  await expect(total).toHaveText("28");
  const dialog = page.getByRole("dialog", { name: "Create Announcement" });
  await dialog.getByLabel("Title").fill("Saved while waiting");
  await dialog.getByLabel("Description").fill("Nobody left before the answer.");
  await dialog.getByLabel("Date").fill("2099-05-01T22:00");

  await submitAndTryToLeave(page, held, {
    form: dialog,
    submit: dialog.getByRole("button", { name: "Create", exact: true }),
    pendingLabel: "Creating...",
    closeButton: true,
  });

  await expect(toast(page)).toHaveText("Announcement created successfully");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Saved while waiting", exact: true })).toBeVisible();
  await expect(total).toHaveText("29");
});

test("a pending push stays open until it is sent, then says so", async ({ page, demoUrl }) => {
  const user = await findDemoUser(demoUrl, (candidate) => candidate.devicesCount > 0 && Boolean(candidate.email));
  const held = await holdCalls(demoUrl, { method: "POST", path: "/fcm/send-notification-to-user", times: 1 });
  await page.goto(`/users/${user.id}?notify=1`);
  await waitForShellHydration(page);
  const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
  await dialog.getByLabel("Title").fill("Waited for");
  await dialog.getByLabel("Message").fill("The admin saw this one go.");

  await submitAndTryToLeave(page, held, {
    form: dialog,
    submit: dialog.getByRole("button", { name: "Send Notification" }),
    pendingLabel: "Sending...",
    closeButton: true,
  });

  await expect(toast(page)).toHaveText("Notification sent successfully");
  await expect(dialog).toHaveCount(0);
  const pushes = (await outbox(demoUrl, user.email)).filter((message) => message.kind === "push");
  expect(pushes.map((message) => message.subject)).toContain("Waited for");
});

test("a pending plan stays on its form until it is created, then the list shows it", async ({ page, demoUrl }) => {
  const held = await holdCalls(demoUrl, { method: "POST", path: "/membership-plan/create", times: 1 });
  await page.goto("/memberships/create");
  await waitForShellHydration(page);
  await page.getByLabel("Tier Name").fill("Patience");
  await page.getByLabel("Price").fill("7");
  await page.getByLabel("Description").fill("Created while the admin waited.");
  const form = page.locator("form", { has: page.getByLabel("Tier Name") });

  await submitAndTryToLeave(page, held, {
    form,
    submit: form.getByRole("button", { name: "Create Membership Tier" }),
    pendingLabel: "Creating...",
    closeButton: false,
  });

  await expect(toast(page)).toHaveText("Membership created successfully");
  await expect(page).toHaveURL(/\/memberships$/);
  await expect(
    page.getByRole("row").filter({ has: page.getByRole("link", { name: "Patience", exact: true }) }),
  ).toBeVisible();
});
