// What the panel's measuring scripts share (`npm run soak`, `npm run export:rss`): settings from
// the environment, and the panel's memory read through the SIGUSR2 preload
// (scripts/report-memory-on-signal.mjs).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

import { ROOT } from "../tests/support/servers.ts";

/** The preload that makes the panel answer SIGUSR2 with its memory use (NODE_OPTIONS=--import). */
export const MEMORY_PROBE = path.join(ROOT, "scripts/report-memory-on-signal.mjs");

/**
 * A whole number from the environment, or the default.
 * @param {string} name
 * @param {number} fallback
 */
export function intFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

const MB = 1024 * 1024;

/** Bytes as megabytes with one decimal. */
export const mb = (/** @type {number} */ bytes) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * Asks the panel for its memory use (the preload answers SIGUSR2 with one JSON line).
 * @param {{ process: import("node:child_process").ChildProcess }} panel
 * @returns {() => Promise<NodeJS.MemoryUsage>}
 */
export function memoryReader(panel) {
  /** @type {((memory: NodeJS.MemoryUsage) => void)[]} */
  const waiting = [];
  createInterface({ input: /** @type {import("node:stream").Readable} */ (panel.process.stdout) }).on(
    "line",
    (line) => {
      if (!line.startsWith('{"msg":"memory"')) return;
      waiting.shift()?.(JSON.parse(line));
    },
  );
  return () =>
    new Promise((resolve) => {
      waiting.push(resolve);
      panel.process.kill("SIGUSR2");
    });
}

/**
 * Builds the panel (`react-router build`), unless the variable `skipVariable` is "1": then the
 * existing build/ is measured.
 * @param {string} skipVariable
 */
export function buildUnlessSkipped(skipVariable) {
  if (process.env[skipVariable] === "1") {
    console.log(`${skipVariable}=1: using the existing build/`);
    return;
  }
  const built = spawnSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("react-router build failed");
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
