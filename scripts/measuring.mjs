// What the measuring scripts share (`npm run bench`, `npm run soak`, `npm run export:rss`):
// settings from the environment, what a browser sends, medians, the build, and the verdict.
import { reactRouterBuild } from "./floor-app.mjs";
import { ROOT } from "../tests/support/servers.ts";

/**
 * A whole number from the environment, at least `min`, or the default.
 * @param {string} name
 * @param {number} fallback
 * @param {number} [min] 1 unless 0 means something (no warm-up, no latency)
 */
export function intFromEnv(name, fallback, min = 1) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

/** What a browser sends: React Router streams to browsers and waits for all data for bots. */
export const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "br, gzip",
};

/**
 * The value at percentile `p` of values sorted in ascending order (NaN for none).
 * @param {number[]} sorted
 * @param {number} p
 */
export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]);
}

/** The median of values in any order. */
export const median = (/** @type {number[]} */ values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Builds the panel (`react-router build`), unless the variable `skipVariable` is "1": then the
 * existing build/ is measured.
 * @param {string} skipVariable
 */
export function buildUnlessSkipped(skipVariable) {
  if (process.env[skipVariable] === "1") console.log(`${skipVariable}=1: using the existing build/`);
  else reactRouterBuild(ROOT, false);
}

/**
 * Ends the script: exit code 1 with the broken bounds listed, or 0 with `passed`.
 * @param {string[]} problems
 * @param {string} passed
 * @returns {never}
 */
export function exitWithVerdict(problems, passed) {
  if (problems.length) {
    console.error(`\n✖ ${problems.length} bound(s) broken:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    process.exit(1);
  }
  console.log(`\n✔ ${passed}`);
  process.exit(0);
}
