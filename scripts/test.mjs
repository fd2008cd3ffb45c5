// `npm test`: the route types, the build and the bundle-size check; then the end-to-end tests
// (Playwright, projects js and no-js) with, beside them, the integration tests (Vitest), both
// against the built panel and the demo API (decision 086), and, one at a time, the checks that need
// no build: the unit tests, lint (ESLint, Prettier, knip's dead-code check and the link check), the
// type check and the layer rules, the static ones at nice 10 while the tests run (decision 088).
// Every phase runs even when an earlier one failed (those that need the build are skipped when it
// failed), and so does every step of the lint phase. At the end, one summary line per phase (its
// duration, the lint steps' own, its test counts), the tests run at each level (unit, integration,
// e2e js, e2e no-js) and the wall time of the whole run; exit 1 when any failed.
import { spawn, spawnSync } from "node:child_process";
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
 * @typedef {object} Phase
 * @property {string} name
 * @property {Command} run its command
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
 * Runs one command with the output on this terminal, letting other commands run meanwhile; whether
 * it passed.
 * @param {Command} command
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<boolean>}
 */
function passesAsync([command, args], env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: "inherit",
      env: { ...process.env, CHROMIUM_PATH: chromiumPath, ...env },
    });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
  });
}

/**
 * Runs one command beside others: its output is kept and printed whole when the caller calls
 * `print`, so two commands' lines never interleave. With `nice`, the command runs at nice 10: it
 * takes the CPU the processes beside it leave and never slows them. Answers whether it passed
 * and how long it took.
 * @param {string} name
 * @param {Command} command
 * @param {{ nice?: boolean }} [options]
 * @returns {Promise<{ passed: boolean, ms: number, print: () => void }>}
 */
function runBeside(name, [command, args], { nice = false } = {}) {
  const started = performance.now();
  const [program, programArgs] = nice ? ["nice", ["-n", "10", command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(program, programArgs, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CHROMIUM_PATH: chromiumPath, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    const end = (/** @type {number | null} */ code) => {
      const ms = performance.now() - started;
      const print = () => {
        console.log(`\n▷ ${name} (${code === 0 ? "passed" : "failed"}, ${duration(ms)})`);
        process.stdout.write(Buffer.concat(output));
      };
      resolve({ passed: code === 0, ms, print });
    };
    child.on("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(null);
    });
    child.on("close", end);
  });
}

/**
 * The checks that need no build: the lint steps, the unit tests, the type check and the layer
 * rules. Each belongs to a phase of the summary; a phase's duration is the sum of its commands'
 * own. They run one at a time beside the integration and end-to-end tests (decision 088), the
 * unit tests first at the tests' priority (a unit test has a time limit), the others at nice 10
 * while the tests run (they have none: they take the CPU the tests leave, and once the tests have
 * ended, what is left runs at the usual priority).
 * @type {{ phase: string, name: string, run: Command, timed?: boolean, counts?: () => Record<string, Counts> }[]}
 */
const checks = [
  {
    phase: "unit tests",
    name: "unit tests",
    run: vitest("unit"),
    timed: true,
    counts: () => vitestCounts("unit", vitestReport("unit")),
  },
  { phase: "lint", name: "eslint", run: ["npx", ["eslint", "."]] },
  { phase: "typecheck", name: "tsc", run: ["npx", ["tsc"]] },
  { phase: "lint", name: "prettier", run: ["npx", ["prettier", "--check", "."]] },
  { phase: "lint", name: "knip", run: ["npx", ["knip"]] },
  { phase: "layers", name: "layers", run: ["npm", ["run", "layers"]] },
  { phase: "lint", name: "links", run: ["node", ["scripts/check-links.mjs"]] },
];

/**
 * The integration tests and the end-to-end tests run beside each other after the build: a
 * browser test spends most of its time waiting on the browser's round trips, and the integration
 * files fill that time. Both at the same priority: at nice 10 the integration tests starved
 * behind any other load on the machine (decision 086). The end-to-end output shows as it comes;
 * the others' output is printed whole once the end-to-end tests have ended.
 */
const integration = {
  name: "integration tests",
  run: vitest("integration"),
  counts: () => vitestCounts("integration", vitestReport("integration")),
};
/** @type {Phase} */
const endToEnd = {
  name: "end-to-end tests",
  run: ["npx", ["playwright", "test"]],
  env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
  needsBuild: true,
  counts: () => playwrightCounts(playwrightReport),
};

/** @type {{ name: string, status: "passed" | "failed" | "skipped", detail: string }[]} */
const results = [];
/** @type {Record<string, Counts>} */
const levels = {};

/**
 * Notes a phase's result for the summary.
 * @param {string} name
 * @param {boolean} passed
 * @param {number} ms
 * @param {Record<string, Counts>} counted
 * @param {string} [stepsDetail]
 */
function noteResult(name, passed, ms, counted, stepsDetail) {
  Object.assign(levels, counted);
  const countsDetail = Object.entries(counted)
    .map(([level, numbers]) => (Object.keys(counted).length > 1 ? `${level}: ` : "") + describeCounts(numbers))
    .join("; ");
  const status = passed ? "passed" : "failed";
  const detail = [duration(ms), countsDetail, stepsDetail && `(${stepsDetail})`].filter(Boolean).join(", ");
  results.push({ name, status, detail });
  if (status === "failed") console.error(`✖ ${name} failed`);
}

// The route types first: the type check and ESLint's type-aware rules read them. Then the build
// and the bundle-size check, the start of everything else.
console.log("\n▶ route types");
const typegen = passes(["npx", ["react-router", "typegen"]]);
console.log("\n▶ build");
let started = performance.now();
const built = passes(["npm", ["run", "build"]]);
noteResult("build", built, performance.now() - started, {});
if (built) {
  console.log("\n▶ bundle-size check");
  started = performance.now();
  noteResult("bundle-size check", passes(["npm", ["run", "size"]]), performance.now() - started, {});
} else results.push({ name: "bundle-size check", status: "skipped", detail: "skipped: the build failed" });

let testsRunning = built;
/** @type {Map<string, { passed: boolean, ms: number, print: () => void }>} */
const ended = new Map();
let next = 0;
// One check at a time beside the tests; two at a time when there are none (the build failed).
const lane = async () => {
  while (next < checks.length) {
    const check = /** @type {(typeof checks)[number]} */ (checks[next++]);
    ended.set(check.name, await runBeside(check.name, check.run, { nice: testsRunning && !check.timed }));
  }
};
const besideStarted = performance.now();
if (built) {
  console.log(
    `\n▶ ${endToEnd.name}; beside them the ${integration.name} and, one at a time, the type check, lint, layers and unit tests (their output printed once the ${endToEnd.name} have ended)`,
  );
  const checksRun = lane();
  const integrationRun = runBeside(integration.name, integration.run);
  started = performance.now();
  const endToEndPassed = await passesAsync(/** @type {Command} */ (endToEnd.run), endToEnd.env);
  const endToEndMs = performance.now() - started;
  const integrationResult = await integrationRun;
  testsRunning = false;
  integrationResult.print();
  noteResult(integration.name, integrationResult.passed, integrationResult.ms, integration.counts());
  noteResult(endToEnd.name, endToEndPassed, endToEndMs, endToEnd.counts?.() ?? {});
  console.log(`\nThe integration and end-to-end tests took ${duration(performance.now() - besideStarted)} together.`);
  await checksRun;
} else {
  for (const { name } of [integration, endToEnd])
    results.push({ name, status: "skipped", detail: "skipped: the build failed" });
  console.log("\n▶ the type check, lint, layers and unit tests, two at a time");
  await Promise.all([lane(), lane()]);
}
for (const check of checks) ended.get(check.name)?.print();
for (const phase of [...new Set(checks.map((check) => check.phase))]) {
  const tasks = checks.filter((check) => check.phase === phase);
  const outcomes = tasks.map((task) => ({ name: task.name, passed: false, ms: 0, ...ended.get(task.name) }));
  const passed = outcomes.every((outcome) => outcome.passed) && (phase !== "typecheck" || typegen);
  const ms = outcomes.reduce((sum, outcome) => sum + outcome.ms, 0);
  const counted = Object.assign({}, ...tasks.map((task) => task.counts?.() ?? {}));
  const stepsDetail =
    tasks.length > 1
      ? outcomes.map((outcome) => `${outcome.name} ${outcome.passed ? "✔" : "✖"} ${duration(outcome.ms)}`).join(", ")
      : undefined;
  noteResult(phase, passed, ms, counted, stepsDetail);
}
console.log(`\nEverything after the build took ${duration(performance.now() - besideStarted)}.`);
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
