import { test as base, expect } from "@playwright/test";

import { clearFaults, resetDemo } from "../support/demo-hooks";
import { type Stack, startStack } from "../support/servers";

interface WorkerFixtures {
  stack: Stack;
}

interface TestFixtures {
  /** The demo API's base URL (hooks under /__demo). */
  demoUrl: string;
  /** Resets the demo data when a worker moves on to a new spec file; faults last one test. */
  freshDataPerFile: void;
}

let lastFile: string | undefined;

/**
 * Every worker runs its own built panel and demo API on free loopback ports; `baseURL` points
 * at that panel, and the demo data is reseeded at the start of each spec file.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, use) => {
      // The demo admin is the Owner, as in demo mode (docs/product.md#roles-and-permissions).
      const stack = await startStack({ OWNER_EMAILS: "admin@example.com" });
      await use(stack);
      await stack.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ stack }, use) => use(stack.panel.url),
  demoUrl: async ({ stack }, use) => use(stack.demo.url),
  freshDataPerFile: [
    async ({ stack }, use, testInfo) => {
      if (lastFile !== testInfo.file) {
        await resetDemo(stack.demo.url);
        lastFile = testInfo.file;
      }
      await use();
      await clearFaults(stack.demo.url);
    },
    { auto: true },
  ],
});

export { expect };
