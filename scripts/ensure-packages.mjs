// Debian packages the multi-instance tests run for real (tests/integration/scale-out.test.ts and
// the Redis-backed cases): `redis-server` (the shared rate-limit store) and `haproxy` (the load
// balancer in front of two panels). As root on Debian, `npm test` installs the missing ones, like
// scripts/ensure-chromium.mjs does for Chromium; elsewhere it says what to install, and the tests
// that need them are skipped, except in CI (CI=true), where they fail with one line saying what is missing.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * Debian package name → the program the test runs from it.
 * @type {Record<string, string>}
 */
export const SCALE_OUT_PACKAGES = { "redis-server": "redis-server", haproxy: "haproxy" };

/**
 * The absolute path of `program` on PATH (or in /usr/sbin, where Debian puts haproxy), or null.
 * @param {string} program
 * @returns {string | null}
 */
export function findProgram(program) {
  const dirs = [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/usr/bin"].filter(Boolean);
  for (const dir of dirs) if (existsSync(`${dir}/${program}`)) return `${dir}/${program}`;
  return null;
}

/** Whether this run is a CI run (CI set, as every CI service does, and not to "false" or "0"). */
export function isCI() {
  const value = process.env.CI;
  return Boolean(value) && value !== "false" && value !== "0";
}

/**
 * For a test that needs `programs`: the one line saying which are missing and how to install them,
 * or undefined when all are installed. In CI a missing program is a failure, not a skip: this throws
 * that line.
 * @param {string[]} programs
 * @param {string} what the tests that need them
 * @returns {string | undefined}
 */
export function missingForTests(programs, what) {
  const missing = programs.filter((program) => !findProgram(program));
  if (missing.length === 0) return undefined;
  const line = `${what}: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not installed (apt-get install ${missing.join(" ")})`;
  if (isCI()) throw new Error(`${line}; in CI that fails the tests instead of skipping them`);
  return line;
}

/**
 * Installs the missing packages when allowed; answers the programs still missing (empty when all are there).
 * @param {Record<string, string>} [packages]
 * @returns {string[]}
 */
export function ensurePackages(packages = SCALE_OUT_PACKAGES) {
  const missing = () => Object.entries(packages).filter(([, program]) => !findProgram(program));
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (missing().length > 0 && isRoot && existsSync("/etc/debian_version")) {
    const names = missing().map(([name]) => name);
    console.log(`Installing Debian's ${names.join(" and ")} for the multi-instance test…`);
    /** @type {import("node:child_process").ExecFileSyncOptions} */
    const apt = { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } };
    try {
      execFileSync("apt-get", ["update"], apt);
      execFileSync("apt-get", ["install", "-y", "--no-install-recommends", ...names], apt);
    } catch (error) {
      console.error(
        `apt-get failed (${/** @type {Error} */ (error).message}); the multi-instance tests will be ${isCI() ? "failed" : "skipped"}.`,
      );
    }
  }
  return missing().map(([name]) => name);
}

// `node scripts/ensure-packages.mjs`: install what is missing and say what is still missing.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const stillMissing = ensurePackages();
  if (stillMissing.length > 0)
    console.log(
      `Not installed: ${stillMissing.join(", ")}. The multi-instance tests (tests/integration/scale-out.test.ts, the Redis-backed cases) ${isCI() ? "fail in CI" : "are skipped"} until they are (apt-get install ${stillMissing.join(" ")}).`,
    );
}
