import type { Page } from "@playwright/test";

/**
 * The `<img>` elements of the page that failed to load yet take up room: what a person sees as a broken-image icon
 * or as alt text. Run once the page has loaded (the load event waits for images).
 */
export function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((image) => image.complete && image.naturalWidth === 0)
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      })
      .map((image) => image.getAttribute("src") ?? ""),
  );
}
