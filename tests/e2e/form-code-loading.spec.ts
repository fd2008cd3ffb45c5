// Form code that is not in a page's first load (decision 026), with JavaScript (project "js")
// and without ("no-js"): the zod checks load after hydration, the announcement form when its
// dialog opens. Whatever has or has not arrived, a wrong field shows the spec's message and
// nothing typed is lost.
import { readFileSync } from "node:fs";

import type { Page, Request, Route, TestInfo } from "@playwright/test";

import { resetDemo } from "../support/demo-hooks";
import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";

/** The client build's manifest, read when a test first needs it: `playwright test --list` needs no build. */
let manifest: Record<string, { file: string }> | undefined;

/** The built file of a module the browser imports dynamically, as a URL path. */
function chunkOf(module: string): string {
  manifest ??= JSON.parse(readFileSync("build/client/.vite/manifest.json", "utf8")) as Record<string, { file: string }>;
  const entry = manifest[module];
  if (!entry) throw new Error(`${module} is not a chunk of the client build`);
  return `/${entry.file}`;
}

const checkCodePath = () => chunkOf("app/forms/check-fields.ts");
const announcementSchemaPath = () => chunkOf("app/forms/announcement.ts");
const dialogsCodePath = () => chunkOf("app/routes/admin/announcements/announcement-dialogs.tsx");

function usesJavaScript(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

function fieldError(page: Page, message: string) {
  return page.locator("[data-field-error]", { hasText: message });
}

/** Every request the page sends, in order. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

function posts(requests: Request[]): Request[] {
  return requests.filter((request) => request.method() === "POST");
}

/** The paths of the requests the page has had answered in full, in order. */
function recordFinished(page: Page): string[] {
  const finished: string[] = [];
  page.on("requestfinished", (request) => finished.push(new URL(request.url()).pathname));
  return finished;
}

function requested(requests: Request[], path: string): boolean {
  return requests.some((request) => new URL(request.url()).pathname === path);
}

/** Holds back the requests for one file until `release()`: the code has not arrived yet. */
async function holdBack(page: Page, path: string) {
  const held: Route[] = [];
  let released = false;
  await page.route(`**${path}`, (route) => (released ? route.continue() : void held.push(route)));
  return {
    requested: () => held.length > 0,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Errors a page logs, such as a hydration mismatch (a refused form's 400 answer is no error). */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text());
  });
  return errors;
}

test.describe("the browser's form checks", () => {
  test("a wrong field sent before the check code arrives: the server answers the message, the typing stays", async ({
    page,
  }, testInfo) => {
    const checkCode = await holdBack(page, checkCodePath());
    const requests = recordRequests(page);
    await page.goto("/login");
    if (usesJavaScript(testInfo)) {
      // The page has hydrated: its effect asked for the check code, which is not there yet.
      await expect.poll(checkCode.requested).toBe(true);
    }
    await page.getByLabel("Email").fill("Admin@Example.com");
    await page.getByRole("button", { name: "Login" }).click();

    await expect(fieldError(page, "Password is required")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("Admin@Example.com");
    await expect(page).toHaveURL(/\/login$/);
    // The form went to the server once, not twice (with JavaScript as a data request).
    const sent = posts(requests).map((request) => new URL(request.url()).pathname);
    expect(sent).toEqual([usesJavaScript(testInfo) ? "/login.data" : "/login"]);
    await checkCode.release();
  });

  test("a wrong field once the check code has arrived: the message shows without a request", async ({
    page,
  }, testInfo) => {
    const requests = recordRequests(page);
    const checkLoaded = usesJavaScript(testInfo)
      ? page.waitForResponse((response) => new URL(response.url()).pathname === checkCodePath())
      : undefined;
    await page.goto("/forgot-password");
    if (checkLoaded) {
      await checkLoaded;
      // The schema chunk and its zod chunk have arrived too; nothing more is under way.
      await page.waitForLoadState("networkidle");
    }
    const email = page.getByLabel("Email");
    await email.fill("not-an-email");
    await page.getByRole("button", { name: "Send Reset Link" }).click();

    await expect(fieldError(page, "Invalid email address")).toBeVisible();
    await expect(email).toHaveValue("not-an-email");
    if (usesJavaScript(testInfo)) {
      expect(posts(requests)).toEqual([]);
      // The first wrong field has the focus; its message clears as soon as it is edited.
      await expect(email).toBeFocused();
      await email.press("End");
      await email.pressSequentially(".org");
      await expect(fieldError(page, "Invalid email address")).toHaveCount(0);
    } else {
      expect(posts(requests)).toHaveLength(1);
    }
  });

  test("the first visit does not fetch zod with the page: the check code comes from the form's effect", async ({
    page,
  }, testInfo) => {
    const requests = recordRequests(page);
    await page.goto("/delete-account");
    await expect(page.getByRole("heading", { name: "Delete Account" })).toBeVisible();
    if (usesJavaScript(testInfo)) {
      await expect.poll(() => requested(requests, checkCodePath())).toBe(true);
    } else {
      await page.waitForLoadState("load");
      expect(requested(requests, checkCodePath())).toBe(false);
    }
  });
});

test.describe("the announcement form, loaded when its dialog opens", () => {
  test.beforeEach(async ({ page, demoUrl }) => {
    await resetDemo(demoUrl);
    await startSession(page);
  });

  test("a direct link renders the open dialog from the server, and it creates", async ({ page }, testInfo) => {
    const errors = recordErrors(page);
    const requests = recordRequests(page);
    const finished = recordFinished(page);
    const formCode = await holdBack(page, dialogsCodePath());
    await page.goto("/announcements?new");
    const dialog = page.getByRole("dialog", { name: "Create Announcement" });
    // In the HTML itself: visible, with its fields, before the form's code has arrived.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Title")).toBeVisible();
    if (usesJavaScript(testInfo)) {
      await expect.poll(formCode.requested).toBe(true);
      await expect(dialog).toBeVisible();
      await formCode.release();
      // Hydrated once the code is there, and the form's effect then loads its schema and the
      // check code (a form sent before they arrive goes to the server, which answers the same):
      // once both have, the schema's check answers a missing title in place.
      await page.waitForLoadState("networkidle");
      await expect
        .poll(() => [announcementSchemaPath(), checkCodePath()].every((path) => finished.includes(path)))
        .toBe(true);
    }
    await dialog.getByLabel("Description").fill("Bring your own cup.");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(fieldError(page, "Title is required")).toBeVisible();
    await expect(dialog.getByLabel("Description")).toHaveValue("Bring your own cup.");
    // With JavaScript the hydrated form checked it in place; without, the server answered.
    expect(posts(requests)).toHaveLength(usesJavaScript(testInfo) ? 0 : 1);

    await dialog.getByLabel("Title").fill("Coffee morning");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("Announcement created successfully");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Coffee morning", exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("Create on the list fetches the form's code then, and the form works", async ({ page }, testInfo) => {
    const requests = recordRequests(page);
    await page.goto("/announcements");
    if (usesJavaScript(testInfo)) {
      await expect(page.locator("html")).toHaveAttribute("data-sidebar-shortcut", "on");
      await page.waitForLoadState("networkidle");
      expect(requested(requests, dialogsCodePath())).toBe(false);
    }
    await page.getByRole("link", { name: "Create Announcement" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Announcement" });
    await expect(dialog).toBeVisible();
    expect(requested(requests, dialogsCodePath())).toBe(usesJavaScript(testInfo));

    await dialog.getByLabel("Title").fill("Quiet hours");
    await dialog.getByLabel("Description").fill("From 10 pm.");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByTestId("toast-message")).toHaveText("Announcement created successfully");
    await expect(page.getByRole("heading", { name: "Quiet hours", exact: true })).toBeVisible();
  });
});
