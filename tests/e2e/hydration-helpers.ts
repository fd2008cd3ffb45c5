// Pages opened with their JavaScript held back: what a slow device shows before it hydrates.
import type { Page, Route } from "@playwright/test";

import { expect } from "./fixtures";

/**
 * The client's modules: the entry, the route modules and the chunks they share. The bundler may
 * put the code that hydrates the page into a shared chunk, so all of them are held back.
 */
const CLIENT_MODULES = "**/assets/*.js";

/**
 * Opens `url` with its JavaScript held back (project "js"): returns once the browser has asked
 * for the client's modules, so the page shows the server's HTML and is not hydrated yet.
 * `release` lets the module through. Without JavaScript it just opens the page.
 */
export async function openBeforeHydration(page: Page, url: string, javaScriptEnabled: boolean) {
  const held: Route[] = [];
  let released = false;
  await page.route(CLIENT_MODULES, (route) => (released ? route.continue() : void held.push(route)));
  await page.goto(url, { waitUntil: "domcontentloaded" });
  if (javaScriptEnabled) await expect.poll(() => held.length).toBeGreaterThan(0);
  return {
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}
