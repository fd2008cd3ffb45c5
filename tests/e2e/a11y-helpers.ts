import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";

import { expect } from "./fixtures";

const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const SCHEMES = ["light", "dark"] as const;
/** The WCAG rules whose result depends on colours: the only ones a change of colour scheme can change. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** A page with JavaScript that shows copies of what a no-JavaScript page got from the server. */
interface CopyPage {
  page: Page;
  /** The document the copy page is showing or about to show. */
  document: { url: string; html: string };
}

// One copy page per no-JavaScript page, kept for the whole test: opening a browser context for
// every audited state cost more than auditing it.
const copies = new WeakMap<Page, Promise<CopyPage>>();

/**
 * Closes the copy page `expectAccessible` opened for a no-JavaScript page; call it after each
 * test (an afterEach hook), while the test's own pages are still open.
 */
export async function closeCopyPage(page: Page) {
  const copy = copies.get(page);
  copies.delete(page);
  // Closed here rather than when the page closes: then Playwright is already collecting each
  // context's trace, and a context closing under it fails the next test in the worker.
  if (copy) await (await copy).page.context().close();
}

async function openCopyPage(page: Page): Promise<CopyPage> {
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  const copy: CopyPage = { page: await context.newPage(), document: { url: "", html: "" } };
  await copy.page.route("**/*", (route) => {
    const request = route.request();
    if (request.url() === copy.document.url && request.resourceType() === "document")
      return route.fulfill({ body: copy.document.html, contentType: "text/html" });
    if (request.resourceType() === "script") return route.abort();
    return route.continue();
  });
  return copy;
}

/** axe-core needs JavaScript in the page; a page opened without it is checked as a copy. */
async function auditPage(page: Page, testInfo: TestInfo): Promise<Page> {
  if (testInfo.project.use.javaScriptEnabled !== false) return page;
  // The very DOM this browser got without JavaScript (the server's HTML), opened in a page where
  // axe can run. Its scripts are removed and blocked, so React never hydrates it; its styles load
  // from the panel as they did here.
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  if (!copies.has(page)) copies.set(page, openCopyPage(page));
  const copy = await copies.get(page)!;
  copy.document = { url: page.url(), html };
  const viewport = page.viewportSize();
  if (viewport) await copy.page.setViewportSize(viewport);
  await copy.page.goto(copy.document.url);
  return copy.page;
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is, in light and in dark mode, and
 * fails on any serious or critical violation, naming the rule and the elements.
 */
export async function expectAccessible(page: Page, testInfo: TestInfo, what: string) {
  const target = await auditPage(page, testInfo);
  // A pointer left over a control (after a click) would check its hover colours only by chance.
  await target.mouse.move(0, 0);
  try {
    for (const colorScheme of SCHEMES) {
      // Reduced motion: colours switch at once (the panel drops transitions), so axe never reads
      // a colour half-way through fading to the other scheme.
      await target.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      // Legacy mode runs axe.run in the page itself instead of per-frame partial runs finished in a
      // blank page opened for each analysis: the same rules and results, as the panel has no iframes.
      // Only the violations are read, so only they are collected in full.
      // The scheme changes colours only: every rule runs in light mode, the colour rules in dark.
      const builder = new AxeBuilder({ page: target }).options({ resultTypes: ["violations"] });
      const { violations } = await (
        colorScheme === "light" ? builder.withTags(WCAG_AA) : builder.withRules(COLOUR_RULES)
      )
        .setLegacyMode()
        .analyze();
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
  }
}
