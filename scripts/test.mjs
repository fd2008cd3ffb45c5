// `npm test`: typecheck; lint (ESLint, Prettier, knip's dead-code check and the link check); build,
// bundle-size check, unit and integration tests (Vitest), then the end-to-end tests (Playwright,
// projects js and no-js) against the built panel and the demo API. Every phase runs even when an
// earlier one failed (those that need the build are skipped when it failed), and so does every step
// of the lint phase. At the end, one summary line per phase (its duration, the lint steps' own, its
// test counts), the tests run at each level (unit, integration, e2e js, e2e no-js) and the wall time
// of the whole run; exit 1 when any failed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { ensureChromium } from "./ensure-chromium.mjs";
import { ensurePackages, isCI } from "./ensure-packages.mjs";

const chromiumPath = await ensureChromium();
// redis-server and haproxy for the multi-instance tests; when they cannot be had those are skipped
// and say why, or in CI fail.
const missingPackages = ensurePackages();
if (missingPackages.length > 0)
  console.log(
    `⚠ ${missingPackages.join(" and ")} not installed: the multi-instance tests (scale-out.test.ts, the Redis-backed cases) ${isCI() ? "fail in CI" : "are skipped"} (apt-get install ${missingPackages.join(" ")}).`,
  );

const reports = mkdtempSync(join(tmpdir(), "panel-test-"));
const vitestReport = (/** @type {string} */ name) => join(reports, `${name}.json`);
const playwrightReport = join(reports, "playwright.json");

/**
 * @typedef {object} Counts
 * @property {number} passed
 * @property {number} failed
 * @property {number} [flaky]
 * @property {number} skipped
 */

/**
 * A level's counts from a Vitest JSON report, e.g. "212 passed, 1 failed".
 * @param {string} level
 * @param {string} file
 * @returns {Record<string, Counts>}
 */
function vitestCounts(level, file) {
  if (!existsSync(file)) return {};
  const report = JSON.parse(readFileSync(file, "utf8"));
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return { [level]: { passed: report.numPassedTests, failed: report.numFailedTests, skipped } };
}

/**
 * @typedef {object} PlaywrightSuite
 * @property {PlaywrightSuite[]} [suites]
 * @property {{ tests: { projectName: string, status: "expected" | "unexpected" | "flaky" | "skipped" }[] }[]} [specs]
 */

/**
 * Counts per Playwright project (e2e js, e2e no-js) from Playwright's JSON report.
 * @param {string} file
 * @returns {Record<string, Counts>}
 */
function playwrightCounts(file) {
  if (!existsSync(file)) return {};
  /** @type {{ suites: PlaywrightSuite[] }} */
  const report = JSON.parse(readFileSync(file, "utf8"));
  /** @type {Record<string, Counts>} */
  const byProject = {};
  /** @param {PlaywrightSuite} suite */
  const visit = (suite) => {
    for (const test of (suite.specs ?? []).flatMap((spec) => spec.tests)) {
      const level = `e2e ${test.projectName}`;
      const counts = (byProject[level] ??= { passed: 0, failed: 0, flaky: 0, skipped: 0 });
      if (test.status === "expected") counts.passed += 1;
      else if (test.status === "unexpected") counts.failed += 1;
      else if (test.status === "flaky") counts.flaky = (counts.flaky ?? 0) + 1;
      else counts.skipped += 1;
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  return byProject;
}

/**
 * "212 passed, 1 failed" (the numbers that are not 0, and always the passed ones).
 * @param {Counts} numbers
 */
function describeCounts(numbers) {
  return Object.entries(numbers)
    .filter(([name, value]) => value > 0 || name === "passed")
    .map(([name, value]) => `${value} ${name}`)
    .join(", ");
}

/**
 * A duration: "41.2 s", or "12 min 5 s" from two minutes on.
 * @param {number} ms
 */
function duration(ms) {
  const seconds = ms / 1000;
  if (seconds < 120) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
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
 * @property {() => Record<string, Counts>} [counts] how to count its tests, per level
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
  { name: "unit tests", run: vitest("unit"), counts: () => vitestCounts("unit", vitestReport("unit")) },
  {
    name: "integration tests",
    run: vitest("integration"),
    needsBuild: true,
    counts: () => vitestCounts("integration", vitestReport("integration")),
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
/** @type {Record<string, Counts>} */
const levels = {};
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
      const stepStarted = performance.now();
      return { name: step.name, passed: passes(step.run, phase.env), ms: performance.now() - stepStarted };
    });
    passed = outcomes.every((outcome) => outcome.passed);
    stepsDetail = outcomes
      .map((outcome) => `${outcome.name} ${outcome.passed ? "✔" : "✖"} ${duration(outcome.ms)}`)
      .join(", ");
  } else {
    passed = passes(/** @type {Command} */ (phase.run), phase.env);
  }
  const elapsed = performance.now() - started;
  const counted = phase.counts?.() ?? {};
  Object.assign(levels, counted);
  const countsDetail = Object.entries(counted)
    .map(([level, numbers]) => (Object.keys(counted).length > 1 ? `${level}: ` : "") + describeCounts(numbers))
    .join("; ");
  const status = passed ? "passed" : "failed";
  const detail = [duration(elapsed), countsDetail, stepsDetail && `(${stepsDetail})`].filter(Boolean).join(", ");
  results.push({ name: phase.name, status, detail });
  if (status === "failed") console.error(`✖ ${phase.name} failed`);
}
rmSync(reports, { recursive: true, force: true });

const mark = { passed: "✔", failed: "✖", skipped: "–" };
const width = Math.max(...results.map((result) => result.name.length));
console.log("\nSummary");
for (const { name, status, detail } of results) console.log(`  ${mark[status]} ${name.padEnd(width)}  ${detail}`);
// The tests that ran (passed, failed or flaky; not the skipped ones) at each level.
const ran = ["unit", "integration", "e2e js", "e2e no-js"]
  .map((level) => {
    const numbers = levels[level];
    return `${level} ${numbers ? numbers.passed + numbers.failed + (numbers.flaky ?? 0) : "–"}`;
  })
  .join(", ");
console.log(`  Tests run per level: ${ran}`);
// performance.now() counts from this process's start: the wall time of the whole `npm test`.
console.log(`  Total: ${duration(performance.now())}`);

const failed = results.filter((result) => result.status === "failed");
if (failed.length > 0) {
  console.error(`\n✖ ${failed.length} of ${results.length} phases failed: ${failed.map((r) => r.name).join(", ")}`);
  process.exit(1);
}
console.log("\n✔ all checks passed");
