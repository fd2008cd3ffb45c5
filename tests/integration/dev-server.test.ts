// `npm run dev` over real HTTP: the same Express app as production (server/app.ts) under Vite's
// dev server, with the demo API beside it. Headers, guards, the request log and health routes
// must hold in development too, and stopping it must leave nothing running.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { cpuSeconds, PROCESS_WAIT_MS } from "../support/servers";

const root = join(import.meta.dirname, "../..");
/**
 * A start uses about 6 s of CPU (Vite, the Vite servers React Router's plugin runs for its
 * config, the panel's modules compiled for the server, the demo API); a busy machine stretched
 * that to 113 s of wall time (measured). So the start is judged by the CPU it used, not by the
 * clock: it fails once the dev server and its children have used ten times that without
 * listening (a runaway), or no CPU at all for PROCESS_WAIT_MS (a hang). Where /proc cannot tell,
 * the clock: 90 s.
 */
const START_CPU_LIMIT_S = 60;
const START_LIMIT_MS = 90_000;

interface DevServer {
  child: ChildProcess;
  url: string;
  demoUrl: string;
  lines: string[];
  exited: Promise<number | null>;
}

/** Starts `scripts/dev.mjs` on any free loopback ports and resolves once the panel listens. */
function startDevServer(): Promise<DevServer> {
  const child = spawn(process.execPath, ["scripts/dev.mjs"], {
    cwd: root,
    // A clean environment: no API_URL (demo mode), port 0 everywhere, demo data in memory, and a
    // given SESSION_SECRET so that nothing is written to .data/.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: "0",
      HOST: "127.0.0.1",
      DEMO_API_PORT: "0",
      DEMO_API_DATA_FILE: "",
      SESSION_SECRET: "dev-server-test-secret-0123456789abcdef",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  createInterface({ input: child.stderr! }).on("line", (line) => lines.push(line));
  return new Promise((resolve, reject) => {
    let demoUrl = "";
    const started = Date.now();
    let progress = { cpu: 0, at: started };
    const fail = (problem: string) => {
      clearInterval(watchdog);
      child.kill("SIGKILL");
      reject(new Error(`the dev server ${problem}:\n${lines.join("\n")}`));
    };
    // Checks once a second how far the start has come; the wait itself ends on the listening line.
    const watchdog = setInterval(() => {
      const cpu = cpuSeconds(child.pid!);
      if (cpu === undefined) {
        if (Date.now() - started > START_LIMIT_MS) fail(`did not listen within ${START_LIMIT_MS / 1000} s`);
      } else if (cpu > START_CPU_LIMIT_S) {
        fail(`used ${cpu} s of CPU without listening`);
      } else if (cpu > progress.cpu) {
        progress = { cpu, at: Date.now() };
      } else if (Date.now() - progress.at > PROCESS_WAIT_MS) {
        fail(`used no CPU for ${PROCESS_WAIT_MS / 1000} s without listening`);
      }
    }, 1_000);
    void exited.then((code) => {
      clearInterval(watchdog);
      reject(new Error(`the dev server exited with ${code}:\n${lines.join("\n")}`));
    });
    createInterface({ input: child.stdout! }).on("line", (line) => {
      lines.push(line);
      demoUrl ||= /demo-api listening on (http:\/\/\S+)/.exec(line)?.[1] ?? "";
      if (!line.startsWith("{")) return;
      const entry = JSON.parse(line) as { msg?: string; url?: string };
      if (entry.msg === "listening" && entry.url) {
        clearInterval(watchdog);
        resolve({ child, url: entry.url, demoUrl, lines, exited });
      }
    });
  });
}

/** Whether something accepts TCP connections at `url`'s host and port. */
function isOpen(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("npm run dev", () => {
  let dev: DevServer;

  // No limit on the clock: startDevServer's watchdog ends a start that runs away or hangs.
  beforeAll(async () => {
    dev = await startDevServer();
  }, 0);

  afterAll(async () => {
    // After a failed test: stop it the way a person does, so that it stops the demo API too.
    if (!dev || dev.child.exitCode !== null || dev.child.signalCode !== null) return;
    dev.child.kill("SIGTERM");
    const timer = setTimeout(() => dev.child.kill("SIGKILL"), 20_000);
    await dev.exited;
    clearTimeout(timer);
  }, 25_000);

  it("runs this script", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.dev).toBe("node scripts/dev.mjs");
  });

  it("starts the demo API when API_URL is unset", async () => {
    expect(dev.demoUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${dev.demoUrl}/__demo/health`);
    expect(res.status).toBe(200);
  });

  it("serves a page with the production headers, a CSP nonce on every script, and a request id", async () => {
    const res = await fetch(`${dev.url}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{36}$/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-powered-by")).toBeNull();
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)' 'strict-dynamic'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'");
    // Vite's hot-reload socket on this very host, and no other socket.
    expect(csp).toMatch(new RegExp(`connect-src 'self' http://127\\.0\\.0\\.1:\\d+ ws://${new URL(dev.url).host};`));
    const html = await res.text();
    // React Router's hot-reload runtime, which loads Vite's client.
    expect(html).toContain("virtual:react-router/inject-hmr-runtime");
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("logs the request as one JSON line with its id", async () => {
    const res = await fetch(`${dev.url}/login?redirectTo=secret-1`);
    const id = res.headers.get("x-request-id")!;
    await expect.poll(() => dev.lines.find((line) => line.includes(id))).toBeTruthy();
    const entry = JSON.parse(dev.lines.find((line) => line.includes(id))!);
    expect(entry).toMatchObject({ method: "GET", path: "/login", status: 200, requestId: id });
    expect(dev.lines.join("\n")).not.toContain("secret-1");
  });

  it("refuses a cross-site form post before any route runs", async () => {
    const res = await fetch(`${dev.url}/login`, {
      method: "POST",
      headers: { origin: "https://evil.example.com", "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.c&password=x",
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("Forbidden: this form can only be sent from the panel itself.");
  });

  it("answers /healthz", async () => {
    const res = await fetch(`${dev.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("serves Vite's client and public files from Vite's middleware", async () => {
    const client = await fetch(`${dev.url}/@vite/client`);
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toMatch(/javascript/);
  });

  it("stops on SIGTERM with nothing left listening", async () => {
    dev.child.kill("SIGTERM");
    expect(await dev.exited).toBe(0);
    expect(await isOpen(dev.url)).toBe(false);
    expect(await isOpen(dev.demoUrl)).toBe(false);
  });
});
