/**
 * N instances behave like one, on real parts: Debian's redis-server (the shared rate-limit store)
 * and haproxy (the load balancer) in front of two built panels (`node server.js`) and one demo API,
 * all on loopback ports of their own. `npm test` installs both packages as root on Debian
 * (scripts/ensure-packages.mjs); where they are missing this file says so and skips them, and in
 * CI fails with that line. The drain on shutdown (/readyz answers 503 first) needs neither and
 * always runs. Every wait is on an event: a process's log line, haproxy's log of its checks.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

import { within } from "@testing-library/dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { findProgram, missingForTests } from "../../scripts/ensure-packages.mjs";
import { holdCalls, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { htmlPage } from "../support/html";
import {
  freePort,
  ROOT,
  type RunningServer,
  type Stack,
  startDemoApi,
  startStack,
  TEST_SESSION_SECRET,
} from "../support/servers";

/**
 * The longest drain (SHUTDOWN_DRAIN_MS): never reached here. A drain ends once haproxy's checks
 * show it stopped sending (decision 052), however slow the machine.
 */
const DRAIN_LIMIT_MS = 60_000;
const FAILURES_PER_ACCOUNT = 3;
const POSTS_PER_MINUTE = 4;
const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" };

const missing = missingForTests(["redis-server", "haproxy"], "the multi-instance tests of scale-out.test.ts");
if (missing) console.warn(`SKIPPED: ${missing}; npm test installs them when it runs as root on Debian`);

/** A child process whose output is read line by line; `waitFor` resolves on the first matching line. */
class Spawned {
  readonly lines: string[] = [];
  private readonly watchers: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on("line", (line) => {
        this.lines.push(line);
        for (const watcher of this.watchers.filter((candidate) => candidate.pattern.test(line))) {
          this.watchers.splice(this.watchers.indexOf(watcher), 1);
          watcher.resolve(line);
        }
      });
    }
    this.exited = once(child, "exit").then(([code]) => code as number | null);
  }

  /** The next line (from now on) matching `pattern`; rejects when the process exits first. */
  waitFor(pattern: RegExp): Promise<string> {
    return new Promise((resolve, reject) => {
      this.watchers.push({ pattern, resolve });
      void this.exited.then((code) =>
        reject(new Error(`${this.name} exited (${code}) before printing ${pattern}:\n${this.lines.join("\n")}`)),
      );
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 15_000);
    await this.exited;
    clearTimeout(timer);
  }
}

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = ROOT): Spawned {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  return new Spawned(name, child);
}

/** A built panel on a port of our choosing (haproxy's configuration names it); `listening` resolves once it listens. */
function startPanelOn(port: number, env: NodeJS.ProcessEnv): { panel: Spawned; listening: Promise<string> } {
  const panel = start(`panel :${port}`, process.execPath, ["server.js"], {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOGIN_FAILURES_PER_DAY: "10000",
    ...env,
  });
  return { panel, listening: panel.waitFor(/"msg":"listening"/) };
}

function haproxyConfig(frontPort: number, ports: Record<string, number>): string {
  return `global
  maxconn 512
  # One line per request (with how it ended) and per change of a check's result, on stdout.
  log stdout format raw local0 info

defaults
  mode http
  log global
  option httplog
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # A connection refused by an instance that has just closed is tried again on the other one.
  retries 3
  option redispatch
  option forwardfor

frontend panel
  bind 127.0.0.1:${frontPort}
  default_backend panels

backend panels
  balance roundrobin
  option httpchk GET /readyz
  option log-health-checks
  http-check expect status 200
  # As docs/operations.md advises: three failed checks in a row take an instance out, so one
  # slow check on a busy machine does not (the last one in service included); a draining
  # instance serves until haproxy has stopped sending (decision 052). A check may be slow.
  timeout check 30s
  default-server inter 250ms fall 3 rise 2
  http-response set-header X-Served-By %[srv_name]
${Object.entries(ports)
  .map(([name, port]) => `  server ${name} 127.0.0.1:${port} check`)
  .join("\n")}
`;
}

/** Whether a new TCP connection to `url`'s port is accepted (not refused). */
function acceptsConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The X-Forwarded-For a single trusted proxy sends for a client at `address` (the panels trust one hop). */
const from = (address: string) => ({ "x-forwarded-for": address });

describe.skipIf(missing !== undefined)("two instances behind haproxy, sharing Redis", { timeout: 180_000 }, () => {
  let dir: string;
  let redis: Spawned;
  let demo: RunningServer;
  let proxy: Spawned;
  let proxyUrl: string;
  const ports: Record<string, number> = {};
  const panels: Record<string, Spawned> = {};
  let panelEnv: NodeJS.ProcessEnv;
  const urlOf = (name: string) => `http://127.0.0.1:${ports[name]}`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "scale-out-"));
    const redisPort = await freePort();
    // Everything that does not need another part starts at once; each is ready when it says so.
    await Promise.all([
      (async () => {
        redis = start(
          "redis-server",
          findProgram("redis-server")!,
          ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
          {},
          dir,
        );
        await redis.waitFor(/Ready to accept connections/);
      })(),
      (async () => {
        demo = await startDemoApi();
      })(),
    ]);

    panelEnv = {
      API_URL: `${demo.url}/api`,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      TRUST_PROXY: "loopback",
      SHUTDOWN_DRAIN_MS: String(DRAIN_LIMIT_MS),
      LOGIN_FAILURES_PER_ACCOUNT: String(FAILURES_PER_ACCOUNT),
      AUTH_RATE_LIMIT_PER_MINUTE: String(POSTS_PER_MINUTE),
    };
    for (const name of ["a", "b"]) ports[name] = await freePort();
    await Promise.all(
      Object.keys(ports).map((name) => {
        const { panel, listening } = startPanelOn(ports[name]!, panelEnv);
        panels[name] = panel;
        return listening;
      }),
    );

    const frontPort = await freePort();
    proxyUrl = `http://127.0.0.1:${frontPort}`;
    writeFileSync(path.join(dir, "haproxy.cfg"), haproxyConfig(frontPort, ports));
    proxy = start("haproxy", findProgram("haproxy")!, ["-f", path.join(dir, "haproxy.cfg"), "-db"], {}, dir);
    // haproxy listens before it checks: ready once its first check of each panel has passed.
    await Promise.all(
      Object.keys(ports).map((name) => proxy.waitFor(new RegExp(`Health check for server panels/${name} succeeded`))),
    );
  });

  // A failed test prints what went wrong on the way, in the words of the parts: the panels'
  // warnings and errors, haproxy's checks and every request it did not answer 200.
  beforeEach(({ onTestFailed }) => {
    const parts = [proxy, ...Object.values(panels)];
    const seen = new Map(parts.map((part) => [part, part.lines.length]));
    onTestFailed(() => {
      const problems = [...new Set([...parts, ...Object.values(panels)])].flatMap((part) =>
        part.lines
          .slice(seen.get(part) ?? 0)
          .filter((line) => (part === proxy ? !/ 200 \d+ - - /.test(line) : !line.includes('"level":"info"')))
          .map((line) => `${part.name}: ${line}`),
      );
      if (problems.length > 0) console.log(problems.join("\n"));
    });
  });

  afterAll(async () => {
    await Promise.all([proxy?.stop(), ...Object.values(panels).map((panel) => panel.stop())]);
    await Promise.all([demo?.stop(), redis?.stop()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps a sign-in made on one instance valid on the other", async () => {
    const admin = await PanelClient.signedIn(urlOf("a"));
    const page = await fetch(`${urlOf("b")}/users`, {
      headers: { ...BROWSER, cookie: admin.cookieHeader() },
      redirect: "manual",
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Users · Admin Dashboard");
  });

  it("counts sign-in failures across both instances", async () => {
    const email = "moderator@example.com";
    const address = "203.0.113.10";
    for (let attempt = 1; attempt <= FAILURES_PER_ACCOUNT; attempt++) {
      const instance = attempt % 2 === 1 ? "a" : "b";
      const failed = await new PanelClient(urlOf(instance)).post(
        "/login",
        { email, password: `wrong-${attempt}` },
        from(address),
      );
      expect(failed.status, `attempt ${attempt} on ${instance}`).toBe(401);
    }
    // Each instance saw at most two failures; together they reached the limit.
    for (const instance of ["a", "b"]) {
      const refused = await new PanelClient(urlOf(instance)).post("/login", { email, password: "any" }, from(address));
      expect(refused.status, instance).toBe(429);
    }
  });

  it("counts the per-minute limit of anonymous posts across both instances", async () => {
    const address = "203.0.113.11";
    for (let post = 1; post <= POSTS_PER_MINUTE; post++) {
      const instance = post % 2 === 1 ? "a" : "b";
      const answer = await new PanelClient(urlOf(instance)).post(
        "/forgot-password",
        { email: `someone-${post}@example.com` },
        from(address),
      );
      expect(answer.status, `post ${post} on ${instance}`).not.toBe(429);
    }
    const refused = await new PanelClient(urlOf("a")).post(
      "/forgot-password",
      { email: "someone-else@example.com" },
      from(address),
    );
    expect(refused.status).toBe(429);
  });

  it("answers a repeated one-time key on the other instance without a second upstream call", async () => {
    const onA = await PanelClient.signedIn(urlOf("a"));
    const onB = new PanelClient(urlOf("b"));
    // The same browser: every cookie the sign-in on A set.
    for (const pair of onA.cookieHeader().split("; ")) {
      const eq = pair.indexOf("=");
      onB.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const html = await (await onA.get("/posts?confirm=delete&id=33")).text();
    const key = /name="_once" value="([^"]+)"/.exec(html)?.[1];
    expect(key, "the rendered one-time key").toBeTruthy();
    const held = await holdCalls(demo.url, { method: "DELETE", path: "/posts/33", times: 1 });
    const fields = { intent: "delete", id: "33", _once: key! };

    // A double click whose second post the balancer sends to the other instance: A's upstream call
    // is held until B's post has been sent.
    const first = onA.post("/posts", fields);
    await held.arrived();
    const second = onB.post("/posts", fields);
    await held.release();
    const answers = await Promise.all([first, second]);

    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect(answers[1]!.headers.get("location")).toBe(answers[0]!.headers.get("location"));
    expect(toastMessage((await onB.follow(answers[1]!)).html)).toBe("Post deleted successfully");
    const deletes = (await recordedRequests(demo.url, "/posts/33")).filter((call) => call.method === "DELETE");
    expect(deletes).toHaveLength(1);
  });

  it("shows an admin action made on one instance in the other instance's /audit (one audit trail in Redis)", async () => {
    const admin = await PanelClient.signedIn(urlOf("a"));
    await admin.post("/users", { intent: "verify", id: "21" });
    const page = await htmlPage(
      await new PanelClient(urlOf("b")).get("/audit?kind=user&target=21", {
        cookie: admin.cookieHeader(),
      }),
    );
    const [row] = page.getAllByRole("row").slice(1);
    expect(within(row!).getByRole("link", { name: / \(user 21\)$/ })).toBeTruthy();
    expect(row!.textContent).toContain("Verified");
  });

  it("shares the citizenship queue's claims: a request opened on one instance is held on the other", async () => {
    const onA = await PanelClient.signedIn(urlOf("a"));
    const onB = await PanelClient.signedIn(urlOf("b"), "ops.admin@example.com", "Admin12345");
    expect((await onA.get("/badge-requests/review/19")).status).toBe(200);
    const claimed = decodeEntities(await (await onB.get("/badge-requests/review/19")).text());
    expect(claimed).toMatch(/Being reviewed by admin@example\.com since /);
    // The queue on B passes over it: B gets the next request, not 19.
    const queue = decodeEntities(await (await onB.get("/badge-requests/review")).text());
    expect(/name="id" value="(\d+)"/.exec(queue)?.[1]).not.toBe("19");
  });

  it("restarts one instance at a time under load without a failed request", async () => {
    const admin = await PanelClient.signedIn(proxyUrl);
    const headers = { ...BROWSER, cookie: admin.cookieHeader() };

    // A bounded load: four clients in a loop until the restarts are done (at most 20,000 requests).
    let phase = "both up";
    let stopped = false;
    const served: { phase: string; status: number | string; by: string | null }[] = [];
    const client = async () => {
      while (!stopped && served.length < 20_000) {
        try {
          const response = await fetch(`${proxyUrl}/users`, { headers });
          await response.arrayBuffer();
          served.push({ phase, status: response.status, by: response.headers.get("x-served-by") });
        } catch (error) {
          served.push({ phase, status: String((error as Error).cause ?? error), by: null });
        }
      }
    };
    const load = Promise.all([client(), client(), client(), client()]);
    await expect.poll(() => served.length, { timeout: 30_000 }).toBeGreaterThan(10);

    const drains: string[] = [];
    for (const name of ["a", "b"]) {
      const panel = panels[name]!;
      phase = `${name} restarting`;
      const draining = panel.waitFor(/"msg":"draining"/);
      const closing = panel.waitFor(/"msg":"shutting down"/);
      const down = proxy.waitFor(new RegExp(`Server panels/${name} is DOWN`));
      panel.child.kill("SIGTERM");
      await draining;
      // haproxy's check saw the 503 and took the instance out; only then did it stop serving.
      await down;
      const closed = JSON.parse(await closing) as { drainEndedBy?: string; drainedMs?: number };
      expect(closed.drainEndedBy).toBe("balancer");
      drains.push(`${name} ${closed.drainedMs} ms`);
      expect(await panel.exited).toBe(0);

      const up = proxy.waitFor(new RegExp(`Server panels/${name} is UP`));
      const restarted = startPanelOn(ports[name]!, panelEnv);
      panels[name] = restarted.panel;
      await restarted.listening;
      await up;
    }
    phase = "both up again";
    // Let each instance answer some requests again before the load stops.
    await expect
      .poll(() => new Set(served.filter((entry) => entry.phase === phase).map((entry) => entry.by)).size, {
        timeout: 30_000,
      })
      .toBe(2);
    stopped = true;
    await load;

    const phases = [...new Set(served.map((entry) => entry.phase))];
    const counts = phases.map((name) => `${served.filter((entry) => entry.phase === name).length} while ${name}`);
    console.log(`rolling restart: ${served.length} requests, ${counts.join(", ")}; drains: ${drains.join(", ")}`);
    expect(served.filter((entry) => entry.status !== 200)).toEqual([]);
    for (const expected of ["both up", "a restarting", "b restarting", "both up again"]) {
      expect(served.filter((entry) => entry.phase === expected).length, expected).toBeGreaterThan(0);
    }
  });

  it("keeps the counts through the restarts: the account's run of failures goes on on both new instances", async () => {
    const attempt = (instance: string) =>
      new PanelClient(urlOf(instance)).post(
        "/login",
        { email: "moderator@example.com", password: "any" },
        from("203.0.113.10"),
      );
    // The first wait (15 s, decision 035) may be over after the restarts; the run of failures is
    // not: either the wait still holds, or this failure starts the second, longer one.
    const first = await attempt("a");
    expect([401, 429]).toContain(first.status);
    for (const instance of ["a", "b"]) {
      const refused = await attempt(instance);
      expect(refused.status, instance).toBe(429);
      if (first.status === 401) expect(Number(refused.headers.get("retry-after")), instance).toBeGreaterThan(15);
    }
  });
});

describe("shutdown", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SHUTDOWN_DRAIN_MS: String(DRAIN_LIMIT_MS) });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("answers 503 on /readyz from SIGTERM on and serves until the balancer's three failed checks took it out and the next came with no request between, then exits 0", async () => {
    const { panel } = stack;
    const check = async () => {
      const ready = await fetch(`${panel.url}/readyz`);
      return { status: ready.status, body: (await ready.json()) as unknown };
    };
    expect(await check()).toEqual({ status: 200, body: { status: "ready" } });
    const lines = createInterface({ input: panel.process.stdout! });
    const logged = (msg: string) =>
      new Promise<Record<string, unknown>>((resolve) =>
        lines.on("line", (line) => line.includes(`"msg":"${msg}"`) && resolve(JSON.parse(line))),
      );
    const draining = logged("draining");
    const closing = logged("shutting down");
    panel.process.kill("SIGTERM");
    await draining;

    // A balancer's check sees the 503; a request it sent meanwhile is still served.
    expect(await check()).toEqual({ status: 503, body: { status: "shutting down" } });
    expect((await fetch(`${panel.url}/healthz`)).status).toBe(200);
    const page = await fetch(`${panel.url}/login`, { headers: BROWSER });
    expect(page.status).toBe(200);
    expect(page.headers.get("connection")).toBe("close");
    // The next check: a request came since the last one, so the balancer may still be sending.
    expect((await check()).status).toBe(503);
    expect((await fetch(`${panel.url}/healthz`)).status).toBe(200);
    // No request since the last check, but the balancer takes an instance out after three failed
    // checks (BALANCER_FALL, haproxy's fall 3): this third one does, and it may still send until then.
    expect((await check()).status).toBe(503);
    // Still listening: a drain that ended there would have closed the port before that answer.
    expect(await acceptsConnections(panel.url)).toBe(true);
    // The next check, with no request since the third: the balancer has stopped sending.
    expect((await check()).status).toBe(503);

    expect(await closing).toMatchObject({ drainEndedBy: "balancer" });
    const [code] = await once(panel.process, "exit");
    expect(code).toBe(0);
    expect(panel.output()).toMatch(/"msg":"shut down"/);
  });
});
