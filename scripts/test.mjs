// `npm test`: typecheck; lint (ESLint, Prettier, knip's dead-code check and the link check); build,
// bundle-size check, unit and integration tests (Vitest), then the end-to-end tests (Playwright,
// projects js and no-js) against the built panel and the demo API. Every phase runs even when an
// earlier one failed (those that need the build are skipped when it failed), and so does every step
// of the lint phase; one summary line per phase at the end; exit 1 when any failed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { ensureChromium } from "./ensure-chromium.mjs";
import { ensurePackages } from "./ensure-packages.mjs";

const chromiumPath = await ensureChromium();
// redis-server and haproxy for the multi-instance test; when they cannot be had it is skipped and says why.
const missingPackages = ensurePackages();
if (missingPackages.length > 0)
  console.log(
    `⚠ ${missingPackages.join(" and ")} not installed: tests/integration/scale-out.test.ts skips its multi-instance tests (apt-get install ${missingPackages.join(" ")}).`,
  );

const reports = mkdtempSync(join(tmpdir(), "panel-test-"));
const vitestReport = (/** @type {string} */ name) => join(reports, `${name}.json`);
const playwrightReport = join(reports, "playwright.json");

/**
 * Counts from a Vitest JSON report, e.g. "212 passed, 1 failed".
 * @param {string} file
 */
function vitestCounts(file) {
  if (!existsSync(file)) return "";
  const report = JSON.parse(readFileSync(file, "utf8"));
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return counts({ passed: report.numPassedTests, failed: report.numFailedTests, skipped });
}

/**
 * Counts from Playwright's JSON report.
 * @param {string} file
 */
function playwrightCounts(file) {
  if (!existsSync(file)) return "";
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  return counts({ passed: stats.expected, failed: stats.unexpected, flaky: stats.flaky, skipped: stats.skipped });
}

/** @param {Record<string, number>} numbers */
function counts(numbers) {
  return Object.entries(numbers)
    .filter(([name, value]) => value > 0 || name === "passed")
    .map(([name, value]) => `${value} ${name}`)
    .join(", ");
}

/** @typedef {[command: string, args: string[]]} Command */

/** @returns {Command} */
const vitest = (/** @type {string} */ project) => [
  "npx",
  [
    "vitest",
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport(project)}`,
  ],
];

/**
 * The lint phase's steps, each run even when one before it failed (`npm run lint` stops at the
 * first): style and mistakes (ESLint, with type-aware promise rules on server code), formatting,
 * dead files, exports and dependencies (knip), and references to files and headings that do not
 * exist (the link check).
 * @type {{ name: string, run: Command }[]}
 */
const lintSteps = [
  { name: "eslint", run: ["npx", ["eslint", "."]] },
  { name: "prettier", run: ["npx", ["prettier", "--check", "."]] },
  { name: "knip", run: ["npx", ["knip"]] },
  { name: "links", run: ["node", ["scripts/check-links.mjs"]] },
];

/**
 * @typedef {object} Phase
 * @property {string} name
 * @property {Command} [run] its command, or else
 * @property {{ name: string, run: Command }[]} [steps] its commands, each run whatever the others did
 * @property {NodeJS.ProcessEnv} [env]
 * @property {boolean} [needsBuild]
 * @property {() => string} [counts] how to count its tests
 */

/**
 * Runs one command with the output on this terminal; whether it passed.
 * @param {Command} command
 * @param {NodeJS.ProcessEnv} [env]
 */
function passes([command, args], env) {
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, CHROMIUM_PATH: chromiumPath, ...env },
  });
  return result.status === 0;
}

/**
 * The phases in order: name, command, whether it needs the build, how to count its tests.
 * @type {Phase[]}
 */
const phases = [
  { name: "typecheck", run: ["npm", ["run", "typecheck"]] },
  { name: "lint", steps: lintSteps },
  { name: "layers", run: ["npm", ["run", "layers"]] },
  { name: "build", run: ["npm", ["run", "build"]] },
  { name: "bundle-size check", run: ["npm", ["run", "size"]], needsBuild: true },
  { name: "unit tests", run: vitest("unit"), counts: () => vitestCounts(vitestReport("unit")) },
  {
    name: "integration tests",
    run: vitest("integration"),
    needsBuild: true,
    counts: () => vitestCounts(vitestReport("integration")),
  },
  {
    name: "end-to-end tests",
    run: ["npx", ["playwright", "test"]],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
    needsBuild: true,
    counts: () => playwrightCounts(playwrightReport),
  },
];

/** @type {{ name: string, status: "passed" | "failed" | "skipped", detail: string }[]} */
const results = [];
for (const phase of phases) {
  if (phase.needsBuild && results.find((result) => result.name === "build")?.status === "failed") {
    results.push({ name: phase.name, status: "skipped", detail: "skipped: the build failed" });
    continue;
  }
  console.log(`\n▶ ${phase.name}`);
  const started = performance.now();
  /** @type {string | undefined} */
  let stepsDetail;
  let passed;
  if (phase.steps) {
    const outcomes = phase.steps.map((step) => {
      console.log(`\n▷ ${phase.name}: ${step.name}`);
      return { name: step.name, passed: passes(step.run, phase.env) };
    });
    passed = outcomes.every((outcome) => outcome.passed);
    stepsDetail = outcomes.map((outcome) => `${outcome.name} ${outcome.passed ? "✔" : "✖"}`).join(" ");
  } else {
    passed = passes(/** @type {Command} */ (phase.run), phase.env);
  }
  const seconds = (performance.now() - started) / 1000;
  const status = passed ? "passed" : "failed";
  const detail = [stepsDetail, phase.counts?.(), `${seconds.toFixed(1)} s`].filter(Boolean).join(", ");
  results.push({ name: phase.name, status, detail });
  if (status === "failed") console.error(`✖ ${phase.name} failed`);
}
rmSync(reports, { recursive: true, force: true });

const mark = { passed: "✔", failed: "✖", skipped: "–" };
const width = Math.max(...results.map((result) => result.name.length));
console.log("\nSummary");
for (const { name, status, detail } of results) console.log(`  ${mark[status]} ${name.padEnd(width)}  ${detail}`);

const failed = results.filter((result) => result.status === "failed");
if (failed.length > 0) {
  console.error(`\n✖ ${failed.length} of ${results.length} phases failed: ${failed.map((r) => r.name).join(", ")}`);
  process.exit(1);
}
console.log("\n✔ all checks passed");
