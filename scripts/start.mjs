// `npm start`: builds the panel when its sources changed, then runs the production server
// (NODE_ENV=production). Without API_URL it runs the demo API beside it (demo mode, as `npm run
// dev` does: scripts/demo-mode.mjs); with API_URL it runs the panel alone. Both run under the one
// supervisor of scripts/supervisor.mjs: their output straight on the terminal, and they stop with
// this process however it stops.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

import { announceReady, panelEnvironment } from "./demo-mode.mjs";
import { installStopHandlers, onStopPanel, ROOT, startChild, stopAll, stopChild } from "./supervisor.mjs";

const bundle = join(ROOT, "build/server/index.js");
const SOURCE_DIRS = ["app", "server", "public"];
const CONFIG_FILES = ["vite.config.ts", "react-router.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
const READY_LIMIT_MS = 30_000;

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
  if (!existsSync(bundle) || !existsSync(join(ROOT, "build/client"))) return true;
  const built = statSync(bundle).mtimeMs;
  return [...SOURCE_DIRS, ...CONFIG_FILES].some((path) => newestMtime(join(ROOT, path)) > built);
}

function build() {
  console.log("Building the panel…");
  const started = Date.now();
  const cli = join(ROOT, "node_modules/@react-router/dev/bin.js");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    console.error("The build failed; see the output above.");
    process.exit(1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
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

/**
 * Resolves once `url` answers 200; rejects after READY_LIMIT_MS. (A child that exits first stops
 * everything through the supervisor.)
 * @param {string} url
 */
async function waitUntilAnswering(url) {
  const deadline = Date.now() + READY_LIMIT_MS;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the panel did not answer within ${READY_LIMIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

installStopHandlers();
if (needsBuild()) build();

// React and React Router pick their production builds from NODE_ENV, whatever the shell says.
process.env.NODE_ENV = "production";
const { env, demo } = await panelEnvironment();
const panel = startChild("panel", ["server.js"], env);
onStopPanel(() => stopChild(panel));
const panelUrl = localUrl(env.HOST ?? "0.0.0.0", env.PORT);
try {
  await waitUntilAnswering(`${panelUrl}/healthz`);
  announceReady(panelUrl, demo);
} catch (error) {
  console.error(`${/** @type {Error} */ (error).message}; stopping.`);
  await stopAll(1);
}
