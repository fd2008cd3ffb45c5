// Issue 25, "answers mapped to what happened", in the browser with and without JavaScript: one
// case per kind (a success without a message, a 5xx's own message, an errors array on a public
// page and in the push dialog, an upload failure's reason). With JavaScript the answers come
// through fetches and action data; without it through form posts and redirects.
import type { Page } from "@playwright/test";

import { injectFault, outbox, recordedRequests } from "../support/demo-hooks";
import { startSession, waitForShellHydration } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { openList } from "./list-helpers";

/** A small valid PNG (1 × 1 pixel). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const toasts = (page: Page) => page.getByTestId("toast-message");

test("a success without a message shows the spec's text, and the post is gone", async ({ page, demoUrl }) => {
  await startSession(page);
  await openList(page, "/posts?search=%2333");
  await injectFault(demoUrl, { method: "DELETE", path: "/posts/33", status: 200, body: {}, times: 1, afterCall: true });
  await page.getByRole("link", { name: /Delete post Book club/ }).click();
  await page.getByRole("alertdialog", { name: "Delete Post" }).getByRole("button", { name: "Delete" }).click();
  await expect(toasts(page)).toHaveText(["Post deleted successfully"]);
  await expect(page.getByText("No posts match your search criteria.")).toBeVisible();
  const calls = await recordedRequests(demoUrl, "/posts/33");
  expect(calls.map((call) => `${call.method} ${call.status}`)).toEqual(["DELETE 200"]);
});

test("a 5xx with the API's own message shows that message; the dialog keeps what was typed", async ({
  page,
  demoUrl,
}) => {
  await startSession(page);
  await injectFault(demoUrl, {
    method: "POST",
    path: "/fcm/send-notification-to-user",
    status: 500,
    body: { message: "Push service is down" },
    times: 1,
  });
  await openList(page, "/users/5?notify=1");
  const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
  await dialog.getByLabel("Title").fill("Kept title");
  await dialog.getByLabel("Message").fill("Kept message");
  await dialog.getByRole("button", { name: "Send Notification" }).click();
  await expect(toasts(page)).toHaveText(["Push service is down"]);
  await expect(dialog.getByLabel("Title")).toHaveValue("Kept title");
  await expect(dialog.getByLabel("Message")).toHaveValue("Kept message");
  expect(await outbox(demoUrl, "member@example.com")).toEqual([]);
});

test("an errors array on the login page is one toast per entry, each on its field", async ({ page, demoUrl }) => {
  await injectFault(demoUrl, {
    method: "POST",
    path: "/auth/signin",
    status: 400,
    times: 1,
    body: {
      message: "Validation failed",
      errors: [
        { field: "body.email", message: "Email domain not allowed" },
        { field: "body.password", message: "Password expired" },
      ],
    },
  });
  await page.goto("/login");
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Admin12345");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(toasts(page)).toHaveText(["email: Email domain not allowed", "password: Password expired"]);
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription(/Email domain not allowed/);
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/Password expired/);
});

test("the push dialog puts the upstream's body.body on its Message field", async ({ page, demoUrl }) => {
  await startSession(page);
  await injectFault(demoUrl, {
    method: "POST",
    path: "/fcm/send-notification-to-user",
    status: 400,
    times: 1,
    body: { message: "Validation failed", errors: [{ field: "body.body", message: "Message contains a banned word" }] },
  });
  await openList(page, "/users/5?notify=1");
  const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
  await dialog.getByLabel("Title").fill("Hello");
  await dialog.getByLabel("Message").fill("Darn");
  await dialog.getByRole("button", { name: "Send Notification" }).click();
  await expect(toasts(page)).toHaveText(["body: Message contains a banned word"]);
  await expect(dialog.getByLabel("Message")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Message")).toHaveAccessibleDescription("Message contains a banned word");
  await expect(dialog.getByLabel("Title")).not.toHaveAttribute("aria-invalid", "true");
});

test("an upload failure says the server's reason", async ({ page, demoUrl, javaScriptEnabled }) => {
  await startSession(page);
  await page.goto("/memberships/create");
  await waitForShellHydration(page);
  await page.getByLabel("Tier Name").fill("Still here");
  await injectFault(demoUrl, {
    method: "POST",
    path: "/file/generate-upload-url/admin",
    status: 500,
    body: { message: "Storage backend down" },
    times: 1,
  });
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel("Tier Icon/Image").click();
  await (await chooser).setFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  // With JavaScript the browser asks for the upload URL at once; without it the form is posted.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Create Membership Tier" }).click();
  const widget = page.getByTestId("image-upload");
  await expect(widget).toHaveAttribute("data-state", "error");
  await expect(widget.getByText("Upload failed: Storage backend down")).toBeVisible();
  await expect(page.getByLabel("Tier Name")).toHaveValue("Still here");
});
