// `npm start`: builds the panel when its sources changed, then runs it. Without API_URL it
// runs the demo API beside it (demo mode); with API_URL it runs the panel alone.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

import { announceReady, panelEnvironment } from "./demo-mode.mjs";
import { installStopHandlers, onStopPanel, ROOT, startChild, stopChild } from "./supervisor.mjs";

const bundle = join(ROOT, "build/server/index.js");
const SOURCE_DIRS = ["app", "server", "public"];
const CONFIG_FILES = ["vite.config.ts", "react-router.config.ts", "tsconfig.json", "package.json", "package-lock.json"];

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

installStopHandlers();
if (needsBuild()) build();

const { env, demo } = await panelEnvironment();
const panel = startChild("panel", ["server.js"], env, (line) => {
  if (!line.includes('"listening"')) return;
  try {
    const { msg, url } = JSON.parse(line);
    if (msg === "listening") announceReady(url, demo);
  } catch {
    // not a log line of ours
  }
});
onStopPanel(() => stopChild(panel));
