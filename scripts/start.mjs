// `npm start`: builds the panel when its sources changed, then runs the production server
// (NODE_ENV=production). Without API_URL it runs the demo API beside it (demo mode); with API_URL
// it runs the panel alone. The children write straight to the terminal, and stop with this
// process however it stops: a signal (SIGINT, SIGTERM, SIGHUP) or its death (scripts/stop-with-parent.mjs).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { demoSessionSecret } from "./demo-mode.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = join(root, "build/server/index.js");
const SOURCE_DIRS = ["app", "server", "public"];
const CONFIG_FILES = ["vite.config.ts", "react-router.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
const DEMO_SIGN_IN = "admin@example.com / Admin12345";
const STOP_TIMEOUT_MS = 15_000;
const STOP_WITH_PARENT = join(root, "scripts/stop-with-parent.mjs");

/**
 * Newest modification time under `path` (a file or a folder), 0 when it does not exist.
 * @param {string} path
 * @returns {number}
 */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows as a newer folder
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether the build is missing or older than any source or config file. */
function needsBuild() {
  if (!existsSync(bundle) || !existsSync(join(root, "build/client"))) return true;
  const built = statSync(bundle).mtimeMs;
  return [...SOURCE_DIRS, ...CONFIG_FILES].some((path) => newestMtime(join(root, path)) > built);
}

function build() {
  console.log("Building the panel…");
  const started = Date.now();
  const cli = join(root, "node_modules/@react-router/dev/bin.js");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    console.error("The build failed; see the output above.");
    process.exit(1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** @type {Set<import("node:child_process").ChildProcess & { name: string }>} */
const children = new Set();
let stopping = false;
let exitCode = 0;

/**
 * Starts a node child that writes to our terminal and stops when we are gone (the IPC channel closes).
 * @param {string} name
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
function startChild(name, args, env) {
  const spawned = spawn(process.execPath, ["--import", STOP_WITH_PARENT, ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const child = Object.assign(spawned, { name });
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping.`);
      exitCode = code || 1;
      stopAll();
    } else if (code) {
      exitCode = code;
    }
    if (children.size === 0) process.exit(exitCode);
    // The panel stops first so that its in-flight requests still reach the demo API.
    if (stopping && name === "panel") for (const other of children) other.kill("SIGTERM");
  });
  return child;
}

/**
 * Resolves once `url` answers 200; rejects when `child` exits first or after 30 s.
 * @param {string | URL} url
 * @param {import("node:child_process").ChildProcess} child
 * @param {string} what
 */
async function waitUntilAnswering(url, child, what) {
  const deadline = Date.now() + 30_000;
  while (child.exitCode === null && child.signalCode === null) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} exited before it answered`);
}

function stopAll() {
  stopping = true;
  const panel = [...children].find((child) => child.name === "panel");
  if (panel) panel.kill("SIGTERM");
  else for (const child of children) child.kill("SIGTERM");
  setTimeout(() => {
    for (const child of children) child.kill("SIGKILL");
    process.exit(1);
  }, STOP_TIMEOUT_MS).unref();
}

// Children stop gracefully on SIGTERM whatever stopped us (Ctrl+C, kill, a closed terminal).
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (children.size === 0) process.exit(130);
    if (stopping) {
      // A second Ctrl+C: stop waiting.
      for (const child of children) child.kill("SIGKILL");
      process.exit(1);
    }
    stopAll();
  });
}

// npm forwards SIGINT and SIGTERM but not SIGHUP, and a killed npm forwards nothing: when the
// process that started us is gone, stop as if it had sent SIGTERM. (No event tells a process
// that its parent died; checking once a second costs nothing.)
const parentPid = process.ppid;
setInterval(() => {
  try {
    process.kill(parentPid, 0);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ESRCH" && !stopping && children.size > 0) stopAll();
  }
}, 1_000).unref();

/** Starts the demo API and resolves with its base URL once it answers. */
async function startDemoApi() {
  const port = process.env.DEMO_API_PORT ?? "4010";
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DEMO_API_PORT: port,
    DEMO_API_HOST: "127.0.0.1",
    // Links in the demo API's e-mails (reset password, invitations) point at this panel.
    DEMO_API_PANEL_ORIGIN: process.env.DEMO_API_PANEL_ORIGIN ?? `http://localhost:${panelPort}`,
  };
  const url = new URL(`http://127.0.0.1:${port}`);
  const child = startChild("demo-api", ["--import", "tsx", "demo-api/main.ts"], env);
  await waitUntilAnswering(new URL("/__demo/health", url), child, "the demo API");
  return url;
}

/**
 * The address to open in a browser for the server's listening URL.
 * @param {string} listening
 */
function browserUrl(listening) {
  const url = new URL(listening);
  if (["0.0.0.0", "[::]", "127.0.0.1", "[::1]"].includes(url.hostname)) url.hostname = "localhost";
  return url.origin;
}

/**
 * The address that reaches a server listening on `host`, from this machine.
 * @param {string} host
 * @param {string} port
 */
function localUrl(host, port) {
  if (host === "0.0.0.0" || host === "") return `http://127.0.0.1:${port}`;
  if (host === "::") return `http://[::1]:${port}`;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

if (needsBuild()) build();

const panelPort = process.env.PORT ?? "3000";
const demo = !process.env.API_URL;
// React and React Router pick their production builds from NODE_ENV, whatever the shell says.
/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, PORT: panelPort, NODE_ENV: "production" };
if (demo) {
  console.log("API_URL is not set: starting the demo API (demo mode).");
  let demoUrl;
  try {
    demoUrl = await startDemoApi();
  } catch (error) {
    console.error(`Cannot start the demo API: ${/** @type {Error} */ (error).message}`);
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    process.exit(1);
  }
  env.API_URL = `http://127.0.0.1:${demoUrl.port}/api`;
  env.SESSION_SECRET ??= demoSessionSecret();
  // Demo credentials are public: the demo panel listens on this machine only unless HOST says otherwise.
  env.HOST ??= "127.0.0.1";
}

const panel = startChild("panel", ["server.js"], env);
const panelUrl = localUrl(env.HOST ?? "0.0.0.0", panelPort);
try {
  await waitUntilAnswering(`${panelUrl}/healthz`, panel, "the panel");
  console.log(`\nPanel ready: ${browserUrl(panelUrl)}`);
  if (demo) console.log(`Demo sign-in: ${DEMO_SIGN_IN}\n`);
} catch (error) {
  // An exit is reported by the child's exit handler; a panel that never answers is stopped here.
  if (!stopping && children.has(panel)) {
    console.error(`${/** @type {Error} */ (error).message}; stopping.`);
    exitCode = 1;
    stopAll();
  }
}
