import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";

import { expect } from "./fixtures";

const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const SCHEMES = ["light", "dark"] as const;

/** axe-core needs JavaScript in the page; a page opened without it is checked as a copy. */
async function auditPage(page: Page, testInfo: TestInfo) {
  if (testInfo.project.use.javaScriptEnabled !== false) return { target: page, done: async () => {} };
  // The very DOM this browser got without JavaScript (the server's HTML), opened in a page where
  // axe can run. Its scripts are removed and blocked, so React never hydrates it; its styles load
  // from the panel as they did here.
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const url = page.url();
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  const copy = await context.newPage();
  await copy.route("**/*", (route) => {
    const request = route.request();
    if (request.url() === url && request.resourceType() === "document")
      return route.fulfill({ body: html, contentType: "text/html" });
    if (request.resourceType() === "script") return route.abort();
    return route.continue();
  });
  await copy.goto(url);
  return { target: copy, done: () => context.close() };
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is, in light and in dark mode, and
 * fails on any serious or critical violation, naming the rule and the elements.
 */
export async function expectAccessible(page: Page, testInfo: TestInfo, what: string) {
  const { target, done } = await auditPage(page, testInfo);
  // A pointer left over a control (after a click) would check its hover colours only by chance.
  await target.mouse.move(0, 0);
  try {
    for (const colorScheme of SCHEMES) {
      // Reduced motion: colours switch at once (the panel drops transitions), so axe never reads
      // a colour half-way through fading to the other scheme.
      await target.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      const { violations } = await new AxeBuilder({ page: target }).withTags(WCAG_AA).analyze();
      const serious = violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map(
          (violation) =>
            `${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(" ")}: ${node.failureSummary ?? ""}`).join("\n")}`,
        );
      expect(serious, `${what}, ${colorScheme} mode`).toEqual([]);
    }
  } finally {
    await target.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
    await done();
  }
}
