/**
 * `npm start` (scripts/start.mjs) as a newcomer runs it: the real npm, the demo API and the built
 * panel on free loopback ports with a temporary data file. It runs the production build of React,
 * writes one demo-credentials banner, and however it is stopped (a signal to npm or to start.mjs,
 * or the death of either) every process it started is gone and both ports are closed. The audit
 * trail it keeps (the embedded store) is there again after a restart.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { within } from "@testing-library/dom";
import { afterEach, describe, expect, it } from "vitest";

import { PanelClient } from "../support/form-post";
import { htmlPage } from "../support/html";
import { freePort, ROOT, startDemoApi, startPanel, TEST_SESSION_SECRET } from "../support/servers";

const BANNER = "Demo sign-in: admin@example.com / Admin12345";

// Preloaded into every node process of the run (NODE_OPTIONS): on exit, each writes which of
// React's module files it ran, which is how a process shows the build it rendered with. (Node's
// ESM loader also reads the other build's files to list their exports: those stay unloaded.)
const MODULE_REPORTER = `
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
const cache = createRequire(import.meta.url).cache;
process.on("exit", () => {
  const modules = Object.keys(cache).filter((file) => cache[file].loaded && /node_modules\\/react(-dom)?\\//.test(file));
  writeFileSync(new URL(\`./modules-\${process.pid}.json\`, import.meta.url), JSON.stringify({ argv: process.argv, modules }));
});
`;

interface NpmStart {
  npm: ChildProcess;
  dir: string;
  panelUrl: string;
  ports: number[];
  /** Every process under npm once the banner showed: start.mjs, the demo API, the panel. */
  processes: { pid: number; command: string }[];
  output(): string;
  /** Settles when npm has exited and every process holding its stdout and stderr has too. */
  closed: Promise<unknown>;
}

const started: NpmStart[] = [];

afterEach(async () => {
  // A failed test must not leave servers behind: stop whatever is still running.
  for (const run of started.splice(0)) {
    for (const { pid } of run.processes) if (isRunning(pid)) process.kill(pid, "SIGKILL");
    if (isRunning(run.npm.pid!)) run.npm.kill("SIGKILL");
    rmSync(run.dir, { recursive: true, force: true });
  }
});

/** The pid, parent pid and command line of every process, from /proc. */
function processTable(): { pid: number; ppid: number; command: string }[] {
  const table = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces: the parent pid follows it.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      table.push({ pid: Number(entry), ppid, command });
    } catch {
      // gone while we read
    }
  }
  return table;
}

function descendants(root: number): { pid: number; command: string }[] {
  const table = processTable();
  const found: { pid: number; command: string }[] = [];
  const parents = [root];
  while (parents.length > 0) {
    const parent = parents.pop()!;
    for (const row of table.filter((candidate) => candidate.ppid === parent)) {
      found.push({ pid: row.pid, command: row.command });
      parents.push(row.pid);
    }
  }
  return found;
}

/** Whether a process still runs (a zombie waiting to be reaped has stopped). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Resolves with the connection error's code ("ECONNREFUSED" once nothing listens). */
function connectError(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
  });
}

/**
 * Runs `npm start` in demo mode on free ports and resolves once its banner shows. `kept` names
 * what outlives the run (the demo API's data file, the audit store); a temp folder by default.
 */
async function npmStart(
  kept?: { dataFile: string; auditDir: string },
  demoPort?: (free: number) => string | undefined,
): Promise<NpmStart> {
  for (let attempt = 1; ; attempt++) {
    const dir = mkdtempSync(path.join(tmpdir(), "npm-start-"));
    writeFileSync(path.join(dir, "report-modules.mjs"), MODULE_REPORTER);
    const [panelPort, freeDemoPort] = [await freePort(), await freePort()];
    const asked = demoPort ? demoPort(freeDemoPort) : String(freeDemoPort);
    // A clean environment: no NODE_ENV from the test runner, so start.mjs has to set it.
    const npm = spawn("npm", ["start"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(panelPort),
        ...(asked === undefined ? {} : { DEMO_API_PORT: asked }),
        DEMO_API_DATA_FILE: kept?.dataFile ?? path.join(dir, "demo-api.json"),
        AUDIT_DIR: kept?.auditDir ?? path.join(dir, "audit"),
        STATE_DIR: kept ? path.join(path.dirname(kept.auditDir), "state") : path.join(dir, "state"),
        SESSION_SECRET: TEST_SESSION_SECRET,
        NODE_OPTIONS: `--import=${pathToFileURL(path.join(dir, "report-modules.mjs")).href}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout!.on("data", (chunk) => (output += chunk));
    npm.stderr!.on("data", (chunk) => (output += chunk));
    const closed = once(npm, "close");
    const run: NpmStart = {
      npm,
      dir,
      panelUrl: `http://127.0.0.1:${panelPort}`,
      // The demo API's port, when this run chose it.
      ports: asked === String(freeDemoPort) ? [panelPort, freeDemoPort] : [panelPort],
      processes: [],
      output: () => output,
      closed,
    };
    started.push(run);
    const ready = await new Promise<boolean>((resolve) => {
      const onData = () => output.includes(BANNER) && resolve(true);
      npm.stdout!.on("data", onData);
      void closed.then(() => resolve(false));
    });
    if (ready) {
      run.processes = descendants(npm.pid!);
      return run;
    }
    if (attempt < 3 && output.includes("EADDRINUSE")) continue;
    throw new Error(`npm start stopped before it was ready:\n${output}`);
  }
}

function pidOf(run: NpmStart, pattern: RegExp): number {
  const found = run.processes.find(({ command }) => pattern.test(command));
  if (!found) throw new Error(`no process matching ${pattern} among ${JSON.stringify(run.processes)}`);
  return found.pid;
}

/** Waits until npm and everything writing to its terminal have ended, then checks nothing is left. */
async function expectAllStopped(run: NpmStart) {
  await run.closed;
  expect(run.processes.filter(({ pid }) => isRunning(pid))).toEqual([]);
  for (const port of run.ports) expect(await connectError(port)).toBe("ECONNREFUSED");
}

describe("npm start", { timeout: 90_000 }, () => {
  it("runs the demo API and the panel with React's production build, their output straight on the terminal, and one banner", async () => {
    const run = await npmStart();
    expect(run.processes.map(({ command }) => command)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/scripts\/start\.mjs/),
        expect.stringMatching(/demo-api\/main\.ts/),
        expect.stringMatching(/server\.js/),
      ]),
    );
    const page = await fetch(`${run.panelUrl}/login`, { headers: { "user-agent": "Mozilla/5.0 Chrome/140" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sign in");

    process.kill(run.npm.pid!, "SIGTERM");
    await expectAllStopped(run);

    // The panel's own log lines reach the terminal (written by the panel, not copied by start.mjs).
    expect(run.output()).toMatch(/"msg":"listening"/);
    expect(run.output()).toMatch(/"path":"\/login","status":200/);
    expect(run.output().split(BANNER).length - 1).toBe(1);

    const panelPid = pidOf(run, /server\.js/);
    const report = JSON.parse(readFileSync(path.join(run.dir, `modules-${panelPid}.json`), "utf8")) as {
      modules: string[];
    };
    const serverRenderer = report.modules.filter((file) => /react-dom-server\.node\./.test(file));
    expect(serverRenderer.map((file) => path.basename(file))).toEqual(["react-dom-server.node.production.js"]);
    expect(report.modules.filter((file) => file.includes(".development."))).toEqual([]);
  });

  for (const target of ["npm", "start.mjs"] as const) {
    for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
      it(`stops everything on ${signal} to ${target}`, async () => {
        const run = await npmStart();
        const pid = target === "npm" ? run.npm.pid! : pidOf(run, /scripts\/start\.mjs/);
        process.kill(pid, signal);
        await expectAllStopped(run);
        expect(run.output()).toMatch(/"msg":"shut down"/);
      });
    }
  }

  it("stops everything when npm dies (start.mjs watches its parent)", async () => {
    const run = await npmStart();
    process.kill(run.npm.pid!, "SIGKILL");
    await expectAllStopped(run);
    expect(run.output()).toMatch(/"msg":"shut down"/);
  });

  it("keeps the audit trail across a restart: /audit and the user's History show the ban made before it", async () => {
    const keptDir = mkdtempSync(path.join(tmpdir(), "npm-start-kept-"));
    try {
      const kept = { dataFile: path.join(keptDir, "demo-api.json"), auditDir: path.join(keptDir, "audit") };
      const first = await npmStart(kept);
      const before = await PanelClient.signedIn(first.panelUrl);
      expect((await before.post("/users", { intent: "ban", id: "12" })).status).toBe(302);
      process.kill(first.npm.pid!, "SIGTERM");
      await expectAllStopped(first);

      const second = await npmStart(kept);
      const after = await PanelClient.signedIn(second.panelUrl);
      const trail = await htmlPage(await after.get("/audit?action=ban"));
      const [, row] = trail.getAllByRole("row");
      expect(within(row!).getByText(/\(user 12\)$/)).toBeTruthy();
      expect(within(row!).getByText("admin@example.com")).toBeTruthy();
      const details = await htmlPage(await after.get("/users/12"));
      const history = details.getByRole("region", { name: "History" });
      expect(
        within(history)
          .getAllByRole("listitem")
          .some((item) => /admin@example\.com Banned user/.test(item.textContent ?? "")),
      ).toBe(true);
    } finally {
      rmSync(keptDir, { recursive: true, force: true });
    }
  });

  it("becomes ready with DEMO_API_PORT=0: the demo API takes any free port", async () => {
    const run = await npmStart(undefined, () => "0");
    expect((await PanelClient.signedIn(run.panelUrl)).cookie("user")).toBeTruthy();
    process.kill(run.npm.pid!, "SIGTERM");
    await expectAllStopped(run);
  });

  it("takes a free port for the demo API when 4010 is busy, and says how to choose one", async () => {
    const holder = createServer();
    // Busy whoever holds it: this test, or something else on the machine.
    await new Promise<void>((resolve) => holder.once("error", () => resolve()).listen(4010, "127.0.0.1", resolve));
    try {
      const run = await npmStart(undefined, () => undefined);
      expect(run.output()).toContain("Port 4010 is busy: the demo API takes a free port (DEMO_API_PORT chooses one).");
      expect((await PanelClient.signedIn(run.panelUrl)).cookie("user")).toBeTruthy();
      process.kill(run.npm.pid!, "SIGTERM");
      await expectAllStopped(run);
    } finally {
      holder.close();
    }
  });

  it("stops with one line naming the variable to set when DEMO_API_PORT is busy", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const busy = (holder.address() as AddressInfo).port;
    try {
      const npm = spawn("npm", ["start"], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          PORT: String(await freePort()),
          DEMO_API_PORT: String(busy),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      npm.stdout!.on("data", (chunk) => (output += chunk));
      npm.stderr!.on("data", (chunk) => (output += chunk));
      const [code] = (await once(npm, "close")) as [number];
      expect(code).not.toBe(0);
      expect(output).toContain(
        `Cannot start the demo API: port ${busy} (DEMO_API_PORT) is busy: set DEMO_API_PORT to a free port, or 0 for any`,
      );
    } finally {
      holder.close();
    }
  });

  it("stops the demo API and the panel when start.mjs dies (they watch their parent)", async () => {
    const run = await npmStart();
    process.kill(pidOf(run, /scripts\/start\.mjs/), "SIGKILL");
    await expectAllStopped(run);
    expect(run.output()).toMatch(/"msg":"shut down"/);
  });
});

describe("node server.js", { timeout: 60_000 }, () => {
  it("renders with React's production build when NODE_ENV is not set", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "server-js-"));
    writeFileSync(path.join(dir, "report-modules.mjs"), MODULE_REPORTER);
    const demo = await startDemoApi();
    try {
      const panel = await startPanel(`${demo.url}/api`, {
        NODE_ENV: undefined,
        NODE_OPTIONS: `--import=${pathToFileURL(path.join(dir, "report-modules.mjs")).href}`,
      });
      const page = await fetch(`${panel.url}/login`, { headers: { "user-agent": "Mozilla/5.0 Chrome/140" } });
      expect(page.status).toBe(200);
      await panel.stop();

      const [report] = readdirSync(dir).filter((file) => file.startsWith("modules-"));
      const { modules } = JSON.parse(readFileSync(path.join(dir, report!), "utf8")) as { modules: string[] };
      expect(
        modules.filter((file) => /react-dom-server\.node\./.test(file)).map((file) => path.basename(file)),
      ).toEqual(["react-dom-server.node.production.js"]);
      expect(modules.filter((file) => file.includes(".development."))).toEqual([]);
    } finally {
      await demo.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
