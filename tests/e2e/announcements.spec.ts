// The announcements screen in Chromium, with JavaScript (project "js") and without ("no-js").
// Every test starts from a fresh seed (28 announcements: 22 active, 4 pinned, 2 dated today;
// 10 per page, so 3 pages); the reset also ends the demo sessions, so each test starts a session after it.
// What the list's HTML says (tiles, badges, actions, the pagination's window, markup as text):
// tests/integration/announcements.test.ts; what the form says before it is sent:
// tests/unit/form-checks.test.tsx. Here: the journeys through the screen.
import type { Locator, Page, TestInfo } from "@playwright/test";

import { holdCalls, injectFault, resetDemo } from "../support/demo-hooks";
import { startSession } from "./auth-helpers";
import { brokenImages } from "./image-helpers";
import { expect, test } from "./fixtures";

function usesJavaScript(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

test.beforeEach(async ({ page, demoUrl }) => {
  await resetDemo(demoUrl);
  await startSession(page);
});

function row(page: Page, title: string): Locator {
  return page.getByTestId("announcement-row").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

function tile(page: Page, key: "total" | "active" | "pinned" | "today"): Locator {
  return page.getByTestId(`stat-${key}`).locator("dd");
}

function toast(page: Page): Locator {
  return page.getByTestId("toast-message");
}

async function pageLinks(page: Page): Promise<string[]> {
  return page
    .getByRole("navigation", { name: "Pagination" })
    .getByRole("link", { name: /^Page \d+$/ })
    .allInnerTexts();
}

test.describe("the list", () => {
  test("pagination: a window of page links, Previous and Next, and 'Showing X to Y of Z'", async ({ page }) => {
    await page.goto("/announcements");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByText("Showing 1 to 10 of 28 announcements")).toBeVisible();
    expect(await pageLinks(page)).toEqual(["1", "2", "3"]);
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);

    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/announcements\?page=2$/);
    await expect(pagination.getByText("Showing 11 to 20 of 28 announcements")).toBeVisible();

    await pagination.getByRole("link", { name: "Page 3" }).click();
    await expect(page).toHaveURL(/\/announcements\?page=3$/);
    await expect(pagination.getByText("Showing 21 to 28 of 28 announcements")).toBeVisible();
    await expect(page.getByTestId("announcement-row")).toHaveCount(8);
    expect(await pageLinks(page)).toEqual(["1", "2", "3"]);
    await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);
    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/announcements\?page=2$/);
  });

  test("search narrows the list, keeps the term in the URL and has its own empty state", async ({ page }) => {
    await page.goto("/announcements?page=2");
    const search = page.getByRole("searchbox", { name: "Search announcements" });
    await search.fill("town hall");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/announcements\?search=town\+hall$/);
    await expect(page.getByTestId("announcement-row")).toHaveCount(2);
    await expect(row(page, "Town hall meeting")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);

    await search.fill("no such announcement");
    await search.press("Enter");
    await expect(page).toHaveURL(/search=no\+such\+announcement/);
    await expect(page.getByRole("heading", { name: "No Announcements Found" })).toBeVisible();
    await expect(page.getByText("No announcements match your search criteria.")).toBeVisible();
  });

  test("shows a spinner while another page loads", { tag: "@js-only" }, async ({ page, demoUrl }) => {
    // JavaScript only (the no-js project leaves @js-only out): client navigations need JavaScript.
    await page.goto("/announcements");
    await expect(page.getByTestId("announcement-row")).toHaveCount(10);
    const held = await holdCalls(demoUrl, { method: "GET", path: "/announcements", times: 1 });
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await held.arrived();
    await expect(page.getByRole("status").filter({ hasText: "Loading announcements" })).toBeVisible();
    await held.release();
    await expect(page.getByText("Showing 11 to 20 of 28 announcements")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading announcements" })).toHaveCount(0);
  });
});

test.describe("the form", () => {
  test("create: Cancel closes the form; a failed save keeps what was typed, and the same form then creates", async ({
    page,
    demoUrl,
  }) => {
    await page.goto("/announcements?page=2");
    await page.getByRole("link", { name: "Create Announcement" }).click();
    await expect(page).toHaveURL(/\/announcements\?page=2&new$/);
    const dialog = page.getByRole("dialog", { name: "Create Announcement" });
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/announcements\?page=2$/);

    await page.getByRole("link", { name: "Create Announcement" }).click();
    const title = dialog.getByLabel("Title");
    const description = dialog.getByLabel("Description");
    const date = dialog.getByLabel("Date");
    const active = dialog.getByRole("switch", { name: "Active Status" });
    await title.fill("Quiet hours");
    await description.fill("From 10 pm.");
    await date.fill("2099-05-01T22:00");
    await active.click();
    await expect(dialog.getByText("Announcement is hidden")).toBeVisible();
    await expect(dialog.getByTestId("status-preview").getByText("Inactive")).toBeVisible();

    await injectFault(demoUrl, {
      method: "POST",
      path: "/announcements",
      status: 500,
      times: 1,
      body: "<html><body>Internal Server Error</body></html>",
    });
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(toast(page)).toHaveText("Failed to create announcement");
    await expect(dialog).toBeVisible();
    await expect(title).toHaveValue("Quiet hours");
    await expect(description).toHaveValue("From 10 pm.");
    await expect(date).toHaveValue("2099-05-01T22:00");
    await expect(active).not.toBeChecked();

    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(toast(page)).toHaveText("Announcement created successfully");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/announcements\?page=2$/);
    await expect(tile(page, "active")).toHaveText("22");
    await expect(tile(page, "total")).toHaveText("29");
    await page.goto("/announcements");
    await expect(row(page, "Quiet hours").getByText("Inactive", { exact: true })).toBeVisible();
  });

  test("edit: the form starts from the announcement and saves the change", async ({ page }) => {
    await page.goto("/announcements");
    const target = row(page, "Today: new members onboarding");
    await target.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/announcements\?edit=\d+$/);
    const dialog = page.getByRole("dialog", { name: "Edit Announcement" });
    await expect(dialog.getByLabel("Title")).toHaveValue("Today: new members onboarding");
    await expect(dialog.getByLabel("Description")).toHaveValue("Happening today. Join from the app.");
    await expect(dialog.getByLabel("Date")).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await expect(dialog.getByRole("switch", { name: "Active Status" })).toBeChecked();
    await expect(dialog.getByRole("switch", { name: "Pinned Status" })).not.toBeChecked();

    await dialog.getByLabel("Title").fill("Onboarding moved to Thursday");
    await dialog.getByRole("button", { name: "Update", exact: true }).click();
    await expect(toast(page)).toHaveText("Announcement updated successfully");
    await expect(dialog).toHaveCount(0);
    await expect(row(page, "Onboarding moved to Thursday")).toBeVisible();
    await expect(row(page, "Today: new members onboarding")).toHaveCount(0);
  });

  test("delete: asks first, Cancel keeps it, Delete removes it", async ({ page }) => {
    await page.goto("/announcements");
    const target = row(page, "Today: community call at 6 pm");
    await target.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Announcement" });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText("Are you sure you want to delete this announcement? This action cannot be undone."),
    ).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(target).toBeVisible();

    await target.getByRole("link", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Announcement deleted successfully");
    await expect(page).toHaveURL(/\/announcements$/);
    await expect(target).toHaveCount(0);
    await expect(tile(page, "total")).toHaveText("27");
    await expect(tile(page, "today")).toHaveText("1");
  });
});

test.describe("an old confirmation", () => {
  test("Back after a delete shows the announcement is gone and offers no Delete", async ({ page }, testInfo) => {
    await page.goto("/announcements");
    const target = row(page, "Today: community call at 6 pm");
    await target.getByRole("link", { name: "Delete" }).click();
    await expect(page).toHaveURL(/confirm=delete&id=\d+/);
    const confirmation = page.url();
    await page
      .getByRole("alertdialog", { name: "Delete Announcement" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(toast(page)).toHaveText("Announcement deleted successfully");
    await expect(target).toHaveCount(0);

    // Without JavaScript, Back brings the confirmation's URL back; with it, the finished action has
    // replaced that history entry, so the old URL comes back as a link or a reload would bring it.
    if (usesJavaScript(testInfo)) await page.goto(confirmation);
    else await page.goBack();
    await expect(page).toHaveURL(confirmation);
    const dialog = page.getByRole("dialog", { name: "Delete Announcement" });
    await expect(dialog.getByText("Announcement not found")).toBeVisible();
    await expect(dialog.getByRole("button")).toHaveCount(0);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("the toggles", () => {
  test("deactivate and unpin, and a second submission of the same form changes nothing", async ({ page, context }) => {
    await page.goto("/announcements");
    // Two more tabs with the same, soon stale, forms: their buttons post the same wanted state again.
    const staleStatus = await context.newPage();
    await staleStatus.goto("/announcements");
    const stalePinned = await context.newPage();
    await stalePinned.goto("/announcements");

    const target = row(page, "Scheduled maintenance");
    await target.getByRole("button", { name: "Deactivate" }).click();
    await expect(toast(page)).toHaveText("Status updated successfully");
    await expect(target.getByText("Inactive", { exact: true })).toBeVisible();
    await expect(target.getByRole("button", { name: "Activate" })).toBeVisible();
    await expect(tile(page, "active")).toHaveText("21");

    await target.getByRole("button", { name: "Unpin" }).click();
    await expect(toast(page)).toHaveText("Pinned status updated successfully");
    await expect(tile(page, "pinned")).toHaveText("3");
    // No longer pinned, it sorts by its date: the oldest, so the last row of page 3.
    await expect(row(page, "Scheduled maintenance")).toHaveCount(0);

    // The stale tabs still offer Deactivate and Unpin: posting them again keeps the new state and
    // says it was already so, as every stale row action does (issue 24).
    await row(staleStatus, "Scheduled maintenance").getByRole("button", { name: "Deactivate" }).click();
    await expect(toast(staleStatus)).toHaveText("Announcement Scheduled maintenance is already inactive");
    await expect(tile(staleStatus, "active")).toHaveText("21");
    await row(stalePinned, "Scheduled maintenance").getByRole("button", { name: "Unpin" }).click();
    await expect(toast(stalePinned)).toHaveText("Announcement Scheduled maintenance is not pinned");
    await expect(tile(stalePinned, "pinned")).toHaveText("3");

    await page.goto("/announcements?page=3");
    const moved = row(page, "Scheduled maintenance");
    await expect(moved.getByText("Inactive", { exact: true })).toBeVisible();
    await expect(moved.getByText("Pinned", { exact: true })).toHaveCount(0);
    await expect(moved.getByRole("button", { name: "Activate" })).toBeVisible();
    await expect(moved.getByRole("button", { name: /^Pin / })).toBeVisible();
  });

  test("activate and pin, keeping the list's page", async ({ page }) => {
    await page.goto("/announcements?page=3");
    const target = row(page, "New citizenship badge rules");
    await expect(target.getByText("Active", { exact: true })).toBeVisible();
    await target.getByRole("button", { name: /^Pin / }).click();
    await expect(toast(page)).toHaveText("Pinned status updated successfully");
    // Pinned announcements come first, so it moves to page 1.
    await expect(page).toHaveURL(/\/announcements\?page=3$/);
    await expect(tile(page, "pinned")).toHaveText("5");
    await page.goto("/announcements");
    const pinned = row(page, "New citizenship badge rules");
    await expect(pinned.getByText("Pinned", { exact: true })).toBeVisible();

    const inactive = row(page, "Membership price changes (follow-up)");
    await inactive.getByRole("button", { name: "Activate" }).click();
    await expect(toast(page)).toHaveText("Status updated successfully");
    await expect(row(page, "Membership price changes (follow-up)").getByText("Active", { exact: true })).toBeVisible();
    await expect(tile(page, "active")).toHaveText("23");
  });
});

test.describe("thumbnails", () => {
  test("a thumbnail whose link fails shows no broken image or alt text", async ({ page }) => {
    await page.route("**/files/announcements/**", (route) => route.fulfill({ status: 404, body: "gone" }));
    await page.goto("/announcements");
    await expect(page.getByTestId("announcement-thumbnail").first()).toBeAttached();
    expect(await brokenImages(page)).toEqual([]);
  });
});
