// The shell's error page, whose code loads when a page shows it (decision 089): the server's
// page stays as it was once the browser has it, and a browser that cannot download it still says
// that something went wrong instead of a blank page.
import { readFileSync } from "node:fs";

import { injectFault } from "../support/demo-hooks";
import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";

/** The error pages' chunk, as a URL path (read from the build's manifest when a test needs it). */
function errorPagesChunk(): string {
  const manifest = JSON.parse(readFileSync("build/client/.vite/manifest.json", "utf8")) as Record<
    string,
    { file: string }
  >;
  const entry = manifest["app/components/error-pages.tsx"];
  if (!entry) throw new Error("app/components/error-pages.tsx is not a chunk of the client build");
  return `/${entry.file}`;
}

const NO_ACCESS = "You do not have access to this page";

test.beforeEach(async ({ page, demoUrl }) => {
  await startSession(page);
  // The upstream refuses the users list to this admin: the shell's error page (403).
  await injectFault(demoUrl, { method: "GET", path: "/users", status: 403 });
});

test("a page the upstream refuses shows the shell's error page, before and after its code loads", async ({
  page,
}, testInfo) => {
  const loaded =
    testInfo.project.use.javaScriptEnabled === false
      ? undefined
      : page.waitForResponse((response) => new URL(response.url()).pathname === errorPagesChunk());
  const response = await page.goto("/users");
  expect(response?.status()).toBe(403);
  await loaded;
  await expect(page.getByRole("heading", { level: 1, name: NO_ACCESS })).toBeVisible();
  await expect(page.getByText("Please try again, or go back to the dashboard.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
});

test("an error page whose code cannot load still says something went wrong @js-only", async ({ page }) => {
  await page.route(`**${errorPagesChunk()}`, (route) => route.abort());
  await page.goto("/users");
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
});
