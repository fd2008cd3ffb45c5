import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

/**
 * Opens a list page; with JavaScript, waits until it is hydrated (the filter form's Apply button
 * goes away), so the handlers that apply filters as they change are in place.
 */
export async function openList(page: Page, url: string) {
  await page.goto(url);
  if (test.info().project.use.javaScriptEnabled) {
    await expect(page.getByRole("search").getByRole("button", { name: "Apply" })).toHaveCount(0);
  }
}

/** Without JavaScript a filter applies with its Apply button; with it, it applies by itself. */
export async function applyFilters(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) await page.getByRole("search").getByRole("button", { name: "Apply" }).click();
}

/** Types into a list's search box: applied as you type with JavaScript, with Enter without it. */
export async function searchList(page: Page, box: string, text: string, javaScriptEnabled: boolean) {
  const input = page.getByRole("searchbox", { name: box });
  await input.fill(text);
  if (!javaScriptEnabled) await input.press("Enter");
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, "\\+")}`));
}
