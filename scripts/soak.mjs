// Memory soak of the production panel (`npm run soak`): bounded in time and load, on loopback only.
// Not a test (tests never time things) and not in CI: it keeps two cores busy for five minutes.
//
// 1. Builds the panel (SOAK_SKIP_BUILD=1 skips it), starts the demo API and `node server.js`
//    (NODE_ENV=production) with a preload that reports process.memoryUsage() on SIGUSR2.
// 2. Signs in as the demo admin and drives every screen that renders without a token (the admin
//    screens, a user's details and invites, a membership's view and edit pages, the sign-in,
//    forgot-password and app-download pages) with autocannon: SOAK_CONNECTIONS connections (20)
//    for SOAK_MINUTES (5), a browser user agent and `Accept-Encoding: br, gzip`
//    (SOAK_ACCEPT_ENCODING), so every page is compressed as it streams.
// 3. Prints RSS, the JS heap and the 1-minute load average every SOAK_SAMPLE_SECONDS (10); then,
//    per minute of the run, the medians of its samples.
//
// Bounds (exit code 1 when broken): every answer 2xx and no error; and RSS reaches a plateau. The
// first SOAK_WARMUP_MINUTES (1) fill the allocators, V8's heap and caches, and are left out; the
// minutes after it are split in an earlier and a later half (the later half the shorter when odd),
// and the median RSS of the later half's samples must be at most SOAK_MAX_GROWTH_PERCENT (5) above
// the earlier half's: memory that still grows at the end of the run has not reached its plateau,
// whether because of a leak or of a machine so busy that the run did not get far enough. The run
// is judged only from 5 minutes (SOAK_MINUTES=5) on: a shorter one fails as too short to judge.
import os from "node:os";

import autocannon from "autocannon";

import { PanelClient } from "../tests/support/form-post.ts";
import { BROWSER_HEADERS, buildUnlessSkipped, exitWithVerdict, intFromEnv, loadAverage, median } from "./measuring.mjs";
import { mb, MEMORY_PROBE, memoryReader } from "./panel-memory.mjs";
import { startDemoApi, startPanel } from "../tests/support/servers.ts";

if (process.env.SOAK_SECONDS) {
  console.error("SOAK_SECONDS is gone: set SOAK_MINUTES (whole minutes, default 5; judged from 5 on)");
  process.exit(1);
}
const MINUTES = intFromEnv("SOAK_MINUTES", 5);
const WARMUP_MINUTES = intFromEnv("SOAK_WARMUP_MINUTES", 1);
const CONNECTIONS = intFromEnv("SOAK_CONNECTIONS", 20);
const SAMPLE_SECONDS = intFromEnv("SOAK_SAMPLE_SECONDS", 10);
const MAX_GROWTH_PERCENT = intFromEnv("SOAK_MAX_GROWTH_PERCENT", 5, 0);
const ACCEPT_ENCODING = process.env.SOAK_ACCEPT_ENCODING ?? "br, gzip";
/** The shortest run whose plateau is judged: a minute of warm-up and two minutes per half. */
const MIN_JUDGED_MINUTES = 5;
const SECONDS = MINUTES * 60;

/** What a browser sends, with SOAK_ACCEPT_ENCODING. */
const HEADERS = { ...BROWSER_HEADERS, "accept-encoding": ACCEPT_ENCODING };

/** @typedef {{ seconds: number, load: number } & NodeJS.MemoryUsage} MemorySample */

/**
 * The first number a page links to with `pattern` (a RegExp with one group), e.g. a user's id.
 * @param {PanelClient} admin
 * @param {string} page
 * @param {RegExp} pattern
 */
async function firstLinkedId(admin, page, pattern) {
  const html = await (await admin.get(page, HEADERS)).text();
  const match = pattern.exec(html);
  if (!match) throw new Error(`${page} links to nothing matching ${pattern}`);
  return match[1];
}

/**
 * Every screen the soak requests, with the admin's cookie where the screen needs one.
 * @param {PanelClient} admin
 */
async function screens(admin) {
  const userId = await firstLinkedId(admin, "/users", /href="\/users\/(\d+)[?"]/);
  const membershipId = await firstLinkedId(admin, "/memberships", /href="\/memberships\/view\/(\d+)[?"]/);
  const signedIn = { ...HEADERS, cookie: admin.cookieHeader() };
  const adminPaths = [
    "/",
    "/users",
    `/users/${userId}`,
    `/users/view-invites/${userId}`,
    "/badge-requests",
    "/posts",
    "/announcements",
    "/memberships",
    "/memberships/create",
    `/memberships/view/${membershipId}`,
    `/memberships/edit/${membershipId}`,
  ];
  const publicPaths = ["/login", "/forgot-password", "/get-app"];
  return [
    ...adminPaths.map((path) => ({ method: /** @type {const} */ ("GET"), path, headers: signedIn })),
    ...publicPaths.map((path) => ({ method: /** @type {const} */ ("GET"), path, headers: HEADERS })),
  ];
}

/**
 * The minute of the run a sample belongs to (0 for the first; a sample on a minute's last second
 * belongs to it; the sample taken before the load, and one taken after its end, to neither).
 * @param {MemorySample} sample
 */
const minuteOf = (sample) => (sample.seconds > 0 ? Math.min(Math.ceil(sample.seconds / 60), MINUTES) - 1 : -1);

/**
 * Theil–Sen slope of `value` over time (the median of the slopes between every two samples, so one
 * odd sample weighs little), per minute; NaN for fewer than two samples.
 * @param {MemorySample[]} samples
 * @param {(sample: MemorySample) => number} value
 */
function slopePerMinute(samples, value) {
  const slopes = [];
  for (let i = 0; i < samples.length; i++)
    for (let j = i + 1; j < samples.length; j++) {
      const [a, b] = [/** @type {MemorySample} */ (samples[i]), /** @type {MemorySample} */ (samples[j])];
      if (b.seconds > a.seconds) slopes.push(((value(b) - value(a)) / (b.seconds - a.seconds)) * 60);
    }
  return median(slopes);
}

/**
 * The per-minute medians, and whether RSS reached its plateau: the later half of the minutes after
 * the warm-up against the earlier half, by the median of their samples.
 * @param {MemorySample[]} samples
 */
function plateauVerdict(samples) {
  /** @type {MemorySample[][]} */
  const minutes = Array.from({ length: MINUTES }, () => []);
  for (const sample of samples) {
    const minute = minuteOf(sample);
    if (minute >= 0) minutes[minute]?.push(sample);
  }
  const judged = minutes.slice(WARMUP_MINUTES);
  const laterCount = Math.floor(judged.length / 2);
  const earlier = judged.slice(0, judged.length - laterCount).flat();
  const later = judged.slice(judged.length - laterCount).flat();
  /** @param {MemorySample[]} group @param {keyof NodeJS.MemoryUsage} key */
  const med = (group, key) => median(group.map((sample) => sample[key]));
  /** @param {keyof NodeJS.MemoryUsage} key */
  const growth = (key) => ((med(later, key) - med(earlier, key)) / med(earlier, key)) * 100;
  const firstLater = WARMUP_MINUTES + judged.length - laterCount;
  return {
    minutes,
    earlierSpan: `minutes ${WARMUP_MINUTES}–${firstLater}`,
    laterSpan: `minutes ${firstLater}–${MINUTES}`,
    judgeable: laterCount >= 1 && earlier.length >= 2 && later.length >= 2,
    rss: { earlier: med(earlier, "rss"), later: med(later, "rss"), growth: growth("rss") },
    heapUsed: { earlier: med(earlier, "heapUsed"), later: med(later, "heapUsed"), growth: growth("heapUsed") },
    heapTotal: { earlier: med(earlier, "heapTotal"), later: med(later, "heapTotal"), growth: growth("heapTotal") },
    /** RSS's slope over the later half, bytes per minute. */
    laterSlope: slopePerMinute(later, (sample) => sample.rss),
  };
}

const percent = (/** @type {number} */ value) => `${value >= 0 ? "+" : ""}${value.toFixed(1)}%`;
const mbPerMinute = (/** @type {number} */ bytes) => `${bytes >= 0 ? "+" : ""}${mb(bytes)}/min`;

const problems = [];
let demo;
let panel;
const startLoad = loadAverage();
try {
  buildUnlessSkipped("SOAK_SKIP_BUILD");
  demo = await startDemoApi();
  panel = await startPanel(`${demo.url}/api`, { NODE_OPTIONS: `--import ${MEMORY_PROBE}` });
  const readMemory = memoryReader(panel);
  const admin = new PanelClient(panel.url);
  await admin.signIn();
  const requests = await screens(admin);

  console.log(
    `\nNode ${process.version}, ${os.cpus().length} CPUs, load average ${startLoad} at the start (before the build), ${loadAverage()} now`,
  );
  console.log(
    `Soak: ${requests.length} screens, ${CONNECTIONS} connections, ${MINUTES} min (warm-up: the first ${WARMUP_MINUTES} min), Accept-Encoding: ${ACCEPT_ENCODING}\n`,
  );
  console.log("  time |      RSS | heap used | heap total | external | load");

  /** @type {MemorySample[]} */
  const samples = [];
  const started = performance.now();
  const sample = async () => {
    const memory = await readMemory();
    const seconds = Math.round((performance.now() - started) / 1000);
    const load = os.loadavg()[0] ?? 0;
    samples.push({ seconds, load, ...memory });
    console.log(
      `${`${seconds} s`.padStart(6)} | ${mb(memory.rss).padStart(8)} | ${mb(memory.heapUsed).padStart(9)} | ${mb(memory.heapTotal).padStart(10)} | ${mb(memory.external).padStart(8)} | ${load.toFixed(2)}`,
    );
  };
  await sample();
  const sampler = setInterval(() => void sample(), SAMPLE_SECONDS * 1000);
  const load = autocannon({ url: panel.url, connections: CONNECTIONS, duration: SECONDS, requests });
  const result = await load;
  clearInterval(sampler);
  // The end of the load, unless the interval sampled it a moment ago.
  const lastSample = /** @type {MemorySample} */ (samples.at(-1));
  if (performance.now() - started - lastSample.seconds * 1000 > 5_000) await sample();

  const total = result.requests.total;
  console.log(
    `\n${total} requests (${Math.round(result.requests.average)}/s), ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; load average ${startLoad} at the start, ${loadAverage()} at the end`,
  );
  if (result.non2xx || result.errors || result.timeouts) {
    problems.push(`${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }

  const verdict = plateauVerdict(samples);
  console.log("\nMedians per minute:\n\n  minute | samples |      RSS | heap used | heap total | load (1 min)");
  verdict.minutes.forEach((group, minute) => {
    const med = (/** @type {keyof NodeJS.MemoryUsage} */ key) =>
      group.length ? mb(median(group.map((entry) => entry[key]))) : "–";
    const loads = group.map((entry) => entry.load);
    console.log(
      `  ${`${minute}–${minute + 1}`.padStart(6)} | ${String(group.length).padStart(7)} | ${med("rss").padStart(8)} | ${med("heapUsed").padStart(9)} | ${med("heapTotal").padStart(10)} | ${
        loads.length ? `${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}` : "–"
      }${minute < WARMUP_MINUTES ? " (warm-up)" : ""}`,
    );
  });
  if (!verdict.judgeable) {
    problems.push(
      `too short to judge: ${MINUTES} min with ${WARMUP_MINUTES} of warm-up and a sample every ${SAMPLE_SECONDS} s leaves too few samples to compare`,
    );
  } else {
    const { rss, heapUsed, heapTotal } = verdict;
    console.log(
      `\nRSS, median of ${verdict.laterSpan} against ${verdict.earlierSpan}: ${mb(rss.later)} against ${mb(rss.earlier)}, ${percent(rss.growth)} (bound +${MAX_GROWTH_PERCENT}%); ` +
        `slope over ${verdict.laterSpan} ${mbPerMinute(verdict.laterSlope)}` +
        `\nHeap used ${mb(heapUsed.later)} against ${mb(heapUsed.earlier)} (${percent(heapUsed.growth)}), heap total ${mb(heapTotal.later)} against ${mb(heapTotal.earlier)} (${percent(heapTotal.growth)})`,
    );
    if (rss.growth > MAX_GROWTH_PERCENT) {
      const where =
        heapTotal.growth > MAX_GROWTH_PERCENT
          ? "the JS heap grew with it"
          : "the JS heap did not grow with it: native memory (zlib, brotli, the allocator)";
      problems.push(
        `RSS did not reach a plateau: the median of ${verdict.laterSpan} is ${percent(rss.growth)} over ${verdict.earlierSpan} (bound +${MAX_GROWTH_PERCENT}%), ` +
          `${mbPerMinute(verdict.laterSlope)} at the end; ${where}. Run it longer (SOAK_MINUTES=10) on a quieter machine ` +
          `(load average ${loadAverage()} at the end); memory that keeps growing then is a leak`,
      );
    } else console.log(`RSS reached its plateau: it held over ${verdict.laterSpan}.`);
  }
  if (MINUTES < MIN_JUDGED_MINUTES)
    problems.push(
      `too short to judge: SOAK_MINUTES=${MINUTES}; the plateau is judged from ${MIN_JUDGED_MINUTES} minutes or more`,
    );
} catch (error) {
  problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await Promise.all([panel?.stop(), demo?.stop()]);
}

exitWithVerdict(
  problems,
  `every answer 2xx; RSS at its plateau (${MINUTES} min, the median of the later half within +${MAX_GROWTH_PERCENT}% of the earlier; load average ${startLoad} at the start, ${loadAverage()} at the end)`,
);
