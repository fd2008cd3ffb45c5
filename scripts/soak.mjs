// Memory soak of the production panel (`npm run soak`): bounded in time and load, on loopback only.
// Not a test (tests never time things) and not in CI: it keeps two cores busy for five minutes.
//
// 1. Builds the panel (SOAK_SKIP_BUILD=1 skips it), starts the demo API and `node server.js`
//    (NODE_ENV=production) with a preload that reports process.memoryUsage() on SIGUSR2.
// 2. Signs in as the demo admin and drives every screen that renders without a token (the admin
//    screens, a user's details and invites, a membership's view and edit pages, the sign-in,
//    forgot-password and app-download pages) with autocannon: SOAK_CONNECTIONS connections (20)
//    for SOAK_SECONDS (300), a browser user agent and `Accept-Encoding: br, gzip`
//    (SOAK_ACCEPT_ENCODING), so every page is compressed as it streams.
// 3. Prints RSS and the JS heap every SOAK_SAMPLE_SECONDS (30).
//
// Bounds (exit code 1 when broken): every answer 2xx and no error; and RSS stops growing after the
// first minute: the highest sample of the second half of the run (after minute 1) is at most
// SOAK_MAX_GROWTH_PERCENT (10) above the highest sample of the first half.
import os from "node:os";

import autocannon from "autocannon";

import { PanelClient } from "../tests/support/form-post.ts";
import { BROWSER_HEADERS, buildUnlessSkipped, exitWithVerdict, intFromEnv } from "./measuring.mjs";
import { mb, MEMORY_PROBE, memoryReader } from "./panel-memory.mjs";
import { startDemoApi, startPanel } from "../tests/support/servers.ts";

const SECONDS = intFromEnv("SOAK_SECONDS", 300);
const CONNECTIONS = intFromEnv("SOAK_CONNECTIONS", 20);
const SAMPLE_SECONDS = intFromEnv("SOAK_SAMPLE_SECONDS", 30);
const MAX_GROWTH_PERCENT = intFromEnv("SOAK_MAX_GROWTH_PERCENT", 10);
const ACCEPT_ENCODING = process.env.SOAK_ACCEPT_ENCODING ?? "br, gzip";
/** Allocators and caches fill up first: growth counts from the end of the first minute. */
const SETTLE_SECONDS = 60;

/** What a browser sends, with SOAK_ACCEPT_ENCODING. */
const HEADERS = { ...BROWSER_HEADERS, "accept-encoding": ACCEPT_ENCODING };

/** @typedef {{ seconds: number } & NodeJS.MemoryUsage} MemorySample */

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
 * Whether RSS kept growing after the first minute, from samples `{ seconds, rss }`.
 * @param {MemorySample[]} samples
 */
function rssVerdict(samples) {
  const settled = samples.filter((sample) => sample.seconds >= SETTLE_SECONDS);
  const [first, last] = /** @type {[MemorySample, MemorySample]} */ ([settled[0], settled.at(-1)]);
  const middle = (first.seconds + last.seconds) / 2;
  const firstHalf = Math.max(...settled.filter((sample) => sample.seconds <= middle).map((sample) => sample.rss));
  const secondHalf = Math.max(...settled.filter((sample) => sample.seconds > middle).map((sample) => sample.rss));
  const growthPercent = ((secondHalf - firstHalf) / firstHalf) * 100;
  return { firstHalf, secondHalf, growthPercent, growing: growthPercent > MAX_GROWTH_PERCENT };
}

const problems = [];
let demo;
let panel;
try {
  buildUnlessSkipped("SOAK_SKIP_BUILD");
  demo = await startDemoApi();
  panel = await startPanel(`${demo.url}/api`, { NODE_OPTIONS: `--import ${MEMORY_PROBE}` });
  const readMemory = memoryReader(panel);
  const admin = new PanelClient(panel.url);
  await admin.signIn();
  const requests = await screens(admin);

  console.log(
    `\nNode ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `Soak: ${requests.length} screens, ${CONNECTIONS} connections, ${SECONDS} s, Accept-Encoding: ${ACCEPT_ENCODING}\n`,
  );
  console.log("  time |      RSS | heap used | heap total | external");

  /** @type {MemorySample[]} */
  const samples = [];
  const started = performance.now();
  const sample = async () => {
    const memory = await readMemory();
    const seconds = Math.round((performance.now() - started) / 1000);
    samples.push({ seconds, ...memory });
    console.log(
      `${`${seconds} s`.padStart(6)} | ${mb(memory.rss).padStart(8)} | ${mb(memory.heapUsed).padStart(9)} | ${mb(memory.heapTotal).padStart(10)} | ${mb(memory.external).padStart(8)}`,
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
    `\n${total} requests (${Math.round(result.requests.average)}/s), ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
  );
  if (result.non2xx || result.errors || result.timeouts) {
    problems.push(`${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  if (samples.filter((entry) => entry.seconds >= SETTLE_SECONDS).length < 2) {
    problems.push(`too short to judge: RSS growth counts after ${SETTLE_SECONDS} s (SOAK_SECONDS=${SECONDS})`);
  } else {
    const verdict = rssVerdict(samples);
    console.log(
      `RSS after the first minute: highest ${mb(verdict.firstHalf)} in the first half, ${mb(verdict.secondHalf)} in the second (${verdict.growthPercent >= 0 ? "+" : ""}${verdict.growthPercent.toFixed(1)}%, bound +${MAX_GROWTH_PERCENT}%)`,
    );
    if (verdict.growing)
      problems.push(`RSS kept growing after the first minute (+${verdict.growthPercent.toFixed(1)}%)`);
  }
} catch (error) {
  problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await Promise.all([panel?.stop(), demo?.stop()]);
}

exitWithVerdict(problems, `every answer 2xx; RSS flat after the first minute (within +${MAX_GROWTH_PERCENT}%)`);
