import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, whatever the current directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The SESSION_SECRET every test panel runs with. */
export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdef0123456789";

/**
 * How long a test waits for a process to print a line or to exit. Generous on purpose: on a
 * busy machine a start can take many seconds. The waits end on the event, not on this limit.
 */
export const PROCESS_WAIT_MS = 60_000;

/** A server process started by a test; always stop it. */
export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<number | null>;
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time, in seconds, that a process and its live descendants have used so far, from Linux's
 * /proc; undefined where /proc does not tell (another system, or the process is gone). A start that
 * is slow because the machine is busy keeps using CPU; one that hangs does not.
 */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (command) ": the state is field 3, utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean);
    return children.reduce((sum, child) => sum + (cpuSeconds(Number(child)) ?? 0), own);
  } catch {
    return undefined;
  }
}

/** How a process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Asks the OS for a free loopback port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * Resolves when `child` exits (at once if it already has). After `limitMs` it kills the
 * process and rejects: a process that should exit but does not is a failure, never a pass.
 */
export function waitForExit(child: ChildProcess, limitMs = PROCESS_WAIT_MS): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the process (${child.spawnargs.join(" ")}) did not exit within ${limitMs / 1000} s`));
    }, limitMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

/**
 * Resolves with the first line of the child's stdout that `matches` (lines printed before the
 * call count too). Rejects when the process ends first, or after `limitMs`. Call it right after
 * spawning, before the process can have ended.
 */
export function waitForLine(
  child: ChildProcess,
  lines: () => string[],
  matches: (line: string) => boolean,
  describe: (problem: string) => string,
  limitMs = PROCESS_WAIT_MS,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const found = () => lines().find(matches);
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      child.stdout!.off("data", onData);
      child.off("close", onClose);
      settle();
    };
    // Registered after the capturing listener of spawnNode, so `lines()` already holds the chunk.
    const onData = () => {
      const line = found();
      if (line !== undefined) finish(() => resolve(line));
    };
    // "close" comes after the last output, unlike "exit".
    const onClose = () => {
      const line = found();
      if (line !== undefined) finish(() => resolve(line));
      else finish(() => reject(new Error(describe(`ended (exit code ${child.exitCode}) before it was ready`))));
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(describe(`was not ready within ${limitMs / 1000} s`)))),
      limitMs,
    );
    child.stdout!.on("data", onData);
    child.once("close", onClose);
    onData();
  });
}

/** A child process with everything it prints kept, whole lines of stdout and all of it. */
export interface WatchedProcess {
  child: ChildProcess;
  /** Complete lines of stdout so far. */
  lines(): string[];
  stdout(): string;
  stderr(): string;
  /** stdout and stderr, interleaved as they arrived. */
  output(): string;
}

/** Spawns `node <args>` with its output captured (nothing reaches the test's console). */
export function spawnNode(args: string[], options: { cwd?: string; env: NodeJS.ProcessEnv }): WatchedProcess {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let output = "";
  child.stdout!.setEncoding("utf8");
  child.stderr!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    stdout += chunk;
    output += chunk;
  });
  child.stderr!.on("data", (chunk: string) => {
    stderr += chunk;
    output += chunk;
  });
  return {
    child,
    lines: () => stdout.split("\n").slice(0, -1),
    stdout: () => stdout,
    stderr: () => stderr,
    output: () => output,
  };
}

/** Runs `node <args>` to its end (within PROCESS_WAIT_MS); for processes that must exit. */
export async function runToExit(
  args: string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv },
): Promise<Exit & { stdout: string; stderr: string }> {
  const watched = spawnNode(args, options);
  const exit = await waitForExit(watched.child);
  // The exit event can come before the last output: wait for both pipes to close.
  await Promise.all([
    watched.child.stdout!.readableEnded || once(watched.child.stdout!, "end"),
    watched.child.stderr!.readableEnded || once(watched.child.stderr!, "end"),
  ]);
  return { ...exit, stdout: watched.stdout(), stderr: watched.stderr() };
}

/** Sends SIGTERM and waits for the exit; SIGKILL when the process outstays PROCESS_WAIT_MS. */
export async function stopProcess(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), PROCESS_WAIT_MS);
  const [code] = await exited;
  clearTimeout(timer);
  return code as number | null;
}

/**
 * Spawns a server on port 0 (the OS picks a free one: no race with other processes for it)
 * and waits for the line that says it listens, from which `urlOf` reads its address.
 */
async function launch(
  what: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  urlOf: (line: string) => string | undefined,
): Promise<RunningServer> {
  const watched = spawnNode(args, { env: { ...process.env, NODE_ENV: "production", ...env } });
  const { child, output } = watched;
  try {
    const line = await waitForLine(
      child,
      watched.lines,
      (candidate) => urlOf(candidate) !== undefined,
      (problem) => `${what} ${problem}; it printed:\n${output()}`,
    );
    return { url: urlOf(line)!, process: child, output, stop: () => stopProcess(child) };
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
}

/** Starts the real demo API (in memory, fresh seed) on a free loopback port. */
export function startDemoApi(env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  return launch(
    "demo-api",
    ["--import", "tsx", "demo-api/main.ts"],
    { DEMO_API_PORT: "0", DEMO_API_HOST: "127.0.0.1", DEMO_API_DATA_FILE: "", ...env },
    (line) => /^demo-api listening on (http:\/\/\S+)$/.exec(line)?.[1],
  );
}

/** The address in the panel's `{"msg":"listening","url":...}` log line, if `line` is that line. */
export function listeningUrl(line: string): string | undefined {
  if (!line.includes('"listening"')) return undefined;
  try {
    const entry = JSON.parse(line) as { msg?: string; url?: string };
    return entry.msg === "listening" ? entry.url : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the built production panel (`node server.js`) against an upstream. */
export function startPanel(apiUrl: string, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  return launch(
    "panel",
    ["server.js"],
    {
      PORT: "0",
      HOST: "127.0.0.1",
      API_URL: apiUrl,
      SESSION_SECRET: TEST_SESSION_SECRET,
      // UPSTREAM_TIMEOUT_MS stays the product's (10 s): a shorter one failed healthy calls when a
      // loaded machine slowed the demo API down (a sign-in answered 502). A test of the timeout
      // holds its call (or delays it past 10 s), or sets its own.
      // Tests sign in far more often than a person; the security suite checks the real limit.
      AUTH_RATE_LIMIT_PER_MINUTE: "10000",
      LOGIN_FAILURES_PER_ACCOUNT: "10000",
      LOGIN_FAILURES_PER_DAY: "10000",
      KEY_GUESSES_PER_HOUR: "10000",
      // The suites sign in as the demo admin: no second factor is asked of them, and no grace
      // banner changes their pages. The second factor's own tests set "admins".
      SECOND_FACTOR_REQUIRED: "off",
      // Each panel's audit trail in a directory of its own (one process holds an embedded store).
      AUDIT_DIR: mkdtempSync(path.join(tmpdir(), "panel-audit-")),
      // And its state engine's (the sessions and other records).
      STATE_DIR: mkdtempSync(path.join(tmpdir(), "panel-state-")),
      ...env,
    },
    listeningUrl,
  );
}

/** A demo API and a panel wired to it. */
export interface Stack {
  panel: RunningServer;
  demo: RunningServer;
  stop(): Promise<void>;
}

/** Starts a demo API and a panel in front of it. */
export async function startStack(panelEnv: NodeJS.ProcessEnv = {}): Promise<Stack> {
  const demo = await startDemoApi();
  try {
    const panel = await startPanel(`${demo.url}/api`, panelEnv);
    return {
      panel,
      demo,
      async stop() {
        await Promise.all([panel.stop(), demo.stop()]);
      },
    };
  } catch (error) {
    await demo.stop();
    throw error;
  }
}
