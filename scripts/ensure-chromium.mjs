// Finds a Chromium for the end-to-end tests and prints its path: CHROMIUM_PATH, Debian's
// /usr/bin/chromium, or Playwright's own build. As root on Debian it installs Debian's chromium
// when none is there; otherwise it stops with one line saying what to install.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The path of a usable Chromium, installing Debian's package when allowed; exits when none. */
export async function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";

  try {
    const { chromium } = await import("@playwright/test");
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright's browser is not installed; fall through.
  }

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/etc/debian_version")) {
    console.log("Installing Debian's chromium for the end-to-end tests…");
    /** @type {import("node:child_process").ExecFileSyncOptions} */
    const apt = { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } };
    execFileSync("apt-get", ["update"], apt);
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], apt);
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }

  console.error(
    "No Chromium found: install Debian's `chromium` package (apt-get install chromium) or run `npx playwright install chromium`, then run the tests again.",
  );
  process.exit(1);
}
