// Benchmark of the built panel against the demo API, with bounds. Not a test (tests never time
// things) and not in CI: run `npm run bench` on a machine that is as quiet as you can make it.
//
// 1. Builds the panel (`react-router build`; BENCH_SKIP_BUILD=1 skips it) and, in a temp dir, a
//    bare React Router app: one static page, no loader, same Express + compression as the panel.
//    It is the floor the panel's pages compare with.
// 2. Pass 1, demo API latency DEMO_API_LATENCY_MS (default 0): drives the bare page, /, /users,
//    /announcements and /memberships with autocannon (BENCH_CONNECTIONS connections, default 10,
//    BENCH_SECONDS each, default 10), signed in as the demo admin, with a browser user agent
//    (React Router waits for all data when it sees a bot). Prints requests/s, p50 and p99 of the
//    full response, then TTFB from BENCH_TTFB_REQUESTS (default 300) sequential requests.
// 3. Pass 2: the same with a second demo API and panel at 50 ms latency, plus per page the TTFB p50
//    divided by 50 ms, the latency every upstream call waits at least (the call's own cost without
//    latency, a few ms, is left out of the divisor). Server-Timing says how many calls a page
//    made and how long the slowest one took.
//
// Bounds (exit code 1 when broken): no non-2xx answer and no error anywhere; the dashboard's
// TTFB ratio under 1.3, since its upstream calls run in parallel (in series it would be about 4).
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import autocannon from "autocannon";

import { PanelClient } from "../tests/support/form-post.ts";
import { freePort, ROOT, startDemoApi, startPanel } from "../tests/support/servers.ts";

/** A whole number from the environment, or the default. */
function intFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

const SECONDS = intFromEnv("BENCH_SECONDS", 10);
const CONNECTIONS = intFromEnv("BENCH_CONNECTIONS", 10);
const TTFB_REQUESTS = intFromEnv("BENCH_TTFB_REQUESTS", 300);
const BASE_LATENCY_MS = intFromEnv("DEMO_API_LATENCY_MS", 0);
const SLOW_LATENCY_MS = 50;
const MAX_DASHBOARD_RATIO = 1.3;

// What a browser sends: React Router streams to browsers and waits for all data for bots.
const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "br, gzip",
};

/** The pages measured; `bare` is the bare React Router app, the rest are panel pages. */
const PAGES = [
  { name: "bare React Router page (floor)", bare: true, path: "/" },
  { name: "/ (dashboard)", path: "/", bounded: true },
  { name: "/users", path: "/users" },
  { name: "/announcements", path: "/announcements" },
  { name: "/memberships", path: "/memberships" },
];

const problems = [];
const children = [];

function reactRouterBuild(cwd, quiet) {
  const result = spawnSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], {
    cwd,
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
  });
  if (result.status !== 0)
    throw new Error(`react-router build failed in ${cwd}\n${result.stdout ?? ""}${result.stderr ?? ""}`);
}

// ---- The bare React Router app ------------------------------------------------------------

const BARE_FILES = {
  // React Router picks its default entry.server from the dependencies, and runs `npm install`
  // when isbot is not among them: both are listed (and come from the panel's node_modules).
  "package.json": JSON.stringify({
    name: "bench-bare-react-router",
    private: true,
    type: "module",
    dependencies: {
      "@react-router/node": "*",
      "@react-router/express": "*",
      isbot: "*",
      react: "*",
      "react-dom": "*",
      "react-router": "*",
    },
  }),
  // The panel's future flags, so both run the same React Router code paths.
  "react-router.config.js": `export default {
  ssr: true,
  future: { v8_middleware: true, v8_splitRouteModules: true, v8_viteEnvironmentApi: true, v8_trailingSlashAwareDataRequests: true },
};
`,
  "vite.config.js": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
export default defineConfig({ logLevel: "warn", plugins: [reactRouter()] });
`,
  "app/routes.js": `import { index } from "@react-router/dev/routes";
export default [index("routes/home.jsx")];
`,
  "app/root.jsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export function Layout({ children }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
export default function App() {
  return <Outlet />;
}
`,
  "app/routes/home.jsx": `export const meta = () => [{ title: "Bare page" }];
export default function Home() {
  return (
    <main>
      <h1>Bare page</h1>
      <p>No loader, no upstream call.</p>
    </main>
  );
}
`,
  // The panel's own serving stack minus its middleware: Express 5, brotli 5, static assets.
  "server.js": `import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import * as build from "./build/server/index.js";
const app = express();
app.disable("x-powered-by");
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.all("/{*path}", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
`,
};

/** Writes and builds the bare app in `dir`, a temp dir that shares the panel's node_modules. */
async function buildBareApp(dir) {
  for (const [file, text] of Object.entries(BARE_FILES)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  reactRouterBuild(dir, true);
}

/** Starts the bare app's server on a free loopback port. */
async function startBareApp(dir) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
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

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

// ---- Measuring ----------------------------------------------------------------------------

/** One request; resolves with the time to the response's headers, its status and Server-Timing. */
function timedGet(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers, agent }, (response) => {
      const ttfb = performance.now() - started;
      response.resume();
      response.on("end", () =>
        resolve({ ttfb, status: response.statusCode, serverTiming: response.headers["server-timing"] ?? "" }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** The upstream entries of a Server-Timing value: their count and the longest duration. */
function upstreamTimings(value) {
  const durations = [...value.matchAll(/(?:^|,\s*)upstream-\d+;[^,]*?dur=([\d.]+)/g)].map((match) => Number(match[1]));
  return { calls: durations.length, slowest: durations.length ? Math.max(...durations) : null };
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** TTFB of `count` sequential requests over one keep-alive connection, after a short warm-up. */
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

/** Throughput and full-response latency under BENCH_CONNECTIONS connections. */
async function measureLoad(url, headers) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** One pass over every page with the demo API at `latencyMs`. */
async function runPass(latencyMs, bare) {
  const demo = await startDemoApi({ DEMO_API_LATENCY_MS: String(latencyMs) });
  let panel;
  try {
    panel = await startPanel(`${demo.url}/api`);
    const admin = new PanelClient(panel.url);
    await admin.signIn();
    const rows = [];
    for (const page of PAGES) {
      const url = `${page.bare ? bare.url : panel.url}${page.path}`;
      const headers = page.bare ? BROWSER_HEADERS : { ...BROWSER_HEADERS, cookie: admin.cookieHeader() };
      process.stdout.write(`  ${page.name}: load...`);
      const load = await measureLoad(url, headers);
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
    await Promise.all([panel?.stop(), demo.stop()]);
  }
}

// ---- Printing -----------------------------------------------------------------------------

const ms = (value) =>
  value === null || Number.isNaN(value) ? "–" : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

function loadTable(rows) {
  const lines = [
    "| Page | req/s | p50 | p99 | non-2xx | TTFB p50 | TTFB p99 |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const { page, load, ttfb } of rows) {
    lines.push(
      `| ${page.name} | ${Math.round(load.rps)} | ${ms(load.p50)} | ${ms(load.p99)} | ${load.non2xx + load.errors + ttfb.non2xx} | ${ms(ttfb.p50)} | ${ms(ttfb.p99)} |`,
    );
  }
  return lines.join("\n");
}

function ratioTable(rows) {
  const lines = [
    `| Page | upstream calls | slowest call p50 | TTFB p50 | TTFB p50 / ${SLOW_LATENCY_MS} ms |`,
    "| --- | ---: | ---: | ---: | ---: |",
  ];
  for (const { page, ttfb } of rows) {
    const ratio = page.bare ? null : ttfb.p50 / SLOW_LATENCY_MS;
    if (page.bounded && !(ratio < MAX_DASHBOARD_RATIO)) {
      problems.push(
        `${page.name}: TTFB p50 ${ms(ttfb.p50)} is ${ratio.toFixed(2)} × ${SLOW_LATENCY_MS} ms (bound: under ${MAX_DASHBOARD_RATIO})`,
      );
    }
    const shown =
      ratio === null ? "–" : `${ratio.toFixed(2)}${page.bounded ? ` (bound < ${MAX_DASHBOARD_RATIO})` : ""}`;
    lines.push(
      `| ${page.name} | ${page.bare ? "–" : ttfb.upstreamCalls} | ${ms(ttfb.slowestCallP50)} | ${ms(ttfb.p50)} | ${shown} |`,
    );
  }
  return lines.join("\n");
}

// ---- Main ---------------------------------------------------------------------------------

const loadAverage = (averages = os.loadavg()) => averages.map((n) => n.toFixed(2)).join(" ");
const startLoad = os.loadavg();
let bareDir;
let bare;
try {
  if (process.env.BENCH_SKIP_BUILD === "1") console.log("BENCH_SKIP_BUILD=1: using the existing build/");
  else reactRouterBuild(ROOT, false);
  console.log("Building the bare React Router app...");
  bareDir = await mkdtemp(path.join(os.tmpdir(), "panel-bench-bare-"));
  await buildBareApp(bareDir);
  bare = await startBareApp(bareDir);

  console.log(
    `\nNode ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage(startLoad)} at the start (before the builds)`,
  );
  // The load generator shares the machine: other work on it shows up in every figure.
  if (startLoad[0] > os.cpus().length / 2)
    console.log("⚠ the machine is busy: these figures are not comparable with a quiet run");
  const settings = `${CONNECTIONS} connections, ${SECONDS} s per page; TTFB over ${TTFB_REQUESTS} sequential requests`;
  console.log(`\nPass 1: demo API latency ${BASE_LATENCY_MS} ms (${settings})`);
  const first = await runPass(BASE_LATENCY_MS, bare);
  console.log(`\nPass 2: demo API latency ${SLOW_LATENCY_MS} ms (${settings})`);
  const second = await runPass(SLOW_LATENCY_MS, bare);

  console.log(`\nLoad average ${loadAverage()} after the passes`);
  console.log(`\nDemo API latency ${BASE_LATENCY_MS} ms\n\n${loadTable(first)}`);
  console.log(`\nDemo API latency ${SLOW_LATENCY_MS} ms\n\n${loadTable(second)}`);
  console.log(
    `\nDemo API latency ${SLOW_LATENCY_MS} ms: TTFB against the slowest upstream call\n\n${ratioTable(second)}`,
  );
} catch (error) {
  problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await Promise.all(children.map(stopChild));
  if (bareDir) await rm(bareDir, { recursive: true, force: true });
}

if (problems.length) {
  console.error(`\n✖ ${problems.length} bound(s) broken:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log("\n✔ every answer 2xx; the dashboard's TTFB stays under 1.3 × its slowest upstream call");
process.exit(0);
