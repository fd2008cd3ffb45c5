// Issue 14 in a real browser, with and without JavaScript: a double click sends once, a pending
// dialog stays until its outcome shows, Back never sends again, and a confirmation that no longer
// applies says so instead of offering its button. Issue 23: a change answered too late says its
// outcome is unknown.
import { findDemoUser } from "../support/demo-data";
import { holdCalls, outbox, recordedRequests } from "../support/demo-hooks";
import { startSession, waitForShellHydration } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await startSession(page);
});

const toast = (page: import("@playwright/test").Page) => page.getByTestId("toast-message");

test("a double click on Delete deletes the post once and toasts the success", async ({ page, demoUrl }) => {
  const held = await holdCalls(demoUrl, { method: "DELETE", path: "/posts/30", times: 1 });
  await page.goto("/posts?confirm=delete&id=30");

  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).dblclick();
  // Both clicks happen while the first one's deletion is in flight (held upstream).
  await held.arrived();
  await held.release();

  await expect(toast(page)).toHaveText("Post deleted successfully");
  const deletes = (await recordedRequests(demoUrl, "/posts/30")).filter((call) => call.method === "DELETE");
  expect(deletes).toHaveLength(1);
});

test("a double click on Approve sends one approval", async ({ page, demoUrl }) => {
  const user = await findDemoUser(demoUrl, (candidate) => candidate.badgeRequestStatus === 1);
  const held = await holdCalls(demoUrl, { method: "POST", path: `/users/badges/${user.id}`, times: 1 });
  await page.goto(`/badge-requests?confirm=approve&id=${user.id}`);

  await page.getByRole("alertdialog").getByRole("button", { name: "Approve" }).dblclick();
  await held.arrived();
  await held.release();

  await expect(toast(page)).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  expect(await recordedRequests(demoUrl, `/users/badges/${user.id}`)).toHaveLength(1);
});

test("a double click on Send Notification delivers one push", async ({ page, demoUrl }) => {
  const user = await findDemoUser(demoUrl, (candidate) => candidate.devicesCount > 0 && Boolean(candidate.email));
  const pushes = async () => (await outbox(demoUrl, user.email)).filter((message) => message.kind === "push").length;
  const before = await pushes();
  const held = await holdCalls(demoUrl, { method: "POST", path: "/fcm/send-notification-to-user", times: 1 });
  await page.goto(`/users/${user.id}?notify=1`);
  const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
  await dialog.getByLabel("Title").fill("Once");
  await dialog.getByLabel("Message").fill("Only once");

  await dialog.getByRole("button", { name: "Send Notification" }).dblclick();
  await held.arrived();
  await held.release();

  await expect(toast(page)).toHaveText("Notification sent successfully");
  expect((await pushes()) - before).toBe(1);
});

test("a pending confirmation stays until its outcome shows, and Back never sends again", async ({
  page,
  demoUrl,
  javaScriptEnabled,
}) => {
  const held = await holdCalls(demoUrl, { method: "DELETE", path: "/posts/29", times: 1 });
  await page.goto("/posts");
  await page.goto("/posts?confirm=delete&id=29");
  await waitForShellHydration(page);
  const dialog = page.getByRole("alertdialog");

  // Without JavaScript the click returns once the answer's page loads: after the release.
  const clicked = dialog.getByRole("button", { name: "Delete" }).click();
  await held.arrived();
  if (javaScriptEnabled) {
    // Without JavaScript the browser keeps the page until the answer comes: nothing to close.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Cancel" })).toHaveAttribute("aria-disabled", "true");
  }
  await held.release();
  await clicked;
  await expect(toast(page)).toHaveText("Post deleted successfully");
  await expect(dialog).toHaveCount(0);

  await page.goBack();
  // Whatever Back shows (the list with JavaScript, the old confirmation page without), confirming
  // from it sends nothing: the key was spent and the post is gone.
  const stale = page.getByRole("alertdialog").getByRole("button", { name: "Delete" });
  if (await stale.isVisible()) await stale.click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  const deletes = (await recordedRequests(demoUrl, "/posts/29")).filter((call) => call.method === "DELETE");
  expect(deletes).toHaveLength(1);
});

test("a delete the upstream answers too late says it may have happened, not that it failed", async ({
  page,
  demoUrl,
}) => {
  // The demo API holds the delete until the panel has given up on it (its UPSTREAM_TIMEOUT_MS).
  const held = await holdCalls(demoUrl, { method: "DELETE", path: "/posts/28", times: 1 });
  await page.goto("/posts?confirm=delete&id=28");
  await waitForShellHydration(page);

  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();

  await expect(toast(page)).toHaveText(
    "No answer from the server in time: the request to delete the post was sent and may have gone through. Reload to check before trying again.",
    { timeout: 20_000 },
  );
  // A warning, not an error: the delete may have happened.
  await expect(page.getByTestId("toast")).toHaveAttribute("data-type", "warning");
  // It does go through: the demo API carries the delete out (and records it) once released.
  expect(await held.release()).toBe(1);
  const deletes = (await recordedRequests(demoUrl, "/posts/28")).filter((call) => call.method === "DELETE");
  expect(deletes.map((call) => call.status)).toEqual([200]);
});

// A confirmation that no longer applies states the item's state instead of its button: the
// server's HTML, tests/integration/mutations-recipe.test.ts.
test(
  "opening and cancelling dialogs leaves no history behind, so Back leaves the screen",
  { tag: "@js-only" },
  async ({ page }) => {
    // JavaScript only (the no-js project leaves @js-only out): without JavaScript every link is a new history entry; the browser decides.
    await page.goto("/");
    await page.goto("/posts");
    // The links replace history once JavaScript runs: wait until it does (the shell marks the document).
    await expect(page.locator("html")).toHaveAttribute("data-sidebar-shortcut", "on");
    const deleteLink = page.getByRole("link", { name: /^Delete post/ }).first();
    const dialog = page.getByRole("alertdialog");

    await deleteLink.click();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await deleteLink.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/posts$/);

    await page.goBack();

    await expect(page).toHaveURL(/\/$/);
  },
);
