// The memberships screens in Chromium, with JavaScript (project "js") and without ("no-js").
// Every test starts from a fresh seed (5 plans: Basic, Premium, Premium Yearly, Founder
// (Lifetime) and the inactive Legacy Supporter); the reset also ends the demo sessions, so each
// test starts a session after it. What the screens' HTML says (the list's rows, prices and named
// actions, the details, another role's view, the error states): tests/integration/memberships.test.ts;
// the image widget's own refusals: tests/unit/image-upload.test.tsx. Here: the journeys.
import type { Locator, Page, TestInfo } from "@playwright/test";

import { demoAdminCookie } from "../support/demo-data";
import { holdCalls, injectFault, recordedRequests, resetDemo } from "../support/demo-hooks";
import type { PlanRecord } from "../../demo-api/types";
import { confirmAhead, startSession, waitForShellHydration } from "./auth-helpers";
import { brokenImages } from "./image-helpers";
import { expect, test } from "./fixtures";

/** A small valid PNG (1 × 1 pixel). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function usesJavaScript(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/** The demo API answers with its own records. */
type DemoPlan = PlanRecord;

/** A plan created straight on the demo API whose image link leads nowhere. */
async function planWithMissingImage(demoUrl: string): Promise<{ id: number }> {
  const response = await fetch(`${demoUrl}/api/membership-plan/create`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: await demoAdminCookie(demoUrl) },
    body: JSON.stringify({ name: "Broken image", price: 1, image: "uploads/membership/missing.png" }),
  });
  return ((await response.json()) as { data: { id: number } }).data;
}

async function demoPlans(demoUrl: string): Promise<DemoPlan[]> {
  const cookie = await demoAdminCookie(demoUrl);
  const answer = (await (await fetch(`${demoUrl}/api/membership-plan/get-all`, { headers: { cookie } })).json()) as {
    data: DemoPlan[];
  };
  return answer.data;
}

async function demoPlan(demoUrl: string, id: number): Promise<DemoPlan | undefined> {
  return (await demoPlans(demoUrl)).find((plan) => plan.id === id);
}

function toast(page: Page): Locator {
  return page.getByTestId("toast-message");
}

/** The list row of a plan, by its exact name. */
function row(page: Page, name: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
}

/** Picks a file through the browser's file chooser, as a person would. */
async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel("Tier Icon/Image").click();
  await (await chooser).setFiles(file);
}

function feature(page: Page, position: number): Locator {
  return page.getByRole("textbox", { name: `Feature ${position}`, exact: true });
}

test.beforeEach(async ({ demoUrl }) => {
  await resetDemo(demoUrl);
});

test.describe("the list", () => {
  test("a failed sync stays silent; Sync then syncs and shows the list again", async ({ page, demoUrl }) => {
    await startSession(page);
    await page.goto("/memberships");
    await injectFault(demoUrl, { method: "POST", path: "/membership-plan/sync", status: 500, times: 1 });
    await page.getByRole("button", { name: "Sync" }).click();
    await expect
      .poll(async () => (await recordedRequests(demoUrl, "/membership-plan/sync")).map((call) => call.status))
      .toEqual([500]);
    await expect(page.getByRole("button", { name: "Sync" })).toBeEnabled();
    await expect(page).toHaveURL(/\/memberships$/);
    await expect(page.getByRole("row")).toHaveCount(6);
    await expect(toast(page)).toHaveCount(0);

    await page.getByRole("button", { name: "Sync" }).click();
    await expect(toast(page)).toHaveText("Membership plans synced successfully");
    await expect(page).toHaveURL(/\/memberships$/);
    expect((await recordedRequests(demoUrl, "/membership-plan/sync")).map((call) => call.status)).toEqual([500, 200]);
  });

  test("deactivates and activates after confirming; a double click sends once, and a stale confirmation says why", async ({
    page,
    demoUrl,
  }) => {
    await startSession(page);
    await page.goto("/memberships");
    await row(page, "Premium").getByRole("link", { name: "Deactivate" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Are you sure you want to deactivate this membership?");
    await dialog.getByRole("button", { name: "Deactivate" }).dblclick();
    await expect(toast(page)).toHaveText("Membership status updated successfully");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(row(page, "Premium").getByText("Inactive")).toBeVisible();
    expect((await demoPlan(demoUrl, 2))!.isActive).toBe(false);
    const patches = (await recordedRequests(demoUrl, "/membership-plan/2/active")).map((call) => call.body);
    expect(patches).toEqual([{ isActive: false }]);

    // The same confirmation opened again (a pasted link, a second tab) states the plan's state instead.
    await page.goto("/memberships?confirm=deactivate&id=2");
    await expect(page.getByRole("dialog")).toContainText("Membership Premium is already inactive");
    await expect(page.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
    await page.goto("/memberships");

    await row(page, "Premium").getByRole("link", { name: "Activate" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Are you sure you want to activate this membership?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Activate" }).click();
    await expect(toast(page)).toHaveText("Membership status updated successfully");
    await expect(row(page, "Premium").getByRole("link", { name: "Deactivate" })).toBeVisible();
    expect((await demoPlan(demoUrl, 2))!.isActive).toBe(true);
  });

  test("deletes after confirming, and Cancel keeps the plan", async ({ page, demoUrl }) => {
    await startSession(page);
    // A plan deletion asks for a re-authentication (decision 080): confirmed ahead here.
    await confirmAhead(page);
    await page.goto("/memberships");
    await waitForShellHydration(page);
    await row(page, "Premium Yearly").getByRole("link", { name: "Delete Membership" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(
      "Are you sure you want to delete this membership? This action cannot be undone.",
    );
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(row(page, "Premium Yearly")).toHaveCount(1);

    await row(page, "Premium Yearly").getByRole("link", { name: "Delete Membership" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Membership deleted successfully");
    await expect(row(page, "Premium Yearly")).toHaveCount(0);
    expect(await demoPlan(demoUrl, 3)).toBeUndefined();
  });
});

test.describe("create", () => {
  test("creates a tier with features added and removed and an uploaded image", async ({ page, demoUrl }, testInfo) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await startSession(page);
    await page.goto("/memberships");
    await page.getByRole("link", { name: "Create" }).click();
    await expect(page).toHaveURL(/\/memberships\/create$/);
    await waitForShellHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Create Membership Tier" })).toBeVisible();
    await expect(page.getByText("Add a new membership tier to your community")).toBeVisible();
    await expect(page.getByLabel("Tier Name")).toHaveAttribute("placeholder", "e.g., Premium, VIP");
    await expect(page.getByLabel("Price")).toHaveAttribute("step", "0.01");
    await expect(page.getByLabel("Billing Period")).toHaveValue("lifetime");
    await expect(page.getByLabel("Description")).toHaveAttribute("rows", "3");
    await expect(page.getByRole("textbox", { name: /^Feature \d+$/ })).toHaveCount(1);
    await expect(page.getByTestId("preview-status")).toHaveText("Active");
    await expect(page.getByRole("switch")).toHaveCount(0);

    await page.getByLabel("Tier Name").fill("Gold");
    await page.getByLabel("Price").fill("12.5");
    await page.getByLabel("Billing Period").selectOption({ label: "Monthly" });
    await page.getByLabel("Description").fill("Shiny things.");
    await feature(page, 1).fill("Alpha");
    await page.getByRole("button", { name: "Add Feature" }).click();
    await feature(page, 2).fill("Beta");
    await page.getByRole("button", { name: "Add Feature" }).click();
    await feature(page, 3).fill("Gamma");
    await page.getByRole("button", { name: "Remove feature 2" }).click();
    await expect(page.getByRole("textbox", { name: /^Feature \d+$/ })).toHaveCount(2);
    await expect(feature(page, 1)).toHaveValue("Alpha");
    await expect(feature(page, 2)).toHaveValue("Gamma");
    await expect(page.getByLabel("Tier Name")).toHaveValue("Gold");
    await expect(page.getByLabel("Billing Period")).toHaveValue("month");

    // The preview: live with JavaScript, the last post's values without it (the feature buttons posted).
    const preview = page.getByTestId("plan-preview");
    await expect(preview.getByTestId("preview-name")).toHaveText("Gold");
    await expect(preview.getByTestId("preview-price")).toHaveText("$12.50/month");
    await expect(preview.getByTestId("preview-description")).toHaveText("Shiny things.");
    await expect(preview.getByTestId("preview-features").getByRole("listitem")).toHaveText(["Alpha", "Gamma"]);

    if (usesJavaScript(testInfo)) {
      // The browser PUTs the file straight to the presigned URL.
      const put = page.waitForRequest(
        (request) => request.method() === "PUT" && request.url().includes("/uploads/membership/"),
      );
      await chooseFile(page, { name: "gold.png", mimeType: "image/png", buffer: PNG });
      expect((await put).headers()["content-type"]).toBe("image/png");
      await expect(page.getByTestId("image-upload")).toHaveAttribute("data-state", "success");
      await expect(toast(page)).toHaveText("Image uploaded successfully!");
      await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue(
        /^uploads\/membership\/[0-9a-f]+-gold\.png$/,
      );
      await expect(page.getByTestId("image-upload-preview")).toBeVisible();
    } else {
      // Without JavaScript the file goes with the multipart form.
      await chooseFile(page, { name: "gold.png", mimeType: "image/png", buffer: PNG });
    }

    await page.getByRole("button", { name: "Create Membership Tier" }).click();
    await expect(page).toHaveURL(/\/memberships$/);
    await expect(toast(page)).toHaveText("Membership created successfully");
    await expect(row(page, "Gold").getByRole("cell").nth(1)).toHaveText("$12.50");

    const created = (await demoPlans(demoUrl)).find((plan) => plan.name === "Gold")!;
    expect(created).toMatchObject({
      price: 12.5,
      period: "month",
      description: "Shiny things.",
      features: ["Alpha", "Gamma"],
      isActive: true,
    });
    expect(created.image).toMatch(/^uploads\/membership\/[0-9a-f]+-gold\.png$/);
    const served = await fetch(`${demoUrl}/${created.image}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);

    // The details page shows the stored image from the API host.
    await row(page, "Gold").getByRole("link", { name: "View Details" }).click();
    await expect(page.getByTestId("plan-image").getByRole("img")).toHaveAttribute("src", `${demoUrl}/${created.image}`);
  });

  test("refuses a description over 64 KB with the field's message, keeping what it can", async ({
    page,
    demoUrl,
  }, testInfo) => {
    await startSession(page);
    await page.goto("/memberships/create");
    await waitForShellHydration(page);
    await page.getByLabel("Tier Name").fill("Long story");
    await page.getByLabel("Description").fill("d".repeat(70_000));

    await page.getByRole("button", { name: "Create Membership Tier" }).click();

    await expect(page.getByText("Too long: at most 64 KB of text").first()).toBeVisible();
    await expect(page.getByLabel("Tier Name")).toHaveValue("Long story");
    // With JavaScript the browser keeps its own text; without, the page comes back with the first 64 KB.
    const kept = (await page.getByLabel("Description").inputValue()).length;
    expect(kept).toBe(usesJavaScript(testInfo) ? 70_000 : 64 * 1024);
    expect((await recordedRequests(demoUrl, "/membership-plan")).filter((call) => call.method === "POST")).toEqual([]);
  });

  test("reports each way an upload can fail (with JavaScript)", { tag: "@js-only" }, async ({ page, demoUrl }) => {
    // JavaScript only (the no-js project leaves @js-only out): the browser's own upload needs JavaScript.
    await startSession(page);
    await page.goto("/memberships/create");
    await waitForShellHydration(page);
    await page.getByLabel("Tier Name").fill("Still here");
    const widget = page.getByTestId("image-upload");

    await injectFault(demoUrl, {
      method: "POST",
      path: "/file/generate-upload-url/admin",
      status: 400,
      body: { message: "Bucket is full" },
      times: 1,
    });
    await chooseFile(page, { name: "a.png", mimeType: "image/png", buffer: PNG });
    await expect(widget.getByText("Upload failed: Bucket is full")).toBeVisible();
    await expect(widget).toHaveAttribute("data-state", "error");

    await page.route("**/uploads/membership/**", (route) => route.fulfill({ status: 403, body: "denied" }));
    await chooseFile(page, { name: "b.png", mimeType: "image/png", buffer: PNG });
    await expect(widget.getByText("Upload failed with status: 403")).toBeVisible();

    await page.unroute("**/uploads/membership/**");
    await page.route("**/uploads/membership/**", (route) => route.abort("failed"));
    await chooseFile(page, { name: "c.png", mimeType: "image/png", buffer: PNG });
    await expect(widget.getByText("Upload process failed")).toBeVisible();
    await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue("");

    await page.unroute("**/uploads/membership/**");
    await chooseFile(page, { name: "d.png", mimeType: "image/png", buffer: PNG });
    await expect(toast(page).filter({ hasText: "Image uploaded successfully!" })).toBeVisible();
    await widget.getByRole("button", { name: "Remove image" }).click();
    await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue("");
    await expect(widget).toHaveAttribute("data-state", "idle");
    await expect(page.getByLabel("Tier Name")).toHaveValue("Still here");
  });
});

test.describe("edit", () => {
  test("updates a tier: name, price parsed (blank is 0, then 14.5) and the Active Status switch", async ({
    page,
    demoUrl,
  }, testInfo) => {
    await startSession(page);
    await page.goto("/memberships");
    await row(page, "Premium").getByRole("link", { name: "Edit Membership" }).click();
    await expect(page).toHaveURL(/\/memberships\/edit\/2$/);
    await waitForShellHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Membership Tier" })).toBeVisible();
    await expect(page.getByText("Update membership tier details")).toBeVisible();
    await expect(page.getByLabel("Tier Name")).toHaveValue("Premium");
    await expect(page.getByLabel("Price")).toHaveValue("9.99");
    await expect(page.getByLabel("Billing Period")).toHaveValue("month");
    await expect(page.getByRole("textbox", { name: /^Feature \d+$/ })).toHaveCount(3);

    const active = page.getByRole("switch", { name: "Active Status" });
    await expect(active).toBeChecked();
    await expect(page.getByText("Membership is currently active")).toBeVisible();
    // The preview's badge follows the switch (through CSS, so also without JavaScript).
    const status = page.getByTestId("preview-status");
    await expect(status.getByText("Active", { exact: true })).toBeVisible();
    await expect(status.getByText("Inactive", { exact: true })).toBeHidden();
    await active.click();
    await expect(page.getByText("Membership is currently inactive")).toBeVisible();
    await expect(status.getByText("Inactive", { exact: true })).toBeVisible();
    await expect(status.getByText("Active", { exact: true })).toBeHidden();

    await page.getByLabel("Tier Name").fill("Premium Plus");
    await page.getByLabel("Price").fill("");
    if (usesJavaScript(testInfo)) {
      // While the update is on its way the button says so and cannot be pressed again.
      const held = await holdCalls(demoUrl, { method: "PUT", path: "/membership-plan/edit", times: 1 });
      await page.getByRole("button", { name: "Update Membership Tier" }).click();
      await held.arrived();
      await expect(page.getByRole("button", { name: "Updating..." })).toBeDisabled();
      await held.release();
    } else {
      await page.getByRole("button", { name: "Update Membership Tier" }).click();
    }
    await expect(page).toHaveURL(/\/memberships$/);
    await expect(toast(page)).toHaveText("Membership updated successfully");
    await expect(row(page, "Premium Plus").getByRole("cell").nth(1)).toHaveText("$0.00");
    expect(await demoPlan(demoUrl, 2)).toMatchObject({
      name: "Premium Plus",
      price: 0,
      isActive: false,
      features: ["Everything in Basic", "Unlimited invites", "Priority badge review"],
    });
    const [edit] = await recordedRequests(demoUrl, "/membership-plan/edit");
    expect(edit!.body).toMatchObject({ id: "2", price: 0, isActive: false });

    await page.goto("/memberships/edit/2");
    await expect(page.getByRole("switch", { name: "Active Status" })).not.toBeChecked();
    await page.getByLabel("Price").fill("14.5");
    await page.getByRole("button", { name: "Update Membership Tier" }).click();
    await expect(toast(page)).toHaveText("Membership updated successfully");
    expect((await demoPlan(demoUrl, 2))!.price).toBe(14.5);
  });
});

test.describe("details", () => {
  test("defaults the billing period to lifetime and deactivates and deletes from the header", async ({
    page,
    demoUrl,
  }) => {
    await startSession(page);
    await confirmAhead(page);
    await page.goto("/memberships/view/4");

    await page.getByRole("link", { name: "Deactivate" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
    await expect(toast(page)).toHaveText("Membership status updated successfully");
    await expect(page).toHaveURL(/\/memberships\/view\/4$/);
    await expect(page.getByTestId("plan-status")).toHaveText("Inactive");
    await expect(page.getByRole("link", { name: "Activate" })).toBeVisible();

    await page.getByRole("region", { name: "Quick Actions" }).getByRole("link", { name: "Delete Membership" }).click();
    await expect(page.getByRole("alertdialog")).toContainText(
      "Are you sure you want to delete this membership? This action cannot be undone.",
    );
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/memberships$/);
    await expect(toast(page)).toHaveText("Membership deleted successfully");
    expect(await demoPlan(demoUrl, 4)).toBeUndefined();
  });

  test("shows no broken image in the edit form's upload box and preview", async ({ page, demoUrl }) => {
    const data = await planWithMissingImage(demoUrl);
    await startSession(page);
    await page.goto(`/memberships/edit/${data.id}`);
    await expect(page.getByTestId("image-upload-preview")).toBeAttached();
    await expect(page.getByTestId("preview-image")).toBeAttached();
    expect(await brokenImages(page)).toEqual([]);
  });
});
