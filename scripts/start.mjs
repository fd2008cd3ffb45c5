// `npm start`: builds the panel when its sources changed, then runs it. Without API_URL it
// runs the demo API beside it (demo mode); with API_URL it runs the panel alone.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = join(root, "build/server/index.js");
const SOURCE_DIRS = ["app", "server", "public"];
const CONFIG_FILES = ["vite.config.ts", "react-router.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
const DEMO_SIGN_IN = "admin@example.com / Admin12345";
const STOP_TIMEOUT_MS = 15_000;

/** Newest modification time under `path` (a file or a folder), 0 when it does not exist. */
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

/** SESSION_SECRET for demo mode, kept in .data/ so that sign-ins survive restarts. */
function demoSessionSecret() {
  const file = join(root, ".data/session-secret");
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(48).toString("base64url");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const children = new Set();
let stopping = false;
let exitCode = 0;

/** Starts a child whose stdout lines are echoed and shown to `onLine`. */
function startChild(name, args, env, onLine = () => {}) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  child.name = name;
  children.add(child);
  createInterface({ input: child.stdout }).on("line", (line) => {
    console.log(line);
    onLine(line);
  });
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

/** Starts the demo API and resolves with its base URL once it listens. */
function startDemoApi() {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      DEMO_API_PORT: process.env.DEMO_API_PORT ?? "4010",
      DEMO_API_HOST: "127.0.0.1",
      // Links in the demo API's e-mails (reset password, invitations) point at this panel.
      DEMO_API_PANEL_ORIGIN: process.env.DEMO_API_PANEL_ORIGIN ?? `http://localhost:${panelPort}`,
    };
    const timer = setTimeout(() => reject(new Error("the demo API did not start within 30 s")), 30_000);
    const child = startChild("demo-api", ["--import", "tsx", "demo-api/main.ts"], env, (line) => {
      const match = /demo-api listening on (http:\/\/\S+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(new URL(match[1]));
      }
    });
    child.on("exit", () => {
      clearTimeout(timer);
      reject(new Error("the demo API exited before it listened"));
    });
  });
}

/** The address to open in a browser for the server's listening URL. */
function browserUrl(listening) {
  const url = new URL(listening);
  if (["0.0.0.0", "[::]", "127.0.0.1", "[::1]"].includes(url.hostname)) url.hostname = "localhost";
  return url.origin;
}

if (needsBuild()) build();

const panelPort = process.env.PORT ?? "3000";
const demo = !process.env.API_URL;
const env = { ...process.env, PORT: panelPort };
if (demo) {
  console.log("API_URL is not set: starting the demo API (demo mode).");
  let demoUrl;
  try {
    demoUrl = await startDemoApi();
  } catch (error) {
    console.error(`Cannot start the demo API: ${error.message}`);
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    process.exit(1);
  }
  env.API_URL = `http://127.0.0.1:${demoUrl.port}/api`;
  env.SESSION_SECRET ??= demoSessionSecret();
  // Demo credentials are public: the demo panel listens on this machine only unless HOST says otherwise.
  env.HOST ??= "127.0.0.1";
}

startChild("panel", ["server.js"], env, (line) => {
  if (!line.includes('"listening"')) return;
  try {
    const { msg, url } = JSON.parse(line);
    if (msg !== "listening") return;
    console.log(`\nPanel ready: ${browserUrl(url)}`);
    if (demo) console.log(`Demo sign-in: ${DEMO_SIGN_IN}\n`);
  } catch {
    // not a log line of ours
  }
});
