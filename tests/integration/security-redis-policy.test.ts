/**
 * The panel runs only on a Redis that keeps what it writes (decision 062): the built panel
 * (`node server.js`) against a real redis-server refuses to start, with one line on stderr and
 * exit code 1, when Redis's maxmemory-policy may evict keys (allkeys-* evict the audit trail,
 * volatile-* the limits, revocations and sessions); with noeviction it becomes ready. A policy it
 * cannot read is a warning, and so are a Redis with no maxmemory and one over 80 % of it. And
 * TRUST_PROXY ranges that together cover a whole address family stop the boot like `0.0.0.0/0`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { missingForTests } from "../../scripts/ensure-packages.mjs";
import { type RunningRedis, startRedis } from "../support/redis-server";
import {
  PROCESS_WAIT_MS,
  ROOT,
  type RunningServer,
  runToExit,
  startPanel,
  TEST_SESSION_SECRET,
} from "../support/servers";

const missing = missingForTests(["redis-server"], "the Redis policy checks at boot");

let upstream: http.Server;
let apiUrl: string;

beforeAll(async () => {
  // An upstream stand-in that answers 404 to everything, as an API does at its bare base path: up.
  upstream = http.createServer((_req, res) => res.writeHead(404, { "content-type": "application/json" }).end("{}"));
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
});

/** `node server.js` to its end, in a clean production environment (nothing leaks in from the runner). */
function boot(vars: Record<string, string>) {
  return runToExit(["server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      API_URL: apiUrl,
      SESSION_SECRET: TEST_SESSION_SECRET,
      AUDIT_DIR: mkdtempSync(path.join(tmpdir(), "panel-audit-")),
      ...vars,
    },
  });
}

/** The panel's JSON log lines whose `msg` starts with `start`. */
function logLines(panel: RunningServer, start: string): Record<string, unknown>[] {
  return panel
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => String(line.msg).startsWith(start));
}

describe("a Redis that may evict the panel's records", { timeout: PROCESS_WAIT_MS + 30_000 }, () => {
  const servers: RunningRedis[] = [];
  const panels: RunningServer[] = [];

  beforeEach((context) => {
    if (missing) context.skip(missing);
  });

  afterAll(async () => {
    await Promise.all([...panels.map((panel) => panel.stop()), ...servers.map((server) => server.stop())]);
  });

  async function redisWith(...args: string[]): Promise<RunningRedis> {
    const server = await startRedis(undefined, undefined, args);
    servers.push(server);
    return server;
  }

  async function panelOn(redis: RunningRedis): Promise<RunningServer> {
    const panel = await startPanel(apiUrl, { REDIS_URL: redis.url });
    panels.push(panel);
    return panel;
  }

  it.each([
    ["allkeys-lru", /evicts any key when memory fills, the audit trail's entries included/],
    ["allkeys-random", /evicts any key when memory fills, the audit trail's entries included/],
    ["volatile-ttl", /evicts the keys that have a TTL when memory fills: rate-limit counters .* revoked sessions/],
    ["volatile-lru", /evicts the keys that have a TTL when memory fills: rate-limit counters .* revoked sessions/],
  ])("refuses to start on maxmemory-policy %s, in one line on stderr", async (policy, why) => {
    const redis = await redisWith("--maxmemory-policy", policy, "--maxmemory", "64mb");
    const { code, stdout, stderr } = await boot({ REDIS_URL: redis.url });
    expect(code).toBe(1);
    expect(stdout).not.toContain('"listening"');
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^Invalid configuration: the Redis that REDIS_URL names has maxmemory-policy ${policy}, which `),
    );
    expect(lines[0]).toMatch(why);
    expect(lines[0]).toContain("set maxmemory-policy noeviction");
    // Never the URL itself: it may hold the password.
    expect(lines[0]).not.toContain(redis.url);
  });

  it("reads the policy from INFO where CONFIG is renamed, as managed services do, and still refuses", async () => {
    const redis = await redisWith("--maxmemory-policy", "allkeys-lru", "--rename-command", "CONFIG", "");
    const { code, stderr } = await boot({ REDIS_URL: redis.url });
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Invalid configuration: [^\n]*maxmemory-policy allkeys-lru[^\n]*$/);
  });

  it("starts and becomes ready on noeviction, without a warning about the policy", async () => {
    const redis = await redisWith("--maxmemory-policy", "noeviction", "--maxmemory", "64mb");
    const panel = await panelOn(redis);
    const ready = await fetch(`${panel.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(logLines(panel, "redis")).toEqual([]);
  });

  it("starts with a warning that says what the policy must be when Redis answers neither INFO nor CONFIG", async () => {
    const redis = await redisWith(
      ...["--maxmemory-policy", "allkeys-lru", "--rename-command", "CONFIG", ""],
      ...["--user", "default", "on", "nopass", "~*", "&*", "+@all", "-info"],
    );
    const panel = await panelOn(redis);
    expect((await fetch(`${panel.url}/readyz`)).status).toBe(200);
    const [warning, ...more] = logLines(panel, "redis maxmemory-policy could not be checked");
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ level: "warn" });
    expect(warning!.msg).toMatch(/: it must be noeviction, or a flood of new keys evicts the rate limits/);
    expect(warning!.error).toMatch(/NOPERM/);
  });

  it("warns at boot when Redis has no maxmemory: nothing can warn before it fills its host", async () => {
    const redis = await redisWith();
    const panel = await panelOn(redis);
    expect(logLines(panel, "redis has no maxmemory")).toEqual([expect.objectContaining({ level: "warn" })]);
  });

  it("warns when Redis uses more than 80 % of its maxmemory, with the numbers", async () => {
    const redis = await redisWith();
    const client = new Redis(redis.url);
    try {
      const used = Number(/used_memory:(\d+)/.exec(await client.info("memory"))![1]);
      // Everything it holds now is at maxmemory: the panel's own connection only adds to it.
      await client.config("SET", "maxmemory", String(used));
      const panel = await panelOn(redis);
      const [warning, ...more] = logLines(panel, "redis memory above 80% of maxmemory");
      expect(more).toEqual([]);
      expect(warning).toMatchObject({ level: "warn", maxMemory: used });
      expect(warning!.percent).toBeGreaterThanOrEqual(80);
      expect(warning!.msg).toMatch(/at maxmemory every write fails/);
      expect(logLines(panel, "redis has no maxmemory")).toEqual([]);
    } finally {
      client.disconnect();
    }
  });
});

describe("TRUST_PROXY ranges that together trust every address", { timeout: PROCESS_WAIT_MS + 30_000 }, () => {
  it.each([
    ["0.0.0.0/1,128.0.0.0/1", "IPv4"],
    ["::ffff:0:0/96", "IPv4"],
    ["::/1,8000::/1", "IPv6"],
  ])("stop the boot in production: %s", async (value, family) => {
    const { code, stdout, stderr } = await boot({ TRUST_PROXY: value });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Invalid configuration: TRUST_PROXY must name the proxies, not every address: .* cover every ${family} address`,
        ),
      ),
    ]);
  });
});
