// Staff notes and saved messages in a real browser, with JavaScript and without (docs/product.md#staff-notes,
// docs/product.md#saved-messages): a note added, edited and deleted on user details, and a saved
// message chosen in the citizenship queue's Reject and in the users list's Ban (at 390 px), then
// edited before sending. Permissions, the audit entries, both engines, user details' Ban and the
// bulk review page are checked over HTTP (tests/integration/staff-notes.test.ts,
// tests/integration/saved-messages.test.ts, tests/integration/saved-messages-ban.test.ts).
import { demoUsers } from "../support/demo-data";
import { recordedRequests } from "../support/demo-hooks";
import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";

test("a staff note: added, edited, deleted; newest first", async ({ page }) => {
  await startSession(page);
  // A member no other spec reads notes of; the project's name keeps js and no-js apart.
  const member = test.info().project.name === "js" ? 41 : 42;
  await page.goto(`/users/${member}`);
  const notes = page.getByRole("region", { name: /^Staff notes/ });

  const add = async (text: string) => {
    await notes.getByRole("link", { name: "Add note" }).click();
    await notes.getByRole("textbox", { name: "New note" }).fill(text);
    await notes.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("Note added");
    // Back to the list: the form closes.
    await expect(notes.getByRole("textbox", { name: "New note" })).toBeHidden();
  };
  await add("Called about the refund.");
  await add("Promised an answer by Friday.");
  await expect(notes.getByRole("heading")).toHaveText("Staff notes (2)");
  const list = notes.getByRole("list", { name: "Staff notes, newest first" });
  await expect(list.getByRole("listitem").first()).toContainText("Promised an answer by Friday.");

  await list.getByRole("listitem").nth(1).getByRole("link", { name: /^Edit/ }).click();
  const edit = notes.getByRole("textbox", { name: "Edit note" });
  await expect(edit).toHaveValue("Called about the refund.");
  await edit.fill("Called twice about the refund.");
  await notes.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByTestId("toast-message")).toHaveText("Note saved");
  await expect(list.getByRole("listitem").nth(1)).toContainText("Called twice about the refund.");
  await expect(list.getByRole("listitem").nth(1)).toContainText("Edited by admin@example.com");

  const newest = list.getByRole("listitem").first();
  await newest.getByRole("link", { name: /^Edit/ }).click();
  await newest.getByText("Delete…").click();
  await newest.getByRole("button", { name: "Delete note" }).click();
  await expect(page.getByTestId("toast-message")).toHaveText("Note deleted");
  await expect(notes.getByRole("heading")).toHaveText("Staff notes (1)");
  await expect(list.getByRole("listitem")).toHaveText([/Called twice about the refund\./]);
});

test("a saved message chosen for a rejection, edited, is what the member is sent", async ({ page, demoUrl }) => {
  await startSession(page);
  // One pending request per project (the demo's pending members are the ids ending in 9).
  const id = test.info().project.name === "js" ? "49" : "59";
  await page.goto(`/badge-requests/review/${id}`);
  await page.locator("summary", { hasText: "Reject…" }).click();
  await page.getByRole("combobox", { name: "Saved message" }).selectOption({ label: "Passport expired" });
  await page.getByRole("button", { name: "Use this message" }).click();

  const message = page.getByRole("textbox", { name: "Message to the member (optional)" });
  await expect(message).toHaveValue(/the passport you sent has expired/);
  const edited = "Your passport has expired: please apply again with the new one.";
  await message.fill(edited);
  await page.getByLabel("Reason").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Reject & next" }).click();
  await expect(page.getByTestId("toast-message")).toHaveText(/rejected/);

  const pushes = await recordedRequests(demoUrl, "/fcm/send-notification-to-user");
  expect(pushes.map((call) => (call.body as { body: string }).body)).toContain(edited);
});

test("a saved message chosen in a row's Ban, at 390 px, edited, is what the member is sent", async ({
  page,
  demoUrl,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startSession(page);
  // One member per project, from the end of the list (no other test of this file bans anyone).
  const members = (await demoUsers(demoUrl)).filter(
    (user) => user.role !== "admin" && !user.isBanned && user.devicesCount > 0,
  );
  const member = members.at(test.info().project.name === "js" ? -1 : -2)!;
  await page.goto(`/users?search=${encodeURIComponent(member.email)}`);
  await page.getByRole("link", { name: "Ban User" }).click();

  const dialog = page.getByRole("alertdialog", { name: /^Ban User/ });
  await dialog.getByRole("combobox", { name: "Saved message" }).selectOption({ label: "Spam" });
  await dialog.getByRole("button", { name: "Use this message" }).click();
  const message = dialog.getByRole("textbox", { name: "Message to the member (optional)" });
  await expect(message).toHaveValue("Your account has been banned for posting spam.");
  const edited = "Your account has been banned for posting spam, again and again.";
  await message.fill(edited);
  await dialog.getByRole("button", { name: "Ban", exact: true }).click();
  await expect(page.getByTestId("toast-message")).toHaveText(/banned successfully/);
  await expect(page).not.toHaveURL(/saved=/);

  const pushes = await recordedRequests(demoUrl, "/fcm/send-notification-to-user");
  expect(
    pushes.filter((call) => (call.body as { email: string }).email === member.email).map((call) => call.body),
  ).toEqual([{ email: member.email, title: "About your account", body: edited }]);
});
