// What the measuring scripts share (`npm run bench`, `npm run soak`, `npm run export:rss`):
// settings from the environment, what a browser sends, medians, the load average, a process's CPU
// time from /proc, load with autocannon, alternating (A B B A) rounds, the build, and the verdict.
import { readFileSync } from "node:fs";
import os from "node:os";

import autocannon from "autocannon";

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

/** The median of values in any order (the mean of the middle two for an even count; NaN for none). */
export function median(/** @type {number[]} */ values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const [lower, upper] = [sorted[middle - 1] ?? NaN, sorted[middle] ?? NaN];
  return sorted.length % 2 ? upper : (lower + upper) / 2;
}

/** The 1-, 5- and 15-minute load averages, as "1.23 4.56 7.89". */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** The 1-minute load average, as "1.23". */
export const loadNow = () => (os.loadavg()[0] ?? 0).toFixed(2);

/**
 * CPU time the process `pid` has used so far, utime + stime of all its threads (Node's
 * compression runs on libuv's workers), in ms; null without a pid or where /proc is not there
 * (not Linux). Less sensitive to other work on the machine than requests/s.
 * @param {number | undefined} pid
 */
export function processCpuMs(pid) {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (command) ": utime and stime are the 12th and 13th fields, in USER_HZ (100) ticks.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * The live descendants of `pid` (children, grandchildren...), from /proc; none where /proc does not tell.
 * @param {number} pid
 * @returns {number[]}
 */
export function descendants(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
    return children.flatMap((child) => [child, ...descendants(child)]);
  } catch {
    return [];
  }
}

/**
 * The command line of process `pid`, or null when it is gone.
 * @param {number} pid
 */
export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    return null;
  }
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until none of the processes uses CPU any more (two looks 250 ms apart, each at most one
 * clock tick up), at most 30 s. A server may still be answering requests of the load before (gunicorn
 * answers what waits on its connections; Node drops a request whose client left): without the wait
 * that work would be counted to the next run, or slow the other side down.
 * @param {(number | undefined)[]} pids
 */
export async function waitIdle(pids) {
  const known = pids.filter((pid) => pid !== undefined);
  if (!known.length) return;
  const total = () => known.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);
  const deadline = Date.now() + 30_000;
  let last = total();
  let quiet = 0;
  while (quiet < 2 && Date.now() < deadline) {
    await sleep(250);
    const now = total();
    quiet = now - last <= 10 * known.length ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * @typedef {object} LoadResult
 * @property {number} rps requests per second, autocannon's average
 * @property {number} requests answers counted
 * @property {Record<string, number | null>} cpuMs CPU time each process of `pids` used during the
 *   counted run, in ms (null where /proc does not tell)
 * @property {number} p50 full response, ms
 * @property {number} p99 full response, ms
 * @property {number} non2xx
 * @property {number} errors request errors and timeouts
 * @property {number} bytesPerAnswer on the wire, headers included
 */

/**
 * Load on one URL with autocannon: `warmupSeconds` of it not counted (0: none), a wait until the
 * processes of `pids` and `idlePids` are idle, then `seconds` counted, with the CPU time each
 * process of `pids` used meanwhile.
 * @param {{ url: string, headers: Record<string, string>, connections: number, seconds: number,
 *   warmupSeconds?: number, pids?: Record<string, number | undefined>, idlePids?: (number | undefined)[] }} options
 * @returns {Promise<LoadResult>}
 */
export async function driveLoad({ url, headers, connections, seconds, warmupSeconds = 0, pids = {}, idlePids = [] }) {
  if (warmupSeconds) await autocannon({ url, connections, duration: warmupSeconds, headers });
  await waitIdle([...Object.values(pids), ...idlePids]);
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, processCpuMs(pid)]));
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpuMs = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => {
      const [start, end] = [before[name], processCpuMs(pid)];
      return [name, start === null || start === undefined || end === null ? null : end - start];
    }),
  );
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    cpuMs,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerAnswer: result.requests.total ? result.throughput.total / result.requests.total : NaN,
  };
}

/**
 * CPU per request of process `name` over runs taken together (their CPU over their answers), in
 * ms; null when a run has no figure for it.
 * @param {LoadResult[]} runs
 * @param {string} name
 */
export function cpuPerRequest(runs, name) {
  let [cpu, requests] = [0, 0];
  for (const run of runs) {
    const used = run.cpuMs[name];
    if (used === null || used === undefined) return null;
    cpu += used;
    requests += run.requests;
  }
  return requests ? cpu / requests : null;
}

/**
 * @template T
 * @typedef {{ round: number, a: T[], b: T[], loadBefore: string, loadAfter: string }} AlternateRound
 */

/**
 * Two sides measured in alternating rounds, A B B A in each: a machine whose speed drifts (other
 * work starting or stopping) weighs on both sides alike within a round, and a ratio of the two is
 * taken per round, so that the median of the rounds' ratios moves when the code does, not when the
 * machine is busy. `onRound` runs after each round (to print it, or to measure something else
 * once per round); the 1-minute load average is read at each round's start and end.
 * @template T
 * @param {number} rounds
 * @param {(side: "a" | "b", round: number) => Promise<T>} measure
 * @param {(round: AlternateRound<T>) => void | Promise<void>} [onRound]
 * @returns {Promise<AlternateRound<T>[]>}
 */
export async function alternate(rounds, measure, onRound) {
  /** @type {AlternateRound<T>[]} */
  const done = [];
  for (let round = 1; round <= rounds; round++) {
    const loadBefore = loadNow();
    /** @type {{ a: T[], b: T[] }} */
    const sides = { a: [], b: [] };
    for (const side of /** @type {const} */ (["a", "b", "b", "a"])) sides[side].push(await measure(side, round));
    const entry = { round, ...sides, loadBefore, loadAfter: loadNow() };
    done.push(entry);
    await onRound?.(entry);
  }
  return done;
}

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
