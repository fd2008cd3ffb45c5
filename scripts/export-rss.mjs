// The memory and first-byte figures of a long CSV export (`npm run export:rss`,
// docs/operations.md#list-exports). Not a test (tests never time things) and not in CI: it keeps a
// core busy for about a minute, on loopback only.
//
// 1. Builds the panel (EXPORT_SKIP_BUILD=1 skips it), starts the demo API, seeds EXPORT_ROWS
//    (100,000) more members (POST /__demo/seed-users), and starts `node server.js`
//    (NODE_ENV=production) with the preload that reports process.memoryUsage() on SIGUSR2.
// 2. One upstream call: GET /api/users?page=1&limit=100 straight to the demo API (the export's
//    first call), and the first byte: GET /users.csv with a browser's Accept-Encoding, the time
//    until the first body bytes arrive (the download is then dropped, which stops its paging);
//    taken in turns, the median of EXPORT_RUNS (7) runs each.
// 4. The whole export, read to its end, with the panel's RSS sampled every 250 ms: its growth over
//    the RSS before it (after a warm-up export), and the rows written.
//
// Bounds (exit code 1 when broken): RSS growth under EXPORT_MAX_GROWTH_MB (30); the first byte
// within 1.3 × one upstream call; every user in the file.
import os from "node:os";

import { PanelClient } from "../tests/support/form-post.ts";
import { buildUnlessSkipped, exitWithVerdict, intFromEnv, mb, MEMORY_PROBE, memoryReader } from "./panel-memory.mjs";
import { startDemoApi, startPanel } from "../tests/support/servers.ts";

const ROWS = intFromEnv("EXPORT_ROWS", 100_000);
const RUNS = intFromEnv("EXPORT_RUNS", 7);
const MAX_GROWTH_MB = intFromEnv("EXPORT_MAX_GROWTH_MB", 30);
const MAX_FIRST_BYTE_RATIO = 1.3;
const SAMPLE_MS = 250;
const PAUSE_MS = 300;

const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "br, gzip",
};

const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;

/** Lets the demo API finish what it was doing. */
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.floor(sorted.length / 2)]);
}

/**
 * Milliseconds until the first body bytes of a GET, then drops the download.
 * @param {string} url
 * @param {Record<string, string>} headers
 */
async function firstByteMs(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
  await reader.read();
  const elapsed = performance.now() - started;
  await reader.cancel();
  return elapsed;
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

  const before = await readMemory();
  let peak = before.rss;
  let peakHeap = before.heapTotal;
  let peakExternal = before.external;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const memory = await readMemory();
      peak = Math.max(peak, memory.rss);
      peakHeap = Math.max(peakHeap, memory.heapTotal);
      peakExternal = Math.max(peakExternal, memory.external);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${panel.url}/users.csv`, { headers: signedIn });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const after = await readMemory();
  peak = Math.max(peak, after.rss);
  // Records end with CRLF; the header is the first line and no cell holds a line break here.
  const rows = text.split("\r\n").filter(Boolean).length - 1;
  const growth = peak - before.rss;
  console.log(
    `Export of GET /users.csv: ${rows} rows, ${mb(Buffer.byteLength(text))} (uncompressed), ${seconds.toFixed(1)} s`,
  );
  console.log(`RSS: ${mb(before.rss)} before, ${mb(peak)} at its highest, ${mb(after.rss)} after`);
  console.log(
    `JS heap total: ${mb(before.heapTotal)} before, ${mb(peakHeap)} at its highest; external: ${mb(before.external)}, ${mb(peakExternal)}`,
  );
  console.log(`RSS growth: ${mb(growth)} (bound ${MAX_GROWTH_MB} MB)`);
  if (growth >= MAX_GROWTH_MB * 1024 * 1024) problems.push(`RSS grew by ${mb(growth)} during the export`);
  if (rows < ROWS) problems.push(`the file has ${rows} rows, fewer than the ${ROWS} seeded users`);
  if (/INCOMPLETE EXPORT/.test(text.slice(-300))) problems.push("the file ends with the incomplete line");
} catch (error) {
  problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await Promise.all([panel?.stop(), demo?.stop()]);
}

exitWithVerdict(
  problems,
  `RSS growth under ${MAX_GROWTH_MB} MB; first byte within ${MAX_FIRST_BYTE_RATIO} × one upstream call`,
);
