import type { Download, Page } from "@playwright/test";

import { holdCalls, injectFault, recordedRequests, resetDemo } from "../support/demo-hooks";
import { type DemoUser, findDemoUser } from "../support/demo-data";
import { startSession } from "./auth-helpers";
import { brokenImages } from "./image-helpers";
import { expect, test } from "./fixtures";
import { applyFilters, openList, searchList } from "./list-helpers";

/** A named, non-admin demo user that passes `test`. */
async function pick(demoUrl: string, test: (user: DemoUser) => boolean): Promise<DemoUser & { fullName: string }> {
  return (await findDemoUser(demoUrl, (candidate) => Boolean(candidate.fullName) && test(candidate))) as DemoUser & {
    fullName: string;
  };
}

/** Types into the users search box. */
const search = (page: Page, text: string, javaScriptEnabled: boolean) =>
  searchList(page, "Search users...", text, javaScriptEnabled);

const rows = (page: Page) => page.getByRole("table", { name: "Users" }).locator("tbody tr");
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });

test.beforeEach(async ({ page, demoUrl }) => {
  // Both projects may run this file in one worker: every test starts from the seed.
  await resetDemo(demoUrl);
  await startSession(page);
});

// What the list's HTML says (columns, counts, links, the Verify User states, a pasted URL's
// filters): tests/integration/users.test.ts. Here: the journeys through it.
test.describe("users list", () => {
  test("shows no broken image for avatars whose link fails", async ({ page }) => {
    await page.route("**/files/avatars/**", (route) => route.fulfill({ status: 404, body: "gone" }));
    await openList(page, "/users");
    await expect(rows(page)).toHaveCount(7);
    expect(await brokenImages(page)).toEqual([]);
    await expect(rowOf(page, "Mia Member").getByRole("link", { name: "View Mia Member" })).toBeVisible();
  });

  test(
    "marks the table busy while another filter loads, with JavaScript",
    { tag: "@js-only" },
    async ({ page, demoUrl }) => {
      // JavaScript only (the no-js project leaves @js-only out): without JavaScript the browser shows its own loading state.
      await openList(page, "/users");
      const table = page.locator("[aria-busy]").filter({ has: page.getByRole("table", { name: "Users" }) });
      await expect(table).toHaveCount(0);
      const held = await holdCalls(demoUrl, { method: "GET", path: "/users", times: 1 });

      await page.getByLabel("User Status").selectOption("banned");

      // The filtered list's upstream call is held: the table is busy until the test lets it go.
      await held.arrived();
      await expect(table).toHaveAttribute("aria-busy", "true");
      await expect(page.getByRole("status").filter({ hasText: "Loading Users" })).toBeAttached();
      await held.release();
      await expect(page.getByText(/^18 accounts, administrators included/)).toBeVisible();
      await expect(table).toHaveCount(0);
    },
  );

  test("filters by user status, citizenship status and search, in the URL", async ({ page, javaScriptEnabled }) => {
    await openList(page, "/users?page=2");
    await page.getByLabel("User Status").selectOption("banned");
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(/status=banned/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByText(/^18 accounts, administrators included/)).toBeVisible();
    await expect(rows(page)).toHaveCount(10);
    for (const row of await rows(page).all())
      await expect(row.getByRole("link", { name: "Un-Ban User" })).toBeVisible();

    await page.getByLabel("Citizenship Status").selectOption("approved");
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(/status=banned/);
    await expect(page).toHaveURL(/citizenship=approved/);
    // The new URL can show before the rows under it: the three banned users with an approved
    // citizenship are the new list (the one before had ten rows), then each row is read.
    await expect(rows(page)).toHaveCount(3);
    for (const row of await rows(page).all()) {
      await expect(row.getByRole("link", { name: "Un-Ban User" })).toBeVisible();
      await expect(row.getByRole("link", { name: "Download certificate" })).toBeVisible();
    }

    await page.getByLabel("User Status").selectOption("");
    await applyFilters(page, javaScriptEnabled);
    await expect(page).not.toHaveURL(/status=banned/);
    await expect(page.getByText(/^12 accounts, administrators included/)).toBeVisible();

    await page.getByLabel("Citizenship Status").selectOption("");
    await applyFilters(page, javaScriptEnabled);
    await search(page, "mia member", javaScriptEnabled);
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, "member@example.com")).toBeVisible();

    await page.getByLabel("User Status").selectOption("verified");
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(/search=mia\+member/);
    await expect(page).toHaveURL(/status=verified/);
    await expect(rows(page)).toHaveCount(1);
    await page.getByLabel("User Status").selectOption("pending");
    await applyFilters(page, javaScriptEnabled);
    await expect(page.getByText("No data available")).toBeVisible();

    // The same URL opened afresh (pasted, reloaded) shows the same view, also once it has hydrated.
    await openList(page, page.url());
    await expect(page.getByLabel("User Status")).toHaveValue("pending");
    await expect(page.getByRole("searchbox", { name: "Search users..." })).toHaveValue("mia member");
    await expect(page.getByText("No data available")).toBeVisible();
  });

  test("returns to page 1 when the page size changes and pages to the last page", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openList(page, "/users?page=3");
    await expect(page.getByText("Page 3 of 13")).toBeVisible();
    await page.getByLabel("Rows per page").selectOption("25");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).last().click();
    await expect(page).toHaveURL(/limit=25/);
    await expect(page).not.toHaveURL(/page=3/);
    await expect(page.getByText("Page 1 of 6")).toBeVisible();

    await page.getByRole("link", { name: "Last page" }).click();
    await expect(page).toHaveURL(/page=6/);
    await expect(page).toHaveURL(/limit=25/);
    await expect(page.getByText("Page 6 of 6")).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    await expect(page.getByRole("link", { name: "Next page" })).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("link", { name: "Next page" })).not.toHaveAttribute("href");
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page.getByText("Page 5 of 6")).toBeVisible();
    await page.getByRole("link", { name: "First page" }).click();
    await expect(page.getByText("Page 1 of 6")).toBeVisible();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page.getByText("Page 2 of 6")).toBeVisible();
  });
});

test.describe("ban and unban", () => {
  test("bans then un-bans through the confirmation dialogs", async ({ page, demoUrl }) => {
    const user = await pick(demoUrl, (candidate) => !candidate.isBanned);
    await openList(page, `/users?search=${encodeURIComponent(user.email)}`);
    const row = rowOf(page, user.email);

    // Cancel closes the dialog without calling anything.
    await row.getByRole("link", { name: "Ban User" }).click();
    await page.getByRole("alertdialog").getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/confirm=/);
    expect(await recordedRequests(demoUrl, "/users/ban")).toEqual([]);

    await row.getByRole("link", { name: "Ban User" }).click();
    const banDialog = page.getByRole("alertdialog", { name: `Ban User ${user.fullName}?` });
    await expect(banDialog).toBeVisible();
    await expect(banDialog).toContainText("Are you sure you want to ban this User");
    await banDialog.getByRole("button", { name: "Ban" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("User banned successfully");
    await expect(banDialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(user.email).replace(/\./g, "\\.")}$`));
    await expect(row.getByRole("link", { name: "Un-Ban User" })).toBeVisible();
    expect((await recordedRequests(demoUrl, `/users/ban/${user.id}`)).map((call) => call.method)).toEqual(["GET"]);

    await row.getByRole("link", { name: "Un-Ban User" }).click();
    const unbanDialog = page.getByRole("alertdialog", { name: `Un-Ban User ${user.fullName}?` });
    await expect(unbanDialog).toContainText("Are you sure you want to un-ban this User");
    await unbanDialog.getByRole("button", { name: "Unban" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("User un-banned successfully");
    await expect(row.getByRole("link", { name: "Ban User" })).toBeVisible();
    expect(await recordedRequests(demoUrl, `/users/un-ban/${user.id}`)).toHaveLength(1);
  });

  test("Back after a ban never bans again", async ({ page, demoUrl, javaScriptEnabled }) => {
    const user = await pick(demoUrl, (candidate) => !candidate.isBanned);
    const list = `/users?search=${encodeURIComponent(user.email)}`;
    await openList(page, list);
    await openList(page, `${list}&confirm=ban&id=${user.id}`);
    await page.getByRole("alertdialog").getByRole("button", { name: "Ban" }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("User banned successfully");

    await page.goBack();
    if (javaScriptEnabled) {
      // The outcome replaced the dialog's history entry: Back leads to the list it was opened from.
      await expect(page).not.toHaveURL(/confirm=ban/);
    } else {
      // The browser asks the server for the old confirmation again; it now states the user's state.
      await expect(page).toHaveURL(/confirm=ban/);
      await expect(page.getByRole("dialog")).toContainText(`User ${user.fullName} is already banned`);
    }
    await expect(page.getByRole("button", { name: "Ban", exact: true })).toHaveCount(0);
    await expect(rowOf(page, user.email).getByRole("link", { name: "Un-Ban User" })).toBeVisible();
    expect(await recordedRequests(demoUrl, `/users/ban/${user.id}`)).toHaveLength(1);
    expect(await recordedRequests(demoUrl, `/users/un-ban/${user.id}`)).toHaveLength(0);
  });
});

test.describe("verify", () => {
  test("verifies after the question, and says so when the upstream fails", async ({
    page,
    demoUrl,
    javaScriptEnabled,
  }) => {
    const user = await pick(demoUrl, (candidate) => candidate.isEmailVerified && candidate.status !== "verified");
    await openList(page, `/users?search=${encodeURIComponent(user.email)}`);
    const row = rowOf(page, user.email);

    // A failure first: the row still offers Verify User.
    await injectFault(demoUrl, {
      method: "POST",
      path: `/users/verify/${user.id}`,
      status: 500,
      times: 1,
      body: "<html><body>Internal Server Error</body></html>",
    });
    if (javaScriptEnabled) {
      page.once("dialog", (dialog) => void dialog.accept());
      await row.getByRole("link", { name: "Verify User" }).click();
    } else {
      await row.getByRole("link", { name: "Verify User" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Verify" }).click();
    }
    await expect(page.getByTestId("toast-message")).toHaveText("Failed to verify user");
    await expect(row.getByRole("link", { name: "Verify User" })).toBeVisible();

    if (javaScriptEnabled) {
      // Declining the browser's question does nothing.
      page.once("dialog", (dialog) => void dialog.dismiss());
      await row.getByRole("link", { name: "Verify User" }).click();
      await expect(page).not.toHaveURL(/confirm=/);
      expect(await recordedRequests(demoUrl, "/users/verify")).toHaveLength(1);

      const question = new Promise<string>((resolve) =>
        page.once("dialog", (dialog) => {
          resolve(dialog.message());
          void dialog.accept();
        }),
      );
      await row.getByRole("link", { name: "Verify User" }).click();
      expect(await question).toBe("Are you sure you want to verify this user?");
    } else {
      await row.getByRole("link", { name: "Verify User" }).click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog).toContainText("Are you sure you want to verify this user?");
      await dialog.getByRole("button", { name: "Verify" }).click();
    }
    await expect(page.getByTestId("toast-message").filter({ hasText: "User verified successfully" })).toBeVisible();
    await expect(row.getByRole("button", { name: "Verify User" })).toHaveAccessibleDescription("User Verified");
    const calls = await recordedRequests(demoUrl, `/users/verify/${user.id}`);
    expect(calls.map((call) => `${call.method} ${call.status}`)).toEqual(["POST 500", "POST 200"]);
  });
});

test.describe("passport", () => {
  test("downloads as passport_{fullName}.pdf; a failed download says why and downloads nothing", async ({
    page,
    demoUrl,
  }) => {
    for (const ascii of [true, false]) {
      const user = await pick(
        demoUrl,
        (candidate) => Boolean(candidate.passport) && /^[\x20-\x7e]+$/.test(candidate.fullName ?? "") === ascii,
      );
      const list = `/users?search=${encodeURIComponent(user.email)}`;
      await openList(page, list);
      const passport = rowOf(page, user.email).getByRole("link", { name: "Download Passport" });
      if (ascii) {
        // The server's reason on the same list, and no file.
        await injectFault(demoUrl, {
          method: "GET",
          path: `/users/${user.id}`,
          status: 404,
          times: 1,
          body: { message: "Passport not found" },
        });
        const downloads: string[] = [];
        const onDownload = (download: Download) => downloads.push(download.suggestedFilename());
        page.on("download", onDownload);
        await passport.click();
        await expect(page.getByTestId("toast-message")).toHaveText("Passport not found");
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(list);
        page.off("download", onDownload);
        expect(downloads).toEqual([]);
      }
      const downloading = page.waitForEvent("download");
      await passport.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`passport_${user.fullName}.pdf`);
      expect(await download.failure()).toBeNull();
    }
  });
});
