import { existsSync } from "node:fs";

import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium where there is one (this machine cannot download Playwright's own build): its
// headless shell, which runs the suite for two thirds of the full browser's CPU (decision 086), or
// else the full browser; elsewhere Playwright's bundled browser (its headless shell when installed).
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

const launchOptions = {
  executablePath: chromiumPath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // Each worker runs its own panel and demo API, so workers never share data. Two by default; a
  // third measured no faster on a saturated machine (decision 088): E2E_WORKERS=3 tries it again.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
    // `npm test` asks for a JSON report to count the results in its summary.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["json"] as const] : []),
  ],
  use: {
    // A failed test keeps a trace of its actions, network, console and errors (and error-context.md
    // its page's accessibility snapshot); recording DOM snapshots and a screencast of every test
    // besides cost a sixth of the suite's CPU time.
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: false },
    launchOptions,
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    // A test of what only JavaScript does is tagged @js-only: the no-js project leaves it out
    // (rather than reporting it skipped).
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
});
