import type { Page } from "@playwright/test";

import { injectFault, outbox, recordedRequests, resetDemo } from "../support/demo-hooks";
import { findDemoUser } from "../support/demo-data";
import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { applyFilters, openList, searchList } from "./list-helpers";

const pick = findDemoUser;

const search = searchList;

const tableRows = (page: Page, name: string | RegExp) => page.getByRole("table", { name }).locator("tbody tr");

/** A users list with a filter, a search and a page: what Back must return to. */
const LIST = "/users?citizenship=not-applied&search=example&page=2";
const LIST_URL = /\/users\?citizenship=not-applied&search=example&page=2$/;

test.beforeEach(async ({ page, demoUrl }) => {
  // Both projects may run this file in one worker: every test starts from the seed.
  await resetDemo(demoUrl);
  await startSession(page);
});

// What the details and invites screens show (every field, the fallbacks, the invitees table, the
// empty and error states, where Back leads): tests/integration/users.test.ts. The push dialog's
// form check: tests/unit/form-checks.test.tsx. Here: the journeys through them.
test.describe("user details", () => {
  test("Back returns to the same list, with its filters, search and page, also from a user gone since", async ({
    page,
    demoUrl,
  }) => {
    await openList(page, LIST);
    const details = page
      .getByRole("table")
      .getByRole("link", { name: /^View / })
      .first();
    await details.click();
    await expect(page.getByRole("heading", { name: "User Details", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(LIST_URL);
    await expect(page.getByRole("searchbox")).toHaveValue("example");

    // The user is gone by the time the link is followed.
    const id = new URL((await details.getAttribute("href"))!, "http://panel.invalid").pathname.split("/").pop()!;
    await injectFault(demoUrl, {
      method: "GET",
      path: `/users/${id}`,
      status: 404,
      body: { message: "User not found" },
    });
    await details.click();
    await expect(page.getByText("User not found or some error occurred while fetching data")).toBeVisible();
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL(LIST_URL);
  });
});

test.describe("push notification", () => {
  test("Cancel closes the dialog; a failed send keeps what was typed with the API's message; Send Notification then sends and closes it", async ({
    page,
    demoUrl,
  }) => {
    await openList(page, "/users/5?status=pending");
    await page.getByRole("link", { name: "Send Push Notification" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
    await expect(page).toHaveURL(/notify=1/);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/users\/5\?status=pending$/);

    await page.getByRole("link", { name: "Send Push Notification" }).click();
    await injectFault(demoUrl, {
      method: "POST",
      path: "/fcm/send-notification-to-user",
      status: 500,
      body: { message: "Push service is down" },
      times: 1,
    });
    await dialog.getByLabel("Title").fill("  Meetup tonight ");
    await dialog.getByLabel("Message").fill(" See you at 6 pm ");
    await dialog.getByRole("button", { name: "Send Notification" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText(["Push service is down"]);
    await expect(dialog.getByLabel("Title")).toHaveValue("  Meetup tonight ");
    await expect(dialog.getByLabel("Message")).toHaveValue(" See you at 6 pm ");
    expect(await outbox(demoUrl, "member@example.com")).toEqual([]);

    await dialog.getByRole("button", { name: "Send Notification" }).click();
    await expect(page.getByTestId("toast-message").filter({ hasText: "Notification sent successfully" })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/users\/5\?status=pending$/);
    const pushes = (await outbox(demoUrl, "member@example.com")).filter((message) => message.kind === "push");
    expect(pushes).toMatchObject([{ subject: "Meetup tonight", text: "See you at 6 pm" }]);
  });
});

test.describe("invitees", () => {
  test("lists, filters and searches the invitees in the URL", async ({ page, javaScriptEnabled }) => {
    await openList(page, "/users/5");
    const rows = tableRows(page, "Invitees");
    await expect(rows).toHaveCount(8);

    await page.getByLabel("Status").selectOption("approved");
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(/status=approved/);
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Invitees (8)" })).toBeVisible();

    await search(page, "Search invitees...", "friend3", javaScriptEnabled);
    await expect(page).toHaveURL(/status=approved/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(/Nov \d{1,2}, 2025|[A-Z][a-z]{2} \d{1,2}, \d{4}/);

    await search(page, "Search invitees...", "friend9", javaScriptEnabled);
    await expect(page.getByText("No Invitees Found")).toBeVisible();
    await expect(page.getByText("No invitees match your search criteria.")).toBeVisible();
  });
});

test.describe("invites of a user", () => {
  test("shows the invites with status filter and search in the URL", async ({ page, javaScriptEnabled }) => {
    await openList(page, "/users/view-invites/5");
    const rows = tableRows(page, "Invites of Mia Member");
    await expect(rows).toHaveCount(8);

    await page.getByLabel("Status").selectOption("rejected");
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(/status=rejected/);
    await expect(rows).toHaveCount(2);

    await page.getByLabel("Status").selectOption("");
    await applyFilters(page, javaScriptEnabled);
    await search(page, "Search invites...", "expired", javaScriptEnabled);
    await expect(rows).toHaveCount(2);

    await search(page, "Search invites...", "zzz", javaScriptEnabled);
    await expect(page.getByText("No Invites Found")).toBeVisible();
    await expect(page.getByText("No invites match your search criteria.")).toBeVisible();
  });

  test("goes back to the same list, with its filters, search and page", async ({ page }) => {
    await openList(page, LIST);
    await page.getByRole("link", { name: "View Invites" }).first().click();
    await expect(page).toHaveURL(/\/users\/view-invites\/\d+\?back=/);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    // With JavaScript: back in history; without: the link to the list the row's link named.
    await expect(page).toHaveURL(LIST_URL);
  });
});

test.describe("push to a user without devices", () => {
  test("disables Send Push Notification with the reason, and nothing opens", async ({ page, demoUrl }) => {
    const user = await pick(demoUrl, (candidate) => candidate.devicesCount === 0);
    await openList(page, `/users/${user.id}`);
    const push = page.getByRole("button", { name: "Send Push Notification" });
    await expect(push).toHaveAttribute("aria-disabled", "true");
    await expect(push).toHaveAccessibleDescription("No devices registered");
    await expect(page.getByRole("link", { name: "Send Push Notification" })).toHaveCount(0);
    // Focusable (the reason is read and shown on focus), and pressing it does nothing.
    await push.focus();
    await expect(push).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}$`));
    await expect(page.getByRole("dialog", { name: "Send Push Notification" })).toHaveCount(0);
    expect(await recordedRequests(demoUrl, "/fcm")).toEqual([]);
  });
});
