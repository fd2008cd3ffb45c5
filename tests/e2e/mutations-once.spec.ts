// Issue 14 in a real browser, with and without JavaScript: a double click sends once, a pending
// dialog stays until its outcome shows, Back never sends again, and a confirmation that no longer
// applies says so instead of offering its button. Issue 23: a change answered too late says its
// outcome is unknown.
import { findDemoUser } from "../support/demo-data";
import { injectFault, outbox, recordedRequests } from "../support/demo-hooks";
import { startSession, waitForShellHydration } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await startSession(page);
});

const toast = (page: import("@playwright/test").Page) => page.getByTestId("toast-message");

test("a double click on Delete deletes the post once and toasts the success", async ({ page, demoUrl }) => {
  await injectFault(demoUrl, { method: "DELETE", path: "/posts/30", delayMs: 400 });
  await page.goto("/posts?confirm=delete&id=30");

  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).dblclick();

  await expect(toast(page)).toHaveText("Post deleted successfully");
  const deletes = (await recordedRequests(demoUrl, "/posts/30")).filter((call) => call.method === "DELETE");
  expect(deletes).toHaveLength(1);
});

test("a double click on Approve sends one approval", async ({ page, demoUrl }) => {
  const user = await findDemoUser(demoUrl, (candidate) => candidate.badgeRequestStatus === 1);
  await injectFault(demoUrl, { method: "POST", path: `/users/badges/${user.id}`, delayMs: 400 });
  await page.goto(`/badge-requests?confirm=approve&id=${user.id}`);

  await page.getByRole("alertdialog").getByRole("button", { name: "Approve" }).dblclick();

  await expect(toast(page)).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  expect(await recordedRequests(demoUrl, `/users/badges/${user.id}`)).toHaveLength(1);
});

test("a double click on Send Notification delivers one push", async ({ page, demoUrl }) => {
  const user = await findDemoUser(demoUrl, (candidate) => candidate.devicesCount > 0 && Boolean(candidate.email));
  const pushes = async () => (await outbox(demoUrl, user.email)).filter((message) => message.kind === "push").length;
  const before = await pushes();
  await injectFault(demoUrl, { method: "POST", path: "/fcm/send-notification-to-user", delayMs: 400 });
  await page.goto(`/users/${user.id}?notify=1`);
  const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
  await dialog.getByLabel("Title").fill("Once");
  await dialog.getByLabel("Message").fill("Only once");

  await dialog.getByRole("button", { name: "Send Notification" }).dblclick();

  await expect(toast(page)).toHaveText("Notification sent successfully");
  expect((await pushes()) - before).toBe(1);
});

test("a pending confirmation stays until its outcome shows, and Back never sends again", async ({
  page,
  demoUrl,
  javaScriptEnabled,
}) => {
  await injectFault(demoUrl, { method: "DELETE", path: "/posts/29", delayMs: 1500 });
  await page.goto("/posts");
  await page.goto("/posts?confirm=delete&id=29");
  await waitForShellHydration(page);
  const dialog = page.getByRole("alertdialog");

  await dialog.getByRole("button", { name: "Delete" }).click();
  if (javaScriptEnabled) {
    // Without JavaScript the browser keeps the page until the answer comes: nothing to close.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Cancel" })).toHaveAttribute("aria-disabled", "true");
  }
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
  // The panel gives up after 10 s (UPSTREAM_TIMEOUT_MS); the demo API deletes after 15 s.
  await injectFault(demoUrl, { method: "DELETE", path: "/posts/28", delayMs: 15_000, times: 1 });
  await page.goto("/posts?confirm=delete&id=28");
  await waitForShellHydration(page);

  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();

  await expect(toast(page)).toHaveText(
    "No answer from the server in time: the request to delete post was sent and may have gone through. Reload to check before trying again.",
    { timeout: 20_000 },
  );
  // It did go through: the demo API answers (and records) the delete once its delay is over.
  await expect
    .poll(
      async () => (await recordedRequests(demoUrl, "/posts/28")).filter((call) => call.method === "DELETE").length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);
});

test("a confirmation that no longer applies shows the current state instead of its button", async ({
  page,
  demoUrl,
}) => {
  const user = await findDemoUser(demoUrl, (candidate) => candidate.status === "verified" && candidate.role === "user");
  const name = user.fullName?.trim() || user.email;
  await page.goto(`/users?search=${encodeURIComponent(user.email)}&confirm=verify&id=${user.id}`);

  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`User ${name} is already verified`);
  // Only the dialog: the row's own Verify User stays focusable, disabled and described by its reason.
  await expect(dialog.getByRole("button", { name: "Verify" })).toHaveCount(0);
  expect(await recordedRequests(demoUrl, `/users/verify/${user.id}`)).toEqual([]);
});

test("opening and cancelling dialogs leaves no history behind, so Back leaves the screen", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript every link is a new history entry; the browser decides");
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
});
