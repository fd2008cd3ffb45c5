// The icon sprite (decision 025): every icon on a screen is a `<use>` of one hashed SVG file,
// which must answer, hold the symbol each icon names, paint under the panel's CSP, and need no
// JavaScript (this file runs in both the js and no-js projects).
import type { Page } from "@playwright/test";

import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";

/** Records Content-Security-Policy reports, and failed requests for the sprite, while the page loads. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  // Only the sprite's: without JavaScript the browser drops the page's module preloads.
  page.on("requestfailed", (request) => {
    if (/\/assets\/icons-/.test(request.url())) problems.push(`${request.url()}: ${request.failure()?.errorText}`);
  });
  return problems;
}

/** The `href` of every `<use>` on the page. */
function useHrefs(page: Page): Promise<string[]> {
  return page.locator("svg use").evaluateAll((uses) => uses.map((use) => use.getAttribute("href") ?? ""));
}

/** Every `<use>` points at a same-origin sprite that answers as SVG and defines the symbol it names. */
async function expectIconsFromSprite(page: Page) {
  const hrefs = await useHrefs(page);
  expect(hrefs.length, "icons on the page").toBeGreaterThan(0);
  const fragmentsBySprite = new Map<string, Set<string>>();
  for (const href of hrefs) {
    const [url = "", fragment = ""] = href.split("#");
    expect(url, href).toMatch(/^\/assets\/icons-[\w-]+\.svg$/);
    expect(fragment, href).toMatch(/^(solid|outline)-[a-z0-9-]+$/);
    fragmentsBySprite.set(url, (fragmentsBySprite.get(url) ?? new Set()).add(fragment));
  }
  for (const [url, fragments] of fragmentsBySprite) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["content-type"], url).toMatch(/^image\/svg\+xml/);
    const sprite = await response.text();
    for (const fragment of fragments) expect(sprite, `${url} holds #${fragment}`).toContain(`<symbol id="${fragment}"`);
  }
}

/** The first visible icon draws something: its `<use>` has a box only once the symbol is loaded. */
async function expectIconPainted(page: Page, container = page.locator("body")) {
  const use = container.locator("svg:visible use").first();
  await expect
    .poll(() =>
      use.evaluate((element) => {
        const box = (element as SVGUseElement).getBBox();
        return box.width * box.height;
      }),
    )
    .toBeGreaterThan(0);
}

test("the sign-in page's icons come from the sprite", async ({ page }) => {
  const problems = watchProblems(page);
  // An account that is not an admin sees a notice with an icon (the login form itself has none).
  await page.goto("/login");
  await page.getByLabel("Email").fill("member@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Member12345");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "This panel is for administrators" })).toBeVisible();
  await expectIconsFromSprite(page);
  await expectIconPainted(page);
  expect(problems).toEqual([]);
});

test("the admin screens' icons come from the sprite, paint, keep their size and stay out of the accessibility tree", async ({
  page,
}) => {
  const problems = watchProblems(page);
  await startSession(page);
  for (const path of ["/users", "/memberships"]) {
    await page.goto(path);
    await expect(page.getByRole("table")).toBeVisible();
    await expectIconsFromSprite(page);
    // A row action and the sidebar's navigation: one icon of each set.
    await expectIconPainted(page, page.getByRole("table"));
    await expectIconPainted(page, page.getByRole("navigation", { name: "Main" }));
  }
  expect(problems).toEqual([]);

  const icon = page.getByRole("navigation", { name: "Main" }).locator("svg").first();
  await expect(icon).toHaveAttribute("aria-hidden", "true");
  await expect(icon).toHaveAttribute("focusable", "false");
  const box = await icon.boundingBox();
  // size-5: 20 px square.
  expect(box && [box.width, box.height]).toEqual([20, 20]);
});
