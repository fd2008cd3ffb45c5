// Benchmark: throughput and latency of the built panel against the demo API, with budgets.
// Not a test (tests never time things): run `npm run build && npm run bench` on a quiet machine.
// Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), DEMO_API_LATENCY_MS (20).
import { startDemoApi, startPanel } from "../tests/support/servers.ts";
import { PanelClient } from "../tests/support/form-post.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LATENCY = process.env.DEMO_API_LATENCY_MS ?? "20";
// A browser user agent: React Router waits for all data for bots, but streams for browsers.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** Budgets: requests per second at least, and 95th-percentile latency at most (ms). */
const SCENARIOS = [
  { name: "GET /login (public, no upstream)", path: "/login", signedIn: false, minRps: 150, maxP95: 150 },
  { name: "GET /healthz", path: "/healthz", signedIn: false, minRps: 1000, maxP95: 50 },
  { name: "GET / (dashboard: 4 upstream calls in parallel)", path: "/", signedIn: true, minRps: 50, maxP95: 400 },
  { name: "GET /users (one upstream call)", path: "/users", signedIn: true, minRps: 60, maxP95: 300 },
];

const demo = await startDemoApi({ DEMO_API_LATENCY_MS: LATENCY });
const panel = await startPanel(`${demo.url}/api`);
let failed = false;
try {
  const admin = new PanelClient(panel.url);
  await admin.signIn();
  console.log(`${SECONDS} s per scenario, ${CONNECTIONS} connections, demo API latency ${LATENCY} ms\n`);
  for (const scenario of SCENARIOS) {
    const headers = { "user-agent": BROWSER, ...(scenario.signedIn ? { cookie: admin.cookieHeader() } : {}) };
    const latencies = [];
    let errors = 0;
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < deadline) {
          const started = performance.now();
          const response = await fetch(`${panel.url}${scenario.path}`, { headers, redirect: "manual" });
          await response.arrayBuffer();
          if (response.status !== 200) errors++;
          latencies.push(performance.now() - started);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const rps = latencies.length / SECONDS;
    const p50 = latencies[Math.floor(latencies.length * 0.5)];
    const p95 = latencies[Math.floor(latencies.length * 0.95)];
    const ok = rps >= scenario.minRps && p95 <= scenario.maxP95 && errors === 0;
    if (!ok) failed = true;
    console.log(
      `${ok ? "✔" : "✖"} ${scenario.name}\n    ${rps.toFixed(0)} req/s (budget ≥ ${scenario.minRps}), p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget ≤ ${scenario.maxP95}), ${errors} errors`,
    );
  }
} finally {
  await Promise.all([panel.stop(), demo.stop()]);
}
process.exit(failed ? 1 : 0);
