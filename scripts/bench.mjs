// Benchmark of the built panel against the demo API, with bounds. Not a test (tests never time
// things) and not in CI: run `npm run bench`; it takes about 20 minutes.
//
// Every bounded figure is a ratio of two sides measured in alternating rounds, A B B A in each
// (BENCH_ROUNDS rounds, 5), and the bound holds the median of the rounds' ratios: a machine that
// gets busier or quieter during a run weighs on both sides of a round alike, and the median leaves
// out a round that a burst of other work hit. The load average is printed with every round. What
// rounds cannot take out is load that slows one side more than the other at the same moment: on a
// machine several times oversubscribed the heavier page waits longer for a core, so its requests/s
// share falls with the load; the CPU-per-request ratios printed beside the bounds hold steadier
// (docs/performance.md#figures-of-2026-12-02-alternating-rounds-on-a-busy-machine).
//
// 1. Builds the panel (`react-router build`; BENCH_SKIP_BUILD=1 skips it) and the floor app
//    (scripts/floor-app.mjs: a bare React Router page, served like the panel, whose loader makes
//    one upstream call: the pass's demo API's /api/users without a session, a short 401).
// 2. Pass 1, demo API latency DEMO_API_LATENCY_MS (default 0), signed in as the demo admin, with a
//    browser user agent (React Router waits for all data when it sees a bot) and BENCH_CONNECTIONS
//    (10) connections: every page is warmed up for BENCH_WARMUP_SECONDS (5) first. Then the floor
//    page (A) and signed-in /users (B) in alternating rounds of BENCH_SECONDS (6) each: per round
//    /users' requests/s over the floor's, and the CPU per request of both (the whole server
//    process, all threads, from /proc). Then /, /announcements and /memberships once each, and
//    TTFB over BENCH_TTFB_REQUESTS (300) sequential requests per page.
// 3. `npm start` against the production server: both run side by side (each with its own demo
//    API); on /users and on /memberships, production (A) and `npm start` (B) in alternating rounds.
// 4. The Django admin anchor (../shared/anchors/django-admin, or BENCH_DJANGO_ANCHOR), when Debian's
//    python3 imports Django 3.2 and gunicorn is installed (skipped with a note otherwise, or with
//    BENCH_SKIP_DJANGO=1): scripts/bench-django.mjs.
// 5. Insights (scripts/bench-insights.ts; BENCH_SKIP_INSIGHTS=1 skips it): the seeding step writes
//    1,000,000 entries into a trail on each engine and rebuilds the roll-ups, then /insights?days=90
//    answers 300 sequential requests (bound: p95 under 300 ms on each); and signed-in /users with
//    the shell's waiting banner shown against a panel without it (bound: 0.98 × or more).
// 6. Pass 2, a second demo API at 50 ms latency: the floor page (A) and the dashboard (B) in
//    alternating rounds of sequential requests (a fifth of BENCH_TTFB_REQUESTS each), per round the
//    dashboard's TTFB p50 divided by 50 ms, the latency every upstream call waits at least; then
//    every page's load and TTFB once. Server-Timing says how many calls a page made and how long
//    the slowest one took.
//
// Bounds (exit code 1 when broken; decision 049), on the medians of the rounds: no non-2xx answer
// and no error anywhere; signed-in /users at 0.33 × the floor page's requests/s or more; `npm start`
// within 10% of the production server on each page; the dashboard's TTFB ratio under 1.25, since
// its upstream calls run in parallel (in series about 4). With BENCH_DJANGO_BOUND (e.g. 0.4): the
// panel's CPU per request at most that many times Django's.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import autocannon from "autocannon";

import { PanelClient } from "../tests/support/form-post.ts";
import { freePort, ROOT, startDemoApi, startPanel, TEST_SESSION_SECRET } from "../tests/support/servers.ts";
import { compareWithDjango, DJANGO_BOUND, djangoSummary, djangoTable } from "./bench-django.mjs";
import { benchInsights } from "./bench-insights.ts";
import { buildFloorApp } from "./floor-app.mjs";
import {
  alternate,
  BROWSER_HEADERS,
  buildUnlessSkipped,
  commandLine,
  cpuPerRequest,
  descendants,
  driveLoad,
  exitWithVerdict,
  intFromEnv,
  loadAverage,
  loadNow,
  median,
  percentile,
} from "./measuring.mjs";

// Short runs and several rounds: a round's two sides are the closer in time, and the median of
// more rounds leaves out a burst of other work that hit one of them.
const SECONDS = intFromEnv("BENCH_SECONDS", 6);
const WARMUP_SECONDS = intFromEnv("BENCH_WARMUP_SECONDS", 5, 0);
const CONNECTIONS = intFromEnv("BENCH_CONNECTIONS", 10);
const ROUNDS = intFromEnv("BENCH_ROUNDS", 5);
const TTFB_REQUESTS = intFromEnv("BENCH_TTFB_REQUESTS", 300);
/** Sequential requests per side and turn in pass 2's alternating rounds. */
const TTFB_ROUND_REQUESTS = Math.max(20, Math.ceil(TTFB_REQUESTS / 5));
const BASE_LATENCY_MS = intFromEnv("DEMO_API_LATENCY_MS", 0, 0);
const SLOW_LATENCY_MS = 50;
// Issue 38's goal was 1.2; quiet runs of 2026-12-02 read 1.17 (rounds 1.15-1.19): the bound holds
// that level with room for a quiet machine's noise.
const MAX_DASHBOARD_RATIO = 1.25;
// Signed-in /users against the floor page: the measured level is the bound (decision 049, which
// retired issue 17's 0.5 goal; docs/performance.md#against-the-floor says where the rest goes).
const MIN_USERS_TO_FLOOR = 0.33;
const MAX_START_GAP = 0.1;
/** The pages `npm start` is compared on. */
const START_PAGES = ["/users", "/memberships"];

/**
 * The pages measured; `bare` is the bare React Router app, the rest are panel pages.
 * @typedef {{ name: string, path: string, bare?: boolean, dashboard?: boolean, againstFloor?: boolean }} Page
 * @type {Page[]}
 */
const PAGES = [
  { name: "bare React Router page (floor)", bare: true, path: "/" },
  { name: "/ (dashboard)", path: "/", dashboard: true },
  { name: "/users", path: "/users", againstFloor: true },
  { name: "/announcements", path: "/announcements" },
  { name: "/memberships", path: "/memberships" },
];
const FLOOR = /** @type {Page} */ (PAGES.find((page) => page.bare));
const USERS = /** @type {Page} */ (PAGES.find((page) => page.againstFloor));
const DASHBOARD = /** @type {Page} */ (PAGES.find((page) => page.dashboard));

/** @type {string[]} */
const problems = [];
/** @type {import("node:child_process").ChildProcess[]} */
const children = [];

/**
 * Starts the bare app's server on a free loopback port; its one upstream call goes to `upstreamUrl`.
 * @param {string} dir
 * @param {string} upstreamUrl
 */
async function startBareApp(dir, upstreamUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), FLOOR_UPSTREAM_URL: upstreamUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the bare app exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the bare app did not start within 30 s:\n${output}`);
}

/** @param {import("node:child_process").ChildProcess} child */
async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

// ---- Measuring ----------------------------------------------------------------------------

/** @typedef {{ ttfb: number, status: number, serverTiming: string }} TtfbSample */

/**
 * One request; resolves with the time to the response's headers, its status and Server-Timing.
 * @param {string} url
 * @param {http.OutgoingHttpHeaders} headers
 * @param {http.Agent} agent
 * @returns {Promise<TtfbSample>}
 */
function timedGet(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers, agent }, (response) => {
      const ttfb = performance.now() - started;
      response.resume();
      response.on("end", () =>
        resolve({
          ttfb,
          status: /** @type {number} */ (response.statusCode),
          serverTiming: /** @type {string | undefined} */ (response.headers["server-timing"]) ?? "",
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * The upstream entries of a Server-Timing value: their count and the longest duration.
 * @param {string} value
 */
function upstreamTimings(value) {
  const durations = [...value.matchAll(/(?:^|,\s*)upstream-\d+;[^,]*?dur=([\d.]+)/g)].map((match) => Number(match[1]));
  return { calls: durations.length, slowest: durations.length ? Math.max(...durations) : null };
}

/**
 * `count` sequential requests over one keep-alive connection, after `warmup` that are not kept.
 * @param {string} url
 * @param {http.OutgoingHttpHeaders} headers
 * @param {number} count
 * @param {number} [warmup]
 */
async function ttfbSamples(url, headers, count, warmup = 20) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < warmup; i++) await timedGet(url, headers, agent);
    /** @type {TtfbSample[]} */
    const samples = [];
    for (let i = 0; i < count; i++) samples.push(await timedGet(url, headers, agent));
    return samples;
  } finally {
    agent.destroy();
  }
}

/**
 * TTFB p50 and p99 of samples, their non-2xx answers, and what Server-Timing said of the upstream.
 * @param {TtfbSample[]} samples
 */
function ttfbSummary(samples) {
  const ttfbs = samples.map((sample) => sample.ttfb).sort((a, b) => a - b);
  const timings = samples.map((sample) => upstreamTimings(sample.serverTiming));
  const slowest = timings.map((timing) => timing.slowest).filter((value) => value !== null);
  return {
    p50: percentile(ttfbs, 50),
    p99: percentile(ttfbs, 99),
    non2xx: samples.filter((sample) => sample.status < 200 || sample.status > 299).length,
    upstreamCalls: Math.max(0, ...timings.map((timing) => timing.calls)),
    slowestCallP50: slowest.length ? median(slowest) : null,
  };
}

/**
 * Load that is not counted, so that what follows measures a warm server: a server answers its first
 * few hundred requests of a page before V8 has optimised the code they run (a cold /users costs
 * about half as much CPU again as a warm one), and a server in production runs warm.
 * @param {string} url
 * @param {Record<string, string>} headers
 */
async function warmUp(url, headers) {
  if (WARMUP_SECONDS) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
}

/**
 * BENCH_SECONDS of load with BENCH_CONNECTIONS connections on a warm server, its process's CPU
 * counted as `server`; a non-2xx answer or an error is a broken bound.
 * @param {string} label
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number | undefined} pid
 * @param {(number | undefined)[]} [idlePids] the other side's server, which must be idle too before the run
 */
async function measureLoad(label, url, headers, pid, idlePids = []) {
  const load = await driveLoad({
    url,
    headers,
    connections: CONNECTIONS,
    seconds: SECONDS,
    pids: { server: pid },
    idlePids,
  });
  if (load.non2xx || load.errors) problems.push(`${label}: ${load.non2xx} non-2xx answers, ${load.errors} errors`);
  return load;
}

/**
 * Runs of one page taken together: medians of requests/s and latencies, CPU per request over all.
 * @param {import("./measuring.mjs").LoadResult[]} runs
 */
function loadSummary(runs) {
  return {
    rps: median(runs.map((run) => run.rps)),
    cpuMsPerRequest: cpuPerRequest(runs, "server"),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    failures: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
    runs: runs.length,
  };
}

/** @typedef {ReturnType<typeof loadSummary>} LoadSummary */
/** @typedef {ReturnType<typeof ttfbSummary>} TtfbSummary */
/** @typedef {{ page: Page, load: LoadSummary, ttfb: TtfbSummary }} PageRow */

/** The mean of values. */
const mean = (/** @type {number[]} */ values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Starts a demo API at `latencyMs`, the panel and the floor app in front of it, and signs in.
 * @param {number} latencyMs
 * @param {string} floorDir
 */
async function startPassServers(latencyMs, floorDir) {
  const demo = await startDemoApi({ DEMO_API_LATENCY_MS: String(latencyMs) });
  /** @type {Awaited<ReturnType<typeof startPanel>> | undefined} */
  let panel;
  /** @type {Awaited<ReturnType<typeof startBareApp>> | undefined} */
  let bare;
  const stop = () => Promise.all([panel?.stop(), bare && stopChild(bare.child), demo.stop()]);
  try {
    panel = await startPanel(`${demo.url}/api`);
    bare = await startBareApp(floorDir, `${demo.url}/api/users`);
    const admin = new PanelClient(panel.url);
    await admin.signIn();
    const [panelUrl, bareUrl, panelPid, barePid] = [panel.url, bare.url, panel.process.pid, bare.child.pid];
    return {
      /** @param {Page} page */
      url: (page) => `${page.bare ? bareUrl : panelUrl}${page.path}`,
      /** @param {Page} page */
      headers: (page) => (page.bare ? BROWSER_HEADERS : { ...BROWSER_HEADERS, cookie: admin.cookieHeader() }),
      /** @param {Page} page */
      pid: (page) => (page.bare ? barePid : panelPid),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Pass 1: the floor and /users in alternating rounds, then the other pages once, then TTFB.
 * @param {string} floorDir
 */
async function runPass1(floorDir) {
  const servers = await startPassServers(BASE_LATENCY_MS, floorDir);
  try {
    process.stdout.write(`  warm-up, ${WARMUP_SECONDS} s per page...`);
    for (const page of PAGES) await warmUp(servers.url(page), servers.headers(page));
    process.stdout.write(" done\n");
    console.log(`  The floor page (A) and signed-in /users (B), ${ROUNDS} rounds of A B B A, ${SECONDS} s each:`);
    const measure = (/** @type {Page} */ page) =>
      measureLoad(
        `${page.name} at ${BASE_LATENCY_MS} ms`,
        servers.url(page),
        servers.headers(page),
        servers.pid(page),
        [servers.pid(FLOOR), servers.pid(USERS)],
      );
    const rounds = await alternate(
      ROUNDS,
      (side) => measure(side === "a" ? FLOOR : USERS),
      (round) => console.log(`  ${floorRoundLine(round)}`),
    );
    /** @type {Map<Page, LoadSummary>} */
    const loads = new Map([
      [FLOOR, loadSummary(rounds.flatMap((round) => round.a))],
      [USERS, loadSummary(rounds.flatMap((round) => round.b))],
    ]);
    for (const page of PAGES.filter((page) => !loads.has(page))) {
      process.stdout.write(`  ${page.name}: load (one run, not bounded)...`);
      loads.set(page, loadSummary([await measure(page)]));
      process.stdout.write(` done (load ${loadNow()})\n`);
    }
    /** @type {PageRow[]} */
    const rows = [];
    for (const page of PAGES) {
      process.stdout.write(`  ${page.name}: TTFB...`);
      const ttfb = ttfbSummary(await ttfbSamples(servers.url(page), servers.headers(page), TTFB_REQUESTS));
      process.stdout.write(" done\n");
      if (ttfb.non2xx) problems.push(`${page.name} at ${BASE_LATENCY_MS} ms: ${ttfb.non2xx} non-2xx answers (TTFB)`);
      rows.push({ page, load: /** @type {LoadSummary} */ (loads.get(page)), ttfb });
    }
    return { rows, rounds: rounds.map(floorRound) };
  } finally {
    await servers.stop();
  }
}

/**
 * One round of the floor (a) and /users (b): /users' requests/s over the floor's, and the floor's
 * CPU per request over /users'.
 * @param {import("./measuring.mjs").AlternateRound<import("./measuring.mjs").LoadResult>} round
 */
function floorRound(round) {
  const [floorCpu, usersCpu] = [cpuPerRequest(round.a, "server"), cpuPerRequest(round.b, "server")];
  return {
    ...round,
    share: mean(round.b.map((run) => run.rps)) / mean(round.a.map((run) => run.rps)),
    floorCpu,
    usersCpu,
    cpuShare: floorCpu === null || usersCpu === null ? null : floorCpu / usersCpu,
  };
}

/** @param {import("./measuring.mjs").AlternateRound<import("./measuring.mjs").LoadResult>} round */
function floorRoundLine(round) {
  const { share, floorCpu, usersCpu, cpuShare } = floorRound(round);
  const rps = (/** @type {import("./measuring.mjs").LoadResult[]} */ runs) =>
    runs.map((run) => Math.round(run.rps)).join(", ");
  return (
    `round ${round.round} (load ${round.loadBefore} → ${round.loadAfter}): floor ${rps(round.a)} req/s, /users ${rps(round.b)} req/s ` +
    `→ ${share.toFixed(2)} × the floor; CPU/req floor ${cpuMs(floorCpu)}, /users ${cpuMs(usersCpu)} → ${cpuShare === null ? "–" : cpuShare.toFixed(2)}`
  );
}

/**
 * Pass 2: the floor and the dashboard's TTFB in alternating rounds, then every page once.
 * @param {string} floorDir
 */
async function runPass2(floorDir) {
  const servers = await startPassServers(SLOW_LATENCY_MS, floorDir);
  try {
    process.stdout.write(`  warm-up, ${WARMUP_SECONDS} s per page...`);
    for (const page of PAGES) await warmUp(servers.url(page), servers.headers(page));
    process.stdout.write(" done\n");
    console.log(
      `  TTFB of the floor page (A) and the dashboard (B), ${ROUNDS} rounds of A B B A, ${TTFB_ROUND_REQUESTS} sequential requests each:`,
    );
    const rounds = (
      await alternate(
        ROUNDS,
        (side) => {
          const page = side === "a" ? FLOOR : DASHBOARD;
          return ttfbSamples(servers.url(page), servers.headers(page), TTFB_ROUND_REQUESTS, 5);
        },
        (round) => console.log(`  ${dashboardRoundLine(dashboardRound(round))}`),
      )
    ).map(dashboardRound);
    /** @type {Map<Page, TtfbSummary>} */
    const ttfbs = new Map([
      [FLOOR, ttfbSummary(rounds.flatMap((round) => round.a.flat()))],
      [DASHBOARD, ttfbSummary(rounds.flatMap((round) => round.b.flat()))],
    ]);
    /** @type {PageRow[]} */
    const rows = [];
    for (const page of PAGES) {
      process.stdout.write(`  ${page.name}: load (one run, not bounded)...`);
      const load = loadSummary([
        await measureLoad(
          `${page.name} at ${SLOW_LATENCY_MS} ms`,
          servers.url(page),
          servers.headers(page),
          servers.pid(page),
        ),
      ]);
      let ttfb = ttfbs.get(page);
      if (!ttfb) {
        process.stdout.write(" TTFB...");
        ttfb = ttfbSummary(await ttfbSamples(servers.url(page), servers.headers(page), TTFB_REQUESTS));
      }
      process.stdout.write(` done (load ${loadNow()})\n`);
      if (ttfb.non2xx) problems.push(`${page.name} at ${SLOW_LATENCY_MS} ms: ${ttfb.non2xx} non-2xx answers (TTFB)`);
      rows.push({ page, load, ttfb });
    }
    return { rows, rounds };
  } finally {
    await servers.stop();
  }
}

/**
 * One round of the floor's (a) and the dashboard's (b) TTFB: the dashboard's p50 over the
 * upstream latency (the bounded ratio) and over the floor's p50 (which waits for one call too).
 * @param {import("./measuring.mjs").AlternateRound<TtfbSample[]>} round
 */
function dashboardRound(round) {
  const [floor, dashboard] = [ttfbSummary(round.a.flat()), ttfbSummary(round.b.flat())];
  return { ...round, floorP50: floor.p50, dashboardP50: dashboard.p50, ratio: dashboard.p50 / SLOW_LATENCY_MS };
}

/** @param {ReturnType<typeof dashboardRound>} round */
function dashboardRoundLine(round) {
  return (
    `round ${round.round} (load ${round.loadBefore} → ${round.loadAfter}): TTFB p50 floor ${ms(round.floorP50)}, dashboard ${ms(round.dashboardP50)} ` +
    `→ ${round.ratio.toFixed(2)} × ${SLOW_LATENCY_MS} ms (dashboard ÷ floor ${(round.dashboardP50 / round.floorP50).toFixed(2)})`
  );
}

// ---- Printing -----------------------------------------------------------------------------

const cpuMs = (/** @type {number | null} */ value) => (value === null ? "–" : `${value.toFixed(2)} ms`);
const ms = (/** @type {number | null} */ value) =>
  value === null || Number.isNaN(value) ? "–" : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/** @param {PageRow[]} rows */
function loadTable(rows) {
  const lines = [
    "| Page | runs | req/s | CPU per request | p50 | p99 | non-2xx | TTFB p50 | TTFB p99 |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const { page, load, ttfb } of rows) {
    lines.push(
      `| ${page.name} | ${load.runs} | ${Math.round(load.rps)} | ${cpuMs(load.cpuMsPerRequest)} | ${ms(load.p50)} | ${ms(load.p99)} | ${load.failures + ttfb.non2xx} | ${ms(ttfb.p50)} | ${ms(ttfb.p99)} |`,
    );
  }
  return lines.join("\n");
}

/** @param {PageRow[]} rows */
function ratioTable(rows) {
  const lines = [
    `| Page | upstream calls | slowest call p50 | TTFB p50 | TTFB p50 / ${SLOW_LATENCY_MS} ms |`,
    "| --- | ---: | ---: | ---: | ---: |",
  ];
  for (const { page, ttfb } of rows) {
    const ratio = page.bare ? null : ttfb.p50 / SLOW_LATENCY_MS;
    lines.push(
      `| ${page.name} | ${page.bare ? "1" : ttfb.upstreamCalls} | ${ms(ttfb.slowestCallP50)} | ${ms(ttfb.p50)} | ${ratio === null ? "–" : ratio.toFixed(2)} |`,
    );
  }
  return lines.join("\n");
}

/** The rounds' values and their median, e.g. "0.36 (0.35, 0.36, 0.38)". */
const medianOf = (/** @type {number[]} */ values) =>
  `${median(values).toFixed(2)} (rounds: ${values.map((value) => value.toFixed(2)).join(", ")})`;

/**
 * The floor bound on the median of the rounds' shares; the CPU share printed beside it.
 * @param {ReturnType<typeof floorRound>[]} rounds
 */
function floorVerdict(rounds) {
  const shares = rounds.map((round) => round.share);
  const share = median(shares);
  if (!(share >= MIN_USERS_TO_FLOOR))
    problems.push(
      `signed-in /users serves ${share.toFixed(2)} × the floor page's requests/s, median of ${rounds.length} rounds (bound: ${MIN_USERS_TO_FLOOR} or more)`,
    );
  const cpuShares = rounds.map((round) => round.cpuShare).filter((value) => value !== null);
  return (
    `Signed-in /users against the floor page, requests/s: ${medianOf(shares)} × the floor (bound ≥ ${MIN_USERS_TO_FLOOR})` +
    (cpuShares.length === rounds.length ? `\n  CPU per request, floor ÷ /users: ${medianOf(cpuShares)}` : "")
  );
}

/** @param {ReturnType<typeof dashboardRound>[]} rounds */
function dashboardVerdict(rounds) {
  const ratios = rounds.map((round) => round.ratio);
  const ratio = median(ratios);
  if (!(ratio < MAX_DASHBOARD_RATIO))
    problems.push(
      `${DASHBOARD.name}: TTFB p50 is ${ratio.toFixed(2)} × ${SLOW_LATENCY_MS} ms, median of ${rounds.length} rounds (bound: under ${MAX_DASHBOARD_RATIO})`,
    );
  const overFloor = rounds.map((round) => round.dashboardP50 / round.floorP50);
  return (
    `Dashboard TTFB p50 at ${SLOW_LATENCY_MS} ms upstream latency: ${medianOf(ratios)} × ${SLOW_LATENCY_MS} ms (bound < ${MAX_DASHBOARD_RATIO})` +
    `\n  over the floor page's TTFB p50 (one call): ${medianOf(overFloor)}`
  );
}

// ---- npm start against the production server -------------------------------------------------

/**
 * Runs `npm start` (demo mode) on free ports with a throwaway demo data file; resolves once ready,
 * with the PID of its `server.js` (for its CPU) when /proc tells.
 * @param {string} dataDir
 */
async function startNpmStart(dataDir) {
  const [port, demoPort] = [await freePort(), await freePort()];
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    detached: true, // its own process group, so that stopping it reaches the demo API and panel too
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DEMO_API_PORT: String(demoPort),
      DEMO_API_DATA_FILE: path.join(dataDir, "demo-api.json"),
      SESSION_SECRET: TEST_SESSION_SECRET,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-(/** @type {number} */ (child.pid)), "SIGTERM");
    await once(child, "exit");
  };
  const deadline = Date.now() + 120_000;
  while (!output.includes("Panel ready:")) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start was not ready within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = descendants(/** @type {number} */ (child.pid)).find((candidate) =>
    /(^|[\s/])server\.js(\s|$)/.test(commandLine(candidate) ?? ""),
  );
  return { url: `http://127.0.0.1:${port}`, pid, stop };
}

/** Drives START_PAGES on the production server (A) and on `npm start` (B), in alternating rounds. */
async function compareNpmStart() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "panel-bench-start-"));
  const demo = await startDemoApi({ DEMO_API_LATENCY_MS: "0" });
  let panel;
  let started;
  try {
    panel = await startPanel(`${demo.url}/api`);
    started = await startNpmStart(dataDir);
    const sides = {
      a: { name: "production", client: new PanelClient(panel.url), pid: panel.process.pid },
      b: { name: "npm start", client: new PanelClient(started.url), pid: started.pid },
    };
    for (const side of Object.values(sides)) await side.client.signIn();
    const rows = [];
    for (const page of START_PAGES) {
      const target = (/** @type {"a" | "b"} */ key) => ({
        ...sides[key],
        url: `${sides[key].client.baseUrl}${page}`,
        headers: { ...BROWSER_HEADERS, cookie: sides[key].client.cookieHeader() },
      });
      process.stdout.write(`  ${page}: warm-up on both...`);
      for (const key of /** @type {const} */ (["a", "b"])) await warmUp(target(key).url, target(key).headers);
      process.stdout.write(" done\n");
      const rounds = (
        await alternate(
          ROUNDS,
          (key) => {
            const { name, url, headers, pid } = target(key);
            return measureLoad(`${page} on ${name}`, url, headers, pid, [sides.a.pid, sides.b.pid]);
          },
          (round) => console.log(`  ${page} ${startRoundLine(startRound(round))}`),
        )
      ).map(startRound);
      rows.push({ page, rounds });
    }
    return rows;
  } finally {
    await Promise.all([started?.stop(), panel?.stop(), demo.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * One round of production (a) and npm start (b): npm start's requests/s over production's, and its
 * CPU per request over production's.
 * @param {import("./measuring.mjs").AlternateRound<import("./measuring.mjs").LoadResult>} round
 */
function startRound(round) {
  const [productionCpu, startCpu] = [cpuPerRequest(round.a, "server"), cpuPerRequest(round.b, "server")];
  return {
    ...round,
    production: mean(round.a.map((run) => run.rps)),
    npmStart: mean(round.b.map((run) => run.rps)),
    share: mean(round.b.map((run) => run.rps)) / mean(round.a.map((run) => run.rps)),
    productionCpu,
    startCpu,
    cpuShare: productionCpu === null || startCpu === null ? null : startCpu / productionCpu,
  };
}

/** @param {ReturnType<typeof startRound>} round */
function startRoundLine(round) {
  const rps = (/** @type {import("./measuring.mjs").LoadResult[]} */ runs) =>
    runs.map((run) => Math.round(run.rps)).join(", ");
  return (
    `round ${round.round} (load ${round.loadBefore} → ${round.loadAfter}): production ${rps(round.a)} req/s, npm start ${rps(round.b)} req/s ` +
    `→ ${round.share.toFixed(2)}; CPU/req ${cpuMs(round.productionCpu)} and ${cpuMs(round.startCpu)} → ${round.cpuShare === null ? "–" : round.cpuShare.toFixed(2)}`
  );
}

/** @param {Awaited<ReturnType<typeof compareNpmStart>>} rows */
function startTable(rows) {
  const lines = [
    `| Page | production req/s | npm start req/s | npm start ÷ production, median of ${ROUNDS} rounds | CPU per request, npm start ÷ production |`,
    "| --- | ---: | ---: | ---: | ---: |",
  ];
  for (const { page, rounds } of rows) {
    const share = median(rounds.map((round) => round.share));
    if (!(Math.abs(1 - share) <= MAX_START_GAP))
      problems.push(
        `${page}: npm start serves ${share.toFixed(2)} × the production server, median of ${rounds.length} rounds (bound: within ±${MAX_START_GAP * 100}%)`,
      );
    const cpuShares = rounds.map((round) => round.cpuShare).filter((value) => value !== null);
    lines.push(
      `| ${page} | ${Math.round(median(rounds.map((round) => round.production)))} | ${Math.round(median(rounds.map((round) => round.npmStart)))} | ` +
        `${medianOf(rounds.map((round) => round.share))}, bound 0.90–1.10 | ${cpuShares.length === rounds.length ? medianOf(cpuShares) : "–"} |`,
    );
  }
  return lines.join("\n");
}

// ---- Main ---------------------------------------------------------------------------------

const startLoad = loadAverage();
let floorApp;
try {
  buildUnlessSkipped("BENCH_SKIP_BUILD");
  console.log("Building the floor app (a bare React Router page)...");
  floorApp = await buildFloorApp();

  console.log(
    `\nNode ${process.version}, ${os.cpus().length} CPUs, load average ${startLoad} at the start (before the builds), ${loadAverage()} now`,
  );
  if ((os.loadavg()[0] ?? 0) > os.cpus().length / 2)
    console.log(
      "⚠ the machine is busy: absolute figures (req/s, ms) are not comparable with a quiet run; the bounded ratios are medians of alternating rounds",
    );
  const settings = `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up per page, ${SECONDS} s per run, ${ROUNDS} rounds of A B B A`;
  console.log(`\nPass 1: demo API latency ${BASE_LATENCY_MS} ms (${settings})`);
  const first = await runPass1(floorApp.dir);
  console.log(`\nnpm start (B) against the production server (A) (${settings})`);
  const start = await compareNpmStart();
  console.log(`\nThe panel against Django's admin changelist (${settings})`);
  const django = await compareWithDjango({
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    problems,
  });
  const insights =
    process.env.BENCH_SKIP_INSIGHTS === "1"
      ? null
      : (console.log("\nInsights: /insights?days=90 over a 1,000,000-entry trail, and the shell's banner"),
        await benchInsights({ rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, problems }));
  console.log(`\nPass 2: demo API latency ${SLOW_LATENCY_MS} ms (${settings})`);
  const second = await runPass2(floorApp.dir);

  console.log(`\nDemo API latency ${BASE_LATENCY_MS} ms\n\n${loadTable(first.rows)}`);
  console.log(`\nnpm start against the production server\n\n${startTable(start)}`);
  if (django.figures) console.log(`\nThe panel against Django's admin changelist\n\n${djangoTable(django.figures)}`);
  if (insights) console.log(`\nInsights\n\n${insights.table}`);
  console.log(`\nDemo API latency ${SLOW_LATENCY_MS} ms\n\n${loadTable(second.rows)}`);
  console.log(
    `\nDemo API latency ${SLOW_LATENCY_MS} ms: TTFB against the slowest upstream call\n\n${ratioTable(second.rows)}`,
  );
  console.log(
    `\nMedians of ${ROUNDS} rounds of A B B A (load average ${startLoad} at the start, ${loadAverage()} at the end)`,
  );
  console.log(floorVerdict(first.rounds));
  console.log(djangoSummary(django));
  console.log(dashboardVerdict(second.rounds));
} catch (error) {
  problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await Promise.all(children.map(stopChild));
  await floorApp?.remove();
}

exitWithVerdict(
  problems,
  `every answer 2xx; signed-in /users at ${MIN_USERS_TO_FLOOR} × the floor or more; npm start within ${MAX_START_GAP * 100}% of production; the dashboard's TTFB under ${MAX_DASHBOARD_RATIO} × its slowest upstream call` +
    (DJANGO_BOUND === null ? "" : `; the panel's CPU per request at most ${DJANGO_BOUND} × Django's`) +
    (process.env.BENCH_SKIP_INSIGHTS === "1"
      ? ""
      : "; /insights?days=90 p95 under 300 ms; the banner costs /users under 2%") +
    ` (medians of ${ROUNDS} rounds; load average ${startLoad} at the start, ${loadAverage()} at the end)`,
);
