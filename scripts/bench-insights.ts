// `npm run bench`'s insights step (issue 41, decision 081); alone: `npm run bench:insights` (after
// `npm run build`). Two measurements:
//
// 1. /insights?days=90 with BENCH_INSIGHTS_ENTRIES (1,000,000) entries in the trail, on the embedded
//    default and on Redis (a redis-server of its own; skipped with a note when none is installed).
//    The seeding step writes the entries through the trail's own engine (app/audit/), spread over
//    the last 90 days, a mix of the actions admins take (decisions of every kind, skips, take-overs,
//    sign-ins, exports) by 20 admins; then `npm run insights:rebuild` (build/server/insights-rebuild.js)
//    counts them into the roll-ups, timed; then a panel on those stores answers BENCH_INSIGHTS_REQUESTS
//    (300) sequential signed-in requests after 20 not counted: p50 and p95 of the whole answer.
//    Bound: p95 under 300 ms on each engine.
// 2. The shell's waiting banner on the other pages: two panels on one demo API, one with the banner
//    off (INSIGHTS_WAIT_ALERT_HOURS=0, A) and one showing it (a pending request first seen 30 hours
//    before, B), signed-in /users in alternating rounds (BENCH_ROUNDS of A B B A, BENCH_SECONDS
//    each). Bound: the median of the rounds' requests/s ratios B/A at 0.98 or more.
//
// The embedded store is compacted after its seeding (LevelDB's compaction of a million fresh
// writes would otherwise run inside the measured panel). BENCH_INSIGHTS_ENGINES=embedded (or redis)
// measures one engine. BENCH_INSIGHTS_SEED_DIR=<dir> keeps the embedded stores seeded there (and reuses them when the
// directory holds them already): the seeding is the slow part on a busy machine.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { ClassicLevel } from "classic-level";
import { Redis } from "ioredis";

import type { AuditEngine } from "../app/audit/engine.ts";
import { chainedEntry } from "../app/audit/chain.ts";
import type { AuditRecord } from "../app/audit/entry.ts";
import { levelEngine } from "../app/audit/level-engine.server.ts";
import { redisEngine } from "../app/audit/redis-engine.server.ts";
import { familyOn } from "../app/state/family.server.ts";
import { levelStateEngine } from "../app/state/level-engine.server.ts";
import { PanelClient } from "../tests/support/form-post.ts";
import { startRedis } from "../tests/support/redis-server.ts";
import { type RunningServer, ROOT, startDemoApi, startPanel } from "../tests/support/servers.ts";
import { findProgram } from "./ensure-packages.mjs";
import {
  alternate,
  BROWSER_HEADERS,
  cpuPerRequest,
  driveLoad,
  exitWithVerdict,
  intFromEnv,
  median,
  percentile,
} from "./measuring.mjs";

const ENTRIES = intFromEnv("BENCH_INSIGHTS_ENTRIES", 1_000_000);
const REQUESTS = intFromEnv("BENCH_INSIGHTS_REQUESTS", 300);
/** The engines measured: both, or one (`BENCH_INSIGHTS_ENGINES=embedded`, `=redis`). */
const ENGINES = (process.env.BENCH_INSIGHTS_ENGINES ?? "embedded,redis").toLowerCase().split(",");
const MAX_P95_MS = 300;
const MIN_BANNER_SHARE = 0.98;
const DAY_MS = 86_400_000;
const REBUILD = path.join(ROOT, "build/server/insights-rebuild.js");

/** What admins do, with how often (out of 100). */
const MIX: readonly [weight: number, action: string, kind: NonNullable<AuditRecord["target"]>["kind"] | null][] = [
  [30, "signed in", null],
  [14, "approved", "badge-request"],
  [5, "rejected", "badge-request"],
  [10, "banned", "user"],
  [7, "unbanned", "user"],
  [10, "deleted", "post"],
  [10, "skipped", "badge-request"],
  [4, "took over", "badge-request"],
  [10, "exported", "list"],
];

/** The `index`-th seeded record: spread evenly over the 90 days before `now`, oldest first. */
function seededRecord(index: number, now: number): AuditRecord & { at: number } {
  let pick = (index * 7919) % 100;
  let [, action, kind] = MIX[0]!;
  for (const [weight, word, target] of MIX) {
    if (pick < weight) {
      [action, kind] = [word, target];
      break;
    }
    pick -= weight;
  }
  return {
    admin: `admin${index % 20}@example.com`,
    action,
    target: kind ? { kind, id: String((index * 31) % 5_000), name: null } : null,
    result: index % 17 === 0 ? "refused" : "done",
    at: now - 90 * DAY_MS + Math.floor((index * 90 * DAY_MS) / ENTRIES),
  };
}

/** Writes the entries through the engine, reporting progress; answers the seconds it took. */
async function seedTrail(engine: AuditEngine, now: number): Promise<number> {
  const started = performance.now();
  const head = await engine.head();
  if (head.seq >= ENTRIES) {
    console.log(`  the trail holds ${head.seq} entries already: not seeded again`);
    return 0;
  }
  for (let index = head.seq; index < ENTRIES; index++) {
    const record = seededRecord(index, now);
    await engine.append(`bench-${index}`, (last) => chainedEntry(last, record, record.at));
    if ((index + 1) % 100_000 === 0) process.stdout.write(`  ${index + 1} entries written...\n`);
  }
  return (performance.now() - started) / 1000;
}

/**
 * The embedded store after its seeding, compacted: a million entries written in minutes leave
 * LevelDB's compaction behind, and the panel that opens the store next would run it while it is
 * measured. A trail that grows at an admin team's pace never owes that much.
 */
async function compactEmbedded(dir: string): Promise<number> {
  const started = performance.now();
  const db = new ClassicLevel<string, string>(dir);
  await db.open();
  try {
    await db.compactRange("", "\uffff");
  } finally {
    await db.close();
  }
  return (performance.now() - started) / 1000;
}

/** `npm run insights:rebuild` on the stores `storeEnv` names; answers its seconds and its line. */
async function rebuild(storeEnv: NodeJS.ProcessEnv): Promise<{ seconds: number; line: string }> {
  const started = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, [REBUILD], {
    cwd: ROOT,
    env: { ...process.env, ...storeEnv, APP_TIMEZONE: "UTC" },
    maxBuffer: 1 << 20,
  });
  return { seconds: (performance.now() - started) / 1000, line: stdout.trim() };
}

/** One request's whole answer, in ms. */
function timedAnswer(
  url: string,
  headers: http.OutgoingHttpHeaders,
  agent: http.Agent,
): Promise<{ ms: number; status: number | undefined }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers, agent }, (response) => {
        response.resume();
        response.on("end", () => resolve({ ms: performance.now() - started, status: response.statusCode }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** REQUESTS sequential answers of /insights?days=90 after 20 not counted: p50, p95, non-2xx. */
async function insightsTimes(panelUrl: string, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `${panelUrl}/insights?days=90`;
  const headers = { ...BROWSER_HEADERS, cookie };
  try {
    for (let i = 0; i < 20; i++) await timedAnswer(url, headers, agent);
    const samples = [];
    for (let i = 0; i < REQUESTS; i++) samples.push(await timedAnswer(url, headers, agent));
    const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    return {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      non2xx: samples.filter((sample) => sample.status !== 200).length,
    };
  } finally {
    agent.destroy();
  }
}

/** The /insights measurement on one engine: seed, rebuild, then the panel's answers. */
interface EngineResult {
  name: string;
  seedSeconds: number;
  rebuildSeconds: number;
  p50: number;
  p95: number;
}

async function measureEngine(
  name: string,
  { storeEnv, openTrail }: { storeEnv: NodeJS.ProcessEnv; openTrail: () => Promise<AuditEngine> },
  demoUrl: string,
  problems: string[],
): Promise<EngineResult> {
  console.log(`  ${name}: seeding ${ENTRIES} entries...`);
  const now = Date.now();
  const trail = await openTrail();
  let seedSeconds;
  try {
    seedSeconds = await seedTrail(trail, now);
  } finally {
    await trail.close();
  }
  if (storeEnv.AUDIT_DIR && !storeEnv.REDIS_URL)
    console.log(`  ${name}: the store compacted (${(await compactEmbedded(storeEnv.AUDIT_DIR)).toFixed(1)} s)`);
  const rebuilt = await rebuild(storeEnv);
  console.log(`  ${name}: ${rebuilt.line} (${rebuilt.seconds.toFixed(1)} s)`);
  const panel = await startPanel(demoUrl, storeEnv);
  try {
    const admin = new PanelClient(panel.url);
    await admin.signIn();
    const times = await insightsTimes(panel.url, admin.cookieHeader());
    if (times.non2xx) problems.push(`/insights?days=90 on ${name}: ${times.non2xx} answers not 200`);
    if (times.p95 > MAX_P95_MS)
      problems.push(`/insights?days=90 on ${name}: p95 ${times.p95.toFixed(1)} ms, bound ${MAX_P95_MS} ms`);
    return { name, seedSeconds, rebuildSeconds: rebuilt.seconds, ...times };
  } finally {
    await panel.stop();
  }
}

/** The banner's cost: /users on a panel without it (A) and one showing it (B), in alternating rounds. */
interface BannerResult {
  /** Per round, /users' requests/s with the banner over without it. */
  shares: number[];
  share: number;
  /** Per round, the server's CPU per request with the banner over without it (steadier on a busy machine). */
  cpuShares: number[];
  cpuShare: number;
}

interface LoadSettings {
  rounds: number;
  seconds: number;
  connections: number;
}

async function measureBanner(
  demoUrl: string,
  { rounds, seconds, connections }: LoadSettings,
  problems: string[],
): Promise<BannerResult> {
  const stateWithOldRequest = mkdtempSync(path.join(tmpdir(), "bench-banner-state-"));
  // Request 9 is pending in the demo data: first seen 30 hours ago, so the banner shows.
  const state = await levelStateEngine(stateWithOldRequest);
  await familyOn(async () => state, "queue").set(
    "first-seen",
    JSON.stringify({ 9: Date.now() - 30 * 3_600_000 }),
    86_400,
  );
  await state.close();
  const [off, on] = await Promise.all([
    startPanel(demoUrl, { INSIGHTS_WAIT_ALERT_HOURS: "0" }),
    startPanel(demoUrl, { STATE_DIR: stateWithOldRequest }),
  ]);
  try {
    const sides: Record<"a" | "b", RunningServer> = { a: off, b: on };
    const cookies: Record<string, string> = {};
    for (const [side, panel] of Object.entries(sides)) {
      const admin = new PanelClient(panel.url);
      await admin.signIn();
      cookies[side] = admin.cookieHeader();
    }
    const shows = async (side: "a" | "b") =>
      (await (await fetch(`${sides[side].url}/users`, { headers: { cookie: cookies[side]! } })).text()).includes(
        "The oldest citizenship request has waited more than",
      );
    if ((await shows("a")) || !(await shows("b"))) problems.push("the banner shows on the wrong panel");
    const measured = await alternate(rounds, (side: "a" | "b") =>
      driveLoad({
        url: `${sides[side].url}/users`,
        headers: { ...BROWSER_HEADERS, cookie: cookies[side]! },
        connections,
        seconds,
        warmupSeconds: 2,
        pids: { server: sides[side].process.pid },
        idlePids: [off.process.pid, on.process.pid],
      }),
    );
    const shares = measured.map((round) => {
      const rps = (runs: import("./measuring.mjs").LoadResult[]) =>
        runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
      return rps(round.b) / rps(round.a);
    });
    for (const round of measured)
      for (const run of [...round.a, ...round.b])
        if (run.non2xx || run.errors)
          problems.push(`/users with the banner: ${run.non2xx} non-2xx, ${run.errors} errors`);
    const cpuShares = measured.map(
      (round) => (cpuPerRequest(round.b, "server") ?? NaN) / (cpuPerRequest(round.a, "server") ?? NaN),
    );
    const share = median(shares);
    if (share < MIN_BANNER_SHARE)
      problems.push(`/users with the banner at ${share.toFixed(3)} × without it, bound ${MIN_BANNER_SHARE}`);
    return { shares, share, cpuShares, cpuShare: median(cpuShares) };
  } finally {
    await Promise.all([off.stop(), on.stop()]);
    rmSync(stateWithOldRequest, { recursive: true, force: true });
  }
}

/**
 * The insights step: /insights?days=90 over a 1,000,000-entry trail on each engine, and the
 * banner's cost on /users. Broken bounds are pushed to `problems`; answers the figures and a table.
 */
export async function benchInsights({ rounds, seconds, connections, problems }: LoadSettings & { problems: string[] }) {
  const demo = await startDemoApi();
  const kept = process.env.BENCH_INSIGHTS_SEED_DIR;
  const base = kept ?? mkdtempSync(path.join(tmpdir(), "bench-insights-"));
  const [auditDir, stateDir] = [path.join(base, "audit"), path.join(base, "state")];
  for (const dir of [auditDir, stateDir]) if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  const results: EngineResult[] = [];
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  try {
    if (ENGINES.includes("embedded"))
      results.push(
        await measureEngine(
          "embedded",
          { storeEnv: { AUDIT_DIR: auditDir, STATE_DIR: stateDir }, openTrail: () => levelEngine(auditDir) },
          `${demo.url}/api`,
          problems,
        ),
      );
    if (!ENGINES.includes("redis")) console.log("  Redis: not measured (BENCH_INSIGHTS_ENGINES)");
    else if (findProgram("redis-server")) {
      redis = await startRedis();
      const url = redis.url;
      results.push(
        await measureEngine(
          "Redis",
          { storeEnv: { REDIS_URL: url }, openTrail: async () => redisEngine(new Redis(url)) },
          `${demo.url}/api`,
          problems,
        ),
      );
    } else console.log("  Redis: skipped, no redis-server installed");
    console.log(
      `  the shell's banner on /users: off (A) and shown (B), ${rounds} rounds of A B B A, ${seconds} s each`,
    );
    const banner = await measureBanner(`${demo.url}/api`, { rounds, seconds, connections }, problems);
    return { results, banner, table: insightsTable(results, banner) };
  } finally {
    await redis?.stop();
    await demo.stop();
    if (!kept) rmSync(base, { recursive: true, force: true });
  }
}

function insightsTable(results: readonly EngineResult[], banner: BannerResult): string {
  const lines = [
    `| Engine | Entries | Seeding | Rebuild | /insights?days=90 p50 | p95 (bound ${MAX_P95_MS} ms) |`,
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...results.map(
      (result) =>
        `| ${result.name} | ${ENTRIES} | ${result.seedSeconds ? `${result.seedSeconds.toFixed(0)} s` : "kept"} | ${result.rebuildSeconds.toFixed(1)} s | ${result.p50.toFixed(1)} ms | ${result.p95.toFixed(1)} ms |`,
    ),
    "",
    `The shell's banner: /users with it at ${banner.share.toFixed(3)} × the requests/s without it (rounds: ${banner.shares.map((share) => share.toFixed(3)).join(", ")}; bound ${MIN_BANNER_SHARE})`,
    `  CPU per request with it ÷ without it: ${banner.cpuShare.toFixed(3)} (rounds: ${banner.cpuShares.map((share) => share.toFixed(3)).join(", ")})`,
  ];
  return lines.join("\n");
}

// Alone (`npm run bench:insights`): this step only, with the bench's settings.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, "scripts/bench-insights.ts")) {
  const problems: string[] = [];
  const { table } = await benchInsights({
    rounds: intFromEnv("BENCH_ROUNDS", 5),
    seconds: intFromEnv("BENCH_SECONDS", 6),
    connections: intFromEnv("BENCH_CONNECTIONS", 10),
    problems,
  }).catch((error) => {
    problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return { table: "" };
  });
  console.log(`\n${table}`);
  exitWithVerdict(
    problems,
    `/insights?days=90 p95 under ${MAX_P95_MS} ms on each engine; the banner costs /users under 2%`,
  );
}
