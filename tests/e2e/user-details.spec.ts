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

test.describe("user details", () => {
  test("shows every field", async ({ page }) => {
    await openList(page, "/users/5");
    await expect(page.getByRole("heading", { name: "User Details", level: 1 })).toBeVisible();
    await expect(page.getByText("View user information and invitees")).toBeVisible();
    const info = page.getByRole("region", { name: "User information" });
    for (const [label, value] of [
      ["Full Name", "Mia Member"],
      ["Email", "member@example.com"],
      ["Phone", "+1 555 0105"],
      ["Country", "United States"],
      ["Date of Birth", "Jun 14, 1992"],
      ["Status", "Verified"],
      ["Push Notifications", "2 device(s) registered"],
    ] as const) {
      await expect(info.locator("div", { has: page.getByText(label, { exact: true }) }).last()).toContainText(value);
    }
  });

  test("shows the fallbacks", async ({ page, demoUrl }) => {
    const anonymous = await pick(
      demoUrl,
      (user) => !user.fullName && !user.phone && !user.country && user.devicesCount === 0,
    );
    await openList(page, `/users/${anonymous.id}`);
    const info = page.getByRole("region", { name: "User information" });
    await expect(info.getByText("Not provided")).toHaveCount(4);
    await expect(info.getByText("Date of Birth")).toHaveCount(0);
    await expect(info.getByText("No devices registered")).toBeVisible();
    await expect(info.getByText(anonymous.email).first()).toBeVisible();
  });

  test("shows 'User not found' with Go Back to the same list", async ({ page, demoUrl }) => {
    await openList(page, LIST);
    const details = page
      .getByRole("table")
      .getByRole("link", { name: /^View / })
      .first();
    const id = new URL((await details.getAttribute("href"))!, "http://panel.invalid").pathname.split("/").pop()!;
    // The user is gone by the time the link is followed.
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

  test("Back returns to the same list, with its filters, search and page", async ({ page }) => {
    await openList(page, LIST);
    await page
      .getByRole("table")
      .getByRole("link", { name: /^View / })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "User Details", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(LIST_URL);
    await expect(page.getByRole("searchbox")).toHaveValue("example");
  });
});

test.describe("push notification", () => {
  test("asks for both title and message", async ({ page, demoUrl }) => {
    await openList(page, "/users/5");
    await page.getByRole("link", { name: "Send Push Notification" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/notify=1/);
    await dialog.getByLabel("Title").fill("Only a title");
    await dialog.getByRole("button", { name: "Send Notification" }).click();
    await expect(dialog.getByText("Please fill in both title and message")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveValue("Only a title");
    await dialog.getByLabel("Title").fill("   ");
    await dialog.getByLabel("Message").fill("Only a message");
    await dialog.getByRole("button", { name: "Send Notification" }).click();
    await expect(dialog.getByText("Please fill in both title and message")).toBeVisible();
    expect(await recordedRequests(demoUrl, "/fcm")).toEqual([]);
  });

  test("sends and closes", async ({ page, demoUrl }) => {
    await openList(page, "/users/5?status=pending");
    await page.getByRole("link", { name: "Send Push Notification" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
    await dialog.getByLabel("Title").fill("  Meetup tonight ");
    await dialog.getByLabel("Message").fill(" See you at 6 pm ");
    await dialog.getByRole("button", { name: "Send Notification" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("Notification sent successfully");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/users\/5\?status=pending$/);
    const pushes = (await outbox(demoUrl, "member@example.com")).filter((message) => message.kind === "push");
    expect(pushes).toMatchObject([{ subject: "Meetup tonight", text: "See you at 6 pm" }]);
  });

  test("keeps what was typed when sending fails", async ({ page, demoUrl }) => {
    await injectFault(demoUrl, {
      method: "POST",
      path: "/fcm/send-notification-to-user",
      status: 500,
      body: "<html><body>Internal Server Error</body></html>",
    });
    await openList(page, "/users/5?notify=1");
    const dialog = page.getByRole("dialog", { name: "Send Push Notification" });
    await dialog.getByLabel("Title").fill("Kept title");
    await dialog.getByLabel("Message").fill("Kept message");
    await dialog.getByRole("button", { name: "Send Notification" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("Failed to send notification");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveValue("Kept title");
    await expect(dialog.getByLabel("Message")).toHaveValue("Kept message");
  });

  test("Cancel closes the dialog", async ({ page }) => {
    await openList(page, "/users/5?notify=1");
    await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/users\/5$/);
  });
});

test.describe("invitees", () => {
  test("lists, filters and searches the invitees in the URL", async ({ page, javaScriptEnabled }) => {
    await openList(page, "/users/5");
    await expect(page.getByRole("heading", { name: "Invitees (8)" })).toBeVisible();
    const rows = tableRows(page, "Invitees");
    await expect(rows).toHaveCount(8);
    for (const status of ["Pending", "Approved", "Expired", "Rejected"]) {
      await expect(rows.filter({ hasText: status })).toHaveCount(2);
    }
    for (const header of ["Email", "Status", "Invite Date"]) {
      await expect(
        page.getByRole("table", { name: "Invitees" }).getByRole("columnheader", { name: header }),
      ).toBeVisible();
    }

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

  test("says when a user invited nobody", async ({ page, demoUrl }) => {
    const user = await pick(demoUrl, (candidate) => candidate.id > 5 && candidate.id % 9 !== 0);
    await openList(page, `/users/${user.id}`);
    await expect(page.getByRole("heading", { name: "Invitees (0)" })).toBeVisible();
    await expect(page.getByText("No Invitees Found")).toBeVisible();
    await expect(page.getByText("This user hasn't sent any invitations yet.")).toBeVisible();
  });
});

test.describe("invites of a user", () => {
  test("shows the invites with status filter and search in the URL", async ({ page, javaScriptEnabled }) => {
    await openList(page, "/users/view-invites/5");
    await expect(page.getByRole("heading", { name: "Invites of Mia Member" })).toBeVisible();
    await expect(page.getByText("Manage user invitations and their status")).toBeVisible();
    const rows = tableRows(page, "Invites of Mia Member");
    await expect(rows).toHaveCount(8);
    // Expired is not one of this screen's badges: it shows as raw text.
    await expect(rows.filter({ hasText: "expired" })).toHaveCount(2);

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

  test("says when a user sent no invites, and shows the error text", async ({ page, demoUrl }) => {
    const user = await pick(demoUrl, (candidate) => candidate.id > 5 && candidate.id % 9 !== 0);
    await openList(page, `/users/view-invites/${user.id}`);
    await expect(page.getByText("This user hasn't sent any invites yet.")).toBeVisible();
    await openList(page, "/users/view-invites/99999");
    await expect(page.getByText("Some error occurred while fetching data")).toBeVisible();
  });

  test("goes back to the same list, with its filters, search and page", async ({ page }) => {
    await openList(page, LIST);
    await page.getByRole("link", { name: "View Invites" }).first().click();
    await expect(page).toHaveURL(/\/users\/view-invites\/\d+\?back=/);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    // With JavaScript: back in history; without: the link to the list the row's link named.
    await expect(page).toHaveURL(LIST_URL);
  });

  test("goes to /users when opened without history", async ({ page }) => {
    await openList(page, "/users/view-invites/5");
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/users");
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
