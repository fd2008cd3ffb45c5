// Benchmark of the built panel against the demo API, with bounds. Not a test (tests never time
// things) and not in CI: run `npm run bench` on a machine that is as quiet as you can make it.
//
// 1. Builds the panel (`react-router build`; BENCH_SKIP_BUILD=1 skips it) and the floor app
//    (scripts/floor-app.mjs: a bare React Router page, served like the panel, whose loader makes
//    one upstream call: the pass's demo API's /api/users without a session, a short 401).
// 2. Pass 1, demo API latency DEMO_API_LATENCY_MS (default 0): drives the floor page, /, /users,
//    /announcements and /memberships with autocannon (BENCH_CONNECTIONS connections, default 10,
//    BENCH_SECONDS each, default 10, after BENCH_WARMUP_SECONDS of uncounted load, default 5),
//    signed in as the demo admin, with a browser user agent (React Router waits for all data when
//    it sees a bot). Prints requests/s, the server's CPU per request (all its threads, from /proc
//    on Linux), p50 and p99 of the full response, then TTFB from BENCH_TTFB_REQUESTS (default 300)
//    sequential requests, and signed-in /users' throughput and CPU as a share of the floor's.
// 3. `npm start` against the production server: both run side by side (each with its own demo
//    API); /users and /memberships are driven on one, then the other, BENCH_START_ROUNDS times
//    (3), and the medians compared.
// 4. Pass 2: pass 1 with a second demo API and panel at 50 ms latency, plus per page the TTFB p50
//    divided by 50 ms, the latency every upstream call waits at least (the call's own cost without
//    latency, a few ms, is left out of the divisor). Server-Timing says how many calls a page
//    made and how long the slowest one took.
//
// Bounds (exit code 1 when broken; decision 049): no non-2xx answer and no error anywhere;
// signed-in /users at 0.33 × the floor page's requests/s or more; `npm start` within 10% of the
// production server on each page; the dashboard's TTFB ratio under 1.3, since its upstream calls
// run in parallel (in series about 4).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import autocannon from "autocannon";

import { PanelClient } from "../tests/support/form-post.ts";
import { freePort, ROOT, startDemoApi, startPanel, TEST_SESSION_SECRET } from "../tests/support/servers.ts";
import { buildFloorApp } from "./floor-app.mjs";
import { BROWSER_HEADERS, buildUnlessSkipped, exitWithVerdict, intFromEnv, median, percentile } from "./measuring.mjs";

const SECONDS = intFromEnv("BENCH_SECONDS", 10);
const WARMUP_SECONDS = intFromEnv("BENCH_WARMUP_SECONDS", 5, 0);
const CONNECTIONS = intFromEnv("BENCH_CONNECTIONS", 10);
const TTFB_REQUESTS = intFromEnv("BENCH_TTFB_REQUESTS", 300);
const BASE_LATENCY_MS = intFromEnv("DEMO_API_LATENCY_MS", 0, 0);
const SLOW_LATENCY_MS = 50;
const MAX_DASHBOARD_RATIO = 1.3;
// Signed-in /users against the floor page: the measured level is the bound (decision 049, which
// retired issue 17's 0.5 goal; docs/performance.md#against-the-floor says where the rest goes).
const MIN_USERS_TO_FLOOR = 0.33;
const MAX_START_GAP = 0.1;
/** The pages `npm start` is compared on. */
const START_PAGES = ["/users", "/memberships"];
const START_ROUNDS = intFromEnv("BENCH_START_ROUNDS", 3);

/** The pages measured; `bare` is the bare React Router app, the rest are panel pages. */
const PAGES = [
  { name: "bare React Router page (floor)", bare: true, path: "/" },
  { name: "/ (dashboard)", path: "/", bounded: true },
  { name: "/users", path: "/users", againstFloor: true },
  { name: "/announcements", path: "/announcements" },
  { name: "/memberships", path: "/memberships" },
];

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

/**
 * One request; resolves with the time to the response's headers, its status and Server-Timing.
 * @param {string} url
 * @param {http.OutgoingHttpHeaders} headers
 * @param {http.Agent} agent
 * @returns {Promise<{ ttfb: number, status: number, serverTiming: string }>}
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
 * TTFB of `count` sequential requests over one keep-alive connection, after a short warm-up.
 * @param {string} url
 * @param {http.OutgoingHttpHeaders} headers
 * @param {number} count
 */
async function measureTtfb(url, headers, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < 20; i++) await timedGet(url, headers, agent);
    const samples = [];
    for (let i = 0; i < count; i++) samples.push(await timedGet(url, headers, agent));
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
  } finally {
    agent.destroy();
  }
}

/**
 * CPU time the process `pid` has used so far, all its threads (compression runs on libuv's
 * workers), in ms; null without a pid (`npm start`'s server is a grandchild) or where /proc is not
 * there (not Linux). Less sensitive to other work on the machine than requests/s.
 * @param {number | undefined} pid
 */
function processCpuMs(pid) {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = /** @type {string} */ (stat.split(") ")[1]).split(" ");
    const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
    return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
  } catch {
    return null;
  }
}

/**
 * Throughput, full-response latency and the server's CPU per request under BENCH_CONNECTIONS connections, after
 * BENCH_WARMUP_SECONDS of the same load that is not counted: a server answers its first few
 * hundred requests of a page before V8 has optimised the code they run (a cold /users costs
 * about half as much CPU again as a warm one), and a server in production runs warm.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} [pid]
 */
async function measureLoad(url, headers, pid) {
  if (WARMUP_SECONDS) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
  const cpuBefore = processCpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpuAfter = processCpuMs(pid);
  return {
    rps: result.requests.average,
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * One pass over every page with the demo API at `latencyMs`, behind the panel and the floor app.
 * @param {number} latencyMs
 * @param {string} floorDir
 */
async function runPass(latencyMs, floorDir) {
  const demo = await startDemoApi({ DEMO_API_LATENCY_MS: String(latencyMs) });
  let panel;
  let bare;
  try {
    panel = await startPanel(`${demo.url}/api`);
    bare = await startBareApp(floorDir, `${demo.url}/api/users`);
    const admin = new PanelClient(panel.url);
    await admin.signIn();
    const rows = [];
    for (const page of PAGES) {
      const url = `${page.bare ? bare.url : panel.url}${page.path}`;
      const headers = page.bare ? BROWSER_HEADERS : { ...BROWSER_HEADERS, cookie: admin.cookieHeader() };
      process.stdout.write(`  ${page.name}: load...`);
      const load = await measureLoad(url, headers, page.bare ? bare.child.pid : panel.process.pid);
      process.stdout.write(` TTFB...`);
      const ttfb = await measureTtfb(url, headers, TTFB_REQUESTS);
      process.stdout.write(` done\n`);
      if (load.non2xx || load.errors || ttfb.non2xx) {
        problems.push(
          `${page.name} at ${latencyMs} ms: ${load.non2xx + ttfb.non2xx} non-2xx answers, ${load.errors} errors`,
        );
      }
      rows.push({ page, load, ttfb });
    }
    return rows;
  } finally {
    await Promise.all([panel?.stop(), bare && stopChild(bare.child), demo.stop()]);
  }
}

// ---- Printing -----------------------------------------------------------------------------

/** @typedef {Awaited<ReturnType<typeof runPass>>} PassRows */

const cpuMs = (/** @type {number | null} */ value) => (value === null ? "–" : `${value.toFixed(2)} ms`);
const ms = (/** @type {number | null} */ value) =>
  value === null || Number.isNaN(value) ? "–" : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/** @param {PassRows} rows */
function loadTable(rows) {
  const lines = [
    "| Page | req/s | CPU per request | p50 | p99 | non-2xx | TTFB p50 | TTFB p99 |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const { page, load, ttfb } of rows) {
    lines.push(
      `| ${page.name} | ${Math.round(load.rps)} | ${cpuMs(load.cpuMsPerRequest)} | ${ms(load.p50)} | ${ms(load.p99)} | ${load.non2xx + load.errors + ttfb.non2xx} | ${ms(ttfb.p50)} | ${ms(ttfb.p99)} |`,
    );
  }
  return lines.join("\n");
}

/** @param {PassRows} rows */
function ratioTable(rows) {
  const lines = [
    `| Page | upstream calls | slowest call p50 | TTFB p50 | TTFB p50 / ${SLOW_LATENCY_MS} ms |`,
    "| --- | ---: | ---: | ---: | ---: |",
  ];
  for (const { page, ttfb } of rows) {
    const ratio = page.bare ? null : ttfb.p50 / SLOW_LATENCY_MS;
    if (ratio !== null && page.bounded && !(ratio < MAX_DASHBOARD_RATIO)) {
      problems.push(
        `${page.name}: TTFB p50 ${ms(ttfb.p50)} is ${ratio.toFixed(2)} × ${SLOW_LATENCY_MS} ms (bound: under ${MAX_DASHBOARD_RATIO})`,
      );
    }
    const shown =
      ratio === null ? "–" : `${ratio.toFixed(2)}${page.bounded ? ` (bound < ${MAX_DASHBOARD_RATIO})` : ""}`;
    lines.push(
      `| ${page.name} | ${page.bare ? "1" : ttfb.upstreamCalls} | ${ms(ttfb.slowestCallP50)} | ${ms(ttfb.p50)} | ${shown} |`,
    );
  }
  return lines.join("\n");
}

/**
 * /users' requests/s as a share of the floor's, in one pass.
 * @param {PassRows} rows
 */
function floorShare(rows) {
  const bareRow = /** @type {PassRows[number]} */ (rows.find((row) => row.page.bare));
  const usersRow = /** @type {PassRows[number]} */ (rows.find((row) => row.page.againstFloor));
  const [floor, users] = [bareRow.load.rps, usersRow.load.rps];
  const share = users / floor;
  if (!(share >= MIN_USERS_TO_FLOOR))
    problems.push(
      `signed-in /users serves ${share.toFixed(2)} × the floor page's requests/s (bound: ${MIN_USERS_TO_FLOOR} or more)`,
    );
  const line = `Signed-in /users: ${Math.round(users)} req/s against ${Math.round(floor)} for the floor page = ${share.toFixed(2)} × the floor (bound ≥ ${MIN_USERS_TO_FLOOR})`;
  const [floorCpu, usersCpu] = [bareRow.load.cpuMsPerRequest, usersRow.load.cpuMsPerRequest];
  if (floorCpu === null || usersCpu === null) return line;
  return `${line}\nCPU per request: ${cpuMs(usersCpu)} for /users, ${cpuMs(floorCpu)} for the floor page (${(floorCpu / usersCpu).toFixed(2)})`;
}

// ---- npm start against the production server -------------------------------------------------

/**
 * Runs `npm start` (demo mode) on free ports with a throwaway demo data file; resolves once ready.
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
  return { url: `http://127.0.0.1:${port}`, stop };
}

/** Drives START_PAGES on the production server and on `npm start`, in alternating rounds. */
async function compareNpmStart() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "panel-bench-start-"));
  const demo = await startDemoApi({ DEMO_API_LATENCY_MS: "0" });
  let panel;
  let started;
  try {
    panel = await startPanel(`${demo.url}/api`);
    started = await startNpmStart(dataDir);
    const clients = { production: new PanelClient(panel.url), "npm start": new PanelClient(started.url) };
    for (const client of Object.values(clients)) await client.signIn();
    const rows = [];
    for (const page of START_PAGES) {
      // Alternating rounds, so that a burst of other work on the machine hits both servers.
      /** @type {{ production: number[], "npm start": number[] }} */
      const rounds = { production: [], "npm start": [] };
      for (let round = 1; round <= START_ROUNDS; round++) {
        for (const [name, client] of Object.entries(clients)) {
          process.stdout.write(`  ${page} on ${name}, round ${round}...`);
          const load = await measureLoad(`${client.baseUrl}${page}`, {
            ...BROWSER_HEADERS,
            cookie: client.cookieHeader(),
          });
          process.stdout.write(" done\n");
          if (load.non2xx || load.errors)
            problems.push(`${page} on ${name}: ${load.non2xx} non-2xx answers, ${load.errors} errors`);
          rounds[/** @type {keyof typeof clients} */ (name)].push(load.rps);
        }
      }
      rows.push({ page, production: median(rounds.production), npmStart: median(rounds["npm start"]) });
    }
    return rows;
  } finally {
    await Promise.all([started?.stop(), panel?.stop(), demo.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** @param {Awaited<ReturnType<typeof compareNpmStart>>} rows */
function startTable(rows) {
  const lines = [
    `| Page | production req/s (median of ${START_ROUNDS}) | npm start req/s (median of ${START_ROUNDS}) | npm start ÷ production |`,
    "| --- | ---: | ---: | ---: |",
  ];
  for (const row of rows) {
    const share = row.npmStart / row.production;
    if (!(Math.abs(1 - share) <= MAX_START_GAP))
      problems.push(
        `${row.page}: npm start serves ${share.toFixed(2)} × the production server (bound: within ±${MAX_START_GAP * 100}%)`,
      );
    lines.push(
      `| ${row.page} | ${Math.round(row.production)} | ${Math.round(row.npmStart)} | ${share.toFixed(2)} (bound 0.90–1.10) |`,
    );
  }
  return lines.join("\n");
}

// ---- Main ---------------------------------------------------------------------------------

const loadAverage = (averages = os.loadavg()) => averages.map((n) => n.toFixed(2)).join(" ");
const startLoad = os.loadavg();
let floorApp;
try {
  buildUnlessSkipped("BENCH_SKIP_BUILD");
  console.log("Building the floor app (a bare React Router page)...");
  floorApp = await buildFloorApp();

  console.log(
    `\nNode ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage(startLoad)} at the start (before the builds)`,
  );
  // The load generator shares the machine: other work on it shows up in every figure.
  if ((startLoad[0] ?? 0) > os.cpus().length / 2)
    console.log("⚠ the machine is busy: these figures are not comparable with a quiet run");
  const settings = `${CONNECTIONS} connections, ${SECONDS} s per page; TTFB over ${TTFB_REQUESTS} sequential requests`;
  console.log(`\nPass 1: demo API latency ${BASE_LATENCY_MS} ms (${settings})`);
  const first = await runPass(BASE_LATENCY_MS, floorApp.dir);
  console.log(`\nnpm start against the production server (${CONNECTIONS} connections, ${SECONDS} s per page)`);
  const start = await compareNpmStart();
  console.log(`\nPass 2: demo API latency ${SLOW_LATENCY_MS} ms (${settings})`);
  const second = await runPass(SLOW_LATENCY_MS, floorApp.dir);

  console.log(`\nLoad average ${loadAverage()} after the passes`);
  console.log(`\nDemo API latency ${BASE_LATENCY_MS} ms\n\n${loadTable(first)}\n\n${floorShare(first)}`);
  console.log(`\nnpm start against the production server\n\n${startTable(start)}`);
  console.log(`\nDemo API latency ${SLOW_LATENCY_MS} ms\n\n${loadTable(second)}`);
  console.log(
    `\nDemo API latency ${SLOW_LATENCY_MS} ms: TTFB against the slowest upstream call\n\n${ratioTable(second)}`,
  );
} catch (error) {
  problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await Promise.all(children.map(stopChild));
  await floorApp?.remove();
}

exitWithVerdict(
  problems,
  `every answer 2xx; signed-in /users at ${MIN_USERS_TO_FLOOR} × the floor or more; npm start within ${MAX_START_GAP * 100}% of production; the dashboard's TTFB under ${MAX_DASHBOARD_RATIO} × its slowest upstream call`,
);
