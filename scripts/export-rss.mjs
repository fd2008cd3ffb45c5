// The memory and first-byte figures of a long CSV export (`npm run export:rss`,
// docs/operations.md#list-exports, decision 061). Not a test (tests never time things) and not in
// CI: it keeps a core busy for about a minute, on loopback only.
//
// 1. Builds the panel (EXPORT_SKIP_BUILD=1 skips it), starts the demo API, seeds EXPORT_ROWS
//    (100,000) more members (POST /__demo/seed-users), and starts `node server.js`
//    (NODE_ENV=production) with the preload that reports process.memoryUsage() on SIGUSR2.
// 2. One upstream call: GET /api/users?page=1&limit=100 straight to the demo API (the export's
//    first call), and the first byte: GET /users.csv with a browser's Accept-Encoding, the time
//    until its first body bytes arrive, still compressed (the download is then dropped, which
//    stops its paging);
//    taken in turns, the median of EXPORT_RUNS (9) runs each.
// 3. The whole export on the panel as it stands (signed in, nothing else served): its RSS growth,
//    sampled every 250 ms, printed. Most of it is V8's young generation growing to the size any
//    sustained work gives it (decision 061), so it is not the bound.
// 4. The panel in use: EXPORT_TRAFFIC_SECONDS (15) of signed-in /users pages (10 connections),
//    then the whole export again: its RSS growth over the RSS the pages left, and the rows written.
//
// Bounds (exit code 1 when broken): the in-use export's RSS growth under EXPORT_MAX_GROWTH_MB (30);
// the first byte within 1.3 × one upstream call; every user in both files.
import http from "node:http";
import os from "node:os";

import autocannon from "autocannon";

import { PanelClient } from "../tests/support/form-post.ts";
import { BROWSER_HEADERS, buildUnlessSkipped, exitWithVerdict, intFromEnv, median } from "./measuring.mjs";
import { mb, MEMORY_PROBE, memoryReader } from "./panel-memory.mjs";
import { startDemoApi, startPanel } from "../tests/support/servers.ts";

const ROWS = intFromEnv("EXPORT_ROWS", 100_000);
const RUNS = intFromEnv("EXPORT_RUNS", 9);
const TRAFFIC_SECONDS = intFromEnv("EXPORT_TRAFFIC_SECONDS", 15);
const MAX_GROWTH_MB = intFromEnv("EXPORT_MAX_GROWTH_MB", 30);
const MAX_FIRST_BYTE_RATIO = 1.3;
const SAMPLE_MS = 250;
const PAUSE_MS = 300;

const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;

/** Lets the demo API finish what it was doing. */
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

/**
 * Milliseconds until the first body bytes of a GET reach the socket, as they cross the network
 * (still compressed: decoding them is the browser's time, not the panel's), then drops the download.
 * @param {string} url
 * @param {Record<string, string>} headers
 */
function firstByteMs(url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${url} answered ${response.statusCode}`));
        request.destroy();
        return;
      }
      response.once("data", () => {
        resolve(performance.now() - started);
        request.destroy();
      });
    });
    request.on("error", (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

/**
 * Milliseconds of one whole GET (the body read to its end).
 * @param {string} url
 * @param {Record<string, string>} headers
 */
async function wholeCallMs(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * One whole export, read to its end, with the panel's RSS (and JS heap, and external memory)
 * sampled every SAMPLE_MS: the highest against the figure before it.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {() => Promise<NodeJS.MemoryUsage>} readMemory
 */
async function measuredExport(url, headers, readMemory) {
  const before = await readMemory();
  const peak = { rss: before.rss, heapTotal: before.heapTotal, external: before.external };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const memory = await readMemory();
      for (const key of /** @type {const} */ (["rss", "heapTotal", "external"]))
        peak[key] = Math.max(peak[key], memory[key]);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  const started = performance.now();
  const response = await fetch(url, { headers });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const after = await readMemory();
  peak.rss = Math.max(peak.rss, after.rss);
  // Records end with CRLF; the header is the first line and no cell holds a line break here.
  const rows = text.split("\r\n").filter(Boolean).length - 1;
  return { before, peak, after, text, rows, seconds, growth: peak.rss - before.rss };
}

/**
 * @param {string} title
 * @param {Awaited<ReturnType<typeof measuredExport>>} figures
 */
function report(title, { before, peak, after, text, rows, seconds, growth }) {
  console.log(
    `${title}: GET /users.csv, ${rows} rows, ${mb(Buffer.byteLength(text))} (uncompressed), ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  RSS: ${mb(before.rss)} before, ${mb(peak.rss)} at its highest, ${mb(after.rss)} after: growth ${mb(growth)}`,
  );
  console.log(
    `  JS heap total: ${mb(before.heapTotal)} before, ${mb(peak.heapTotal)} at its highest; external: ${mb(before.external)}, ${mb(peak.external)}`,
  );
}

const problems = [];
let demo;
let panel;
try {
  buildUnlessSkipped("EXPORT_SKIP_BUILD");
  demo = await startDemoApi();
  const seeded = await fetch(`${demo.url}/__demo/seed-users`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count: ROWS }),
  });
  if (seeded.status !== 201) throw new Error(`seed-users answered ${seeded.status}: ${await seeded.text()}`);
  const { data: seededData } = /** @type {{ data: { users: number } }} */ (await seeded.json());

  panel = await startPanel(`${demo.url}/api`, {
    NODE_OPTIONS: `--import ${MEMORY_PROBE}`,
    // The figures are of one export at a time; the limit is not what is measured.
    EXPORTS_PER_MINUTE: "1000",
  });
  const readMemory = memoryReader(panel);
  const admin = new PanelClient(panel.url);
  await admin.signIn();
  const signedIn = { ...BROWSER_HEADERS, cookie: admin.cookieHeader() };

  console.log(
    `\nNode ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  console.log(`Demo API: ${seededData.users} users (${ROWS} seeded)\n`);

  // The upstream's own time for the export's first call, as the panel makes it (signed in).
  const upstreamSignIn = await fetch(`${demo.url}/api/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "Admin12345", role: "ADMIN" }),
  });
  const upstreamCookie = upstreamSignIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const upstreamUrl = `${demo.url}/api/users?page=1&limit=100`;
  await wholeCallMs(upstreamUrl, { cookie: upstreamCookie });
  // Warm-up: the export's code loaded, its first answers sent, before anything is measured.
  await firstByteMs(`${panel.url}/users.csv`, signedIn);
  await wholeCallMs(`${panel.url}/users.csv?search=nobody-matches-this`, signedIn);

  // Taken in turns, with a pause after each: a dropped download's last upstream call finishes in
  // the demo API after the panel gave up on it, and the next call must not queue behind it; the
  // machine's load changes, and both figures should meet the same.
  const upstreamRuns = [];
  const firstByteRuns = [];
  for (let run = 0; run < RUNS; run++) {
    upstreamRuns.push(await wholeCallMs(upstreamUrl, { cookie: upstreamCookie }));
    await pause();
    firstByteRuns.push(await firstByteMs(`${panel.url}/users.csv`, signedIn));
    await pause();
  }

  const upstreamMs = median(upstreamRuns);
  const firstMs = median(firstByteRuns);
  const ratio = firstMs / upstreamMs;
  console.log(`One upstream call (GET /api/users?page=1&limit=100): median ${ms(upstreamMs)} of ${RUNS}`);
  console.log(`First byte of GET /users.csv:                       median ${ms(firstMs)} of ${RUNS}`);
  console.log(`First byte / upstream call: ${ratio.toFixed(2)} (bound ${MAX_FIRST_BYTE_RATIO})\n`);
  if (ratio > MAX_FIRST_BYTE_RATIO) {
    problems.push(`first byte ${ms(firstMs)} is ${ratio.toFixed(2)} × one upstream call (${ms(upstreamMs)})`);
  }

  const fromRest = await measuredExport(`${panel.url}/users.csv`, signedIn, readMemory);
  report("The export on a panel that has served nothing else", fromRest);

  const beforePages = await readMemory();
  const pages = await autocannon({
    url: `${panel.url}/users`,
    connections: 10,
    duration: TRAFFIC_SECONDS,
    headers: { ...signedIn, accept: "text/html" },
  });
  if (pages.non2xx > 0 || pages.errors > 0)
    problems.push(`/users answered ${pages.non2xx} non-2xx, ${pages.errors} errors`);
  const afterPages = await readMemory();
  console.log(
    `\nThe panel in use: ${pages.requests.total} signed-in /users pages in ${TRAFFIC_SECONDS} s; RSS ${mb(beforePages.rss)} -> ${mb(afterPages.rss)}, JS heap total ${mb(beforePages.heapTotal)} -> ${mb(afterPages.heapTotal)}`,
  );
  const inUse = await measuredExport(`${panel.url}/users.csv`, signedIn, readMemory);
  report("The export on the panel in use (the bound)", inUse);

  if (inUse.growth >= MAX_GROWTH_MB * 1024 * 1024) {
    problems.push(`RSS grew by ${mb(inUse.growth)} during the export on the panel in use`);
  }
  for (const { rows, text } of [fromRest, inUse]) {
    if (rows < ROWS) problems.push(`a file has ${rows} rows, fewer than the ${ROWS} seeded users`);
    if (/INCOMPLETE EXPORT/.test(text.slice(-300))) problems.push("a file ends with the incomplete line");
  }
} catch (error) {
  problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await Promise.all([panel?.stop(), demo?.stop()]);
}

exitWithVerdict(
  problems,
  `RSS growth of the export on the panel in use under ${MAX_GROWTH_MB} MB; first byte within ${MAX_FIRST_BYTE_RATIO} × one upstream call`,
);
