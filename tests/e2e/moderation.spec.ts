import { holdCalls, recordedRequests } from "../support/demo-hooks";
import { openDashboard } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await openDashboard(page);
});

// What the screens' HTML says (the dashboard's totals and lists, a failed card, the posts' empty
// states, markup as text): tests/integration/moderation.test.ts. Here: the journeys.

test.describe("dashboard", () => {
  test("Cancel closes a confirmation without calling the upstream; Approve approves", async ({ page, demoUrl }) => {
    await page.getByRole("link", { name: "Reject Ethan O'Brien" }).click();
    await page.getByRole("alertdialog").getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(await recordedRequests(demoUrl, "/users/badges/29")).toHaveLength(0);
    await expect(page.getByRole("link", { name: "Reject Ethan O'Brien" })).toBeVisible();

    const recent = page.getByRole("region", { name: "Recent Badge Requests" });
    await recent.getByRole("link", { name: "Approve Elias O'Brien" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Approve Citizenship Request" });
    await expect(dialog).toContainText("Are you sure you want to approve the citizenship request of Elias O'Brien?");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByTestId("toast")).toContainText("Badge request approved successfully");
    await expect(dialog).toHaveCount(0);
    await expect(recent.getByText("elias.obrien9@example.com")).toHaveCount(0);
    await expect(page.getByTestId("stat-card").filter({ hasText: "Pending Badges" })).toContainText("12");
    const [call] = await recordedRequests(demoUrl, "/users/badges/9");
    expect(call).toMatchObject({ path: "/users/badges/9", body: { approved: 2 } });
  });
});

test.describe("citizenship requests", () => {
  test("searches and rejects; the request leaves the list", async ({ page, demoUrl }) => {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /Citizenship/ })
      .click();
    await expect(page.getByRole("heading", { name: "Citizenship Requests" })).toBeVisible();
    await page.getByRole("searchbox").fill("OLIVIA");
    await page.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/search=OLIVIA/);
    const table = page.getByRole("table");
    await expect(table.getByRole("link", { name: /^Reject / })).not.toHaveCount(0);
    for (const email of await table.getByRole("cell").filter({ hasText: "@" }).allTextContents()) {
      expect(email.toLowerCase()).toContain("olivia");
    }
    const before = await table.getByRole("row").count();
    await table.getByRole("link", { name: "Reject Olivia Cohen" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Reject" }).click();
    await expect(page.getByTestId("toast")).toContainText("Badge request rejected successfully");
    await expect(page).toHaveURL(/\/badge-requests\?search=OLIVIA$/);
    await expect(table.getByRole("row")).toHaveCount(before - 1);
    await expect(table.getByText("olivia.cohen19@example.com")).toHaveCount(0);
    const [call] = await recordedRequests(demoUrl, "/users/badges/19");
    expect(call).toMatchObject({ path: "/users/badges/19", body: { approved: 0 } });
  });
});

test.describe("posts", () => {
  test("searches with both empty states", async ({ page }) => {
    await page.goto("/posts");
    await page.getByRole("searchbox").fill("RUNNING partner (#36");
    await page.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/search=RUNNING/);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article")).toContainText("Looking for a running partner (#36)");
    await page.goto("/posts?search=nothing-like-this");
    await expect(page.getByText("No Posts Found")).toBeVisible();
    await expect(page.getByText("No posts match your search criteria.")).toBeVisible();
  });

  test("disables both dialog buttons while the deletion runs", { tag: "@js-only" }, async ({ page, demoUrl }) => {
    // JavaScript only (the no-js project leaves @js-only out): the loading state is the page's own, with JavaScript.
    const held = await holdCalls(demoUrl, { method: "DELETE", path: "/posts/*" });
    await page.goto("/posts?search=%2332");
    await page.getByRole("link", { name: /Delete post/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Post" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await held.arrived();
    await expect(dialog.getByRole("button", { name: /Delete/ })).toBeDisabled();
    await expect(dialog.getByRole("link", { name: "Cancel" })).toHaveAttribute("aria-disabled", "true");
    await held.release();
    await expect(page.getByTestId("toast")).toContainText("Post deleted successfully");
  });

  test("deletes a post through its confirmation dialog", async ({ page, demoUrl }) => {
    await page.goto("/posts?search=%2333");
    await page.getByRole("link", { name: /Delete post Book club/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Post" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toast")).toContainText("Post deleted successfully");
    await expect(page.getByText("No posts match your search criteria.")).toBeVisible();
    const [call] = await recordedRequests(demoUrl, "/posts/33");
    expect(call).toMatchObject({ method: "DELETE", path: "/posts/33" });
  });
});
