// Finds a Chromium for the end-to-end tests and prints its path: CHROMIUM_PATH, Debian's
// /usr/bin/chromium-headless-shell, Debian's /usr/bin/chromium, or Playwright's own build. The
// headless shell first: the tests run headless, and the shell does the same work as the full
// browser for two thirds of its CPU (decision 086). As root on Debian it installs the headless
// shell when it is missing; otherwise it stops with one line saying what to install.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM = "/usr/bin/chromium";

/** The path of a usable Chromium, installing Debian's headless shell when allowed; exits when none. */
export async function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/etc/debian_version")) {
    console.log("Installing Debian's chromium-headless-shell for the end-to-end tests…");
    /** @type {import("node:child_process").ExecFileSyncOptions} */
    const apt = { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } };
    try {
      execFileSync("apt-get", ["update"], apt);
      execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium-headless-shell"], apt);
    } catch {
      console.log("Could not install chromium-headless-shell; looking for another Chromium.");
    }
    if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  }
  if (existsSync(FULL_CHROMIUM)) return FULL_CHROMIUM;

  try {
    const { chromium } = await import("@playwright/test");
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright's browser is not installed; fall through.
  }

  console.error(
    "No Chromium found: install Debian's `chromium-headless-shell` package (apt-get install chromium-headless-shell) or run `npx playwright install chromium`, then run the tests again.",
  );
  process.exit(1);
}
