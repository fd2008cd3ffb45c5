import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, whatever the current directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The SESSION_SECRET every test panel runs with. */
export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdef0123456789";

/** A server process started by a test; always stop it. */
export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<number | null>;
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

function spawnServer(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  const [code] = await once(child, "exit");
  clearTimeout(timer);
  return code as number | null;
}

async function waitFor(check: () => Promise<boolean>, child: ChildProcess, output: () => string, what: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}:\n${output()}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`${what} did not start within 30 s:\n${output()}`);
}

/**
 * Spawns a server on a free loopback port and waits until `check` passes. Between asking
 * the OS for a port and the child binding it, another process may take it (outgoing
 * connections draw from the same ephemeral range): then it tries again on a new port.
 */
async function launch(
  what: string,
  args: string[],
  envFor: (port: number) => NodeJS.ProcessEnv,
  check: (url: string) => Promise<boolean>,
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const { child, output } = spawnServer(args, envFor(port));
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitFor(() => check(url), child, output, what);
      return { url, process: child, output, stop: () => stopChild(child) };
    } catch (error) {
      await stopChild(child);
      if (attempt < 5 && output().includes("EADDRINUSE")) continue;
      throw error;
    }
  }
}

/** Starts the real demo API (in memory, fresh seed) on a free loopback port. */
export function startDemoApi(env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  return launch(
    "demo-api",
    ["--import", "tsx", "demo-api/main.ts"],
    (port) => ({ DEMO_API_PORT: String(port), DEMO_API_HOST: "127.0.0.1", DEMO_API_DATA_FILE: "", ...env }),
    async (url) => (await fetch(`${url}/__demo/health`)).ok,
  );
}

/** Starts the built production panel (`node server.js`) against an upstream. */
export function startPanel(apiUrl: string, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  return launch(
    "panel",
    ["server.js"],
    (port) => ({
      PORT: String(port),
      HOST: "127.0.0.1",
      API_URL: apiUrl,
      SESSION_SECRET: TEST_SESSION_SECRET,
      UPSTREAM_TIMEOUT_MS: "3000",
      // Tests sign in far more often than a person; the security suite checks the real limit.
      AUTH_RATE_LIMIT_PER_MINUTE: "10000",
      LOGIN_FAILURES_PER_ACCOUNT: "10000",
      LOGIN_FAILURES_PER_DAY: "10000",
      ...env,
    }),
    async (url) => (await fetch(`${url}/healthz`)).ok,
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
