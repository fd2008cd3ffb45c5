// Runs the processes of `npm start` and `npm run dev` as one: their output is echoed, and when
// one stops unexpectedly or a signal arrives (Ctrl+C, kill, a closed terminal), all of them stop,
// the panel first so that its in-flight requests still reach the demo API.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The repository root, whatever the current directory. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

const STOP_TIMEOUT_MS = 15_000;
/** @type {Set<import("node:child_process").ChildProcess>} */
const children = new Set();
let stopping = false;
let exitCode = 0;
/** @type {(() => Promise<void>) | undefined} */
let stopPanel;

/**
 * Starts a Node child process whose stdout lines are echoed and shown to `onLine`.
 * @param {string} name
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {(line: string) => void} [onLine]
 */
export function startChild(name, args, env, onLine = () => {}) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
  children.add(child);
  createInterface({ input: child.stdout }).on("line", (line) => {
    console.log(line);
    onLine(line);
  });
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping.`);
      void stopAll(code || 1);
    } else if (code) {
      exitCode ||= code;
    }
  });
  return child;
}

/**
 * Sends SIGTERM to a child and resolves once it has exited.
 * @param {import("node:child_process").ChildProcess} child
 * @returns {Promise<void>}
 */
function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * Says how the panel stops; `stopAll` runs it before it stops the other children.
 * @param {() => Promise<void>} stop
 */
export function onStopPanel(stop) {
  stopPanel = stop;
}

/** Stops the panel, then every child, then exits: with `code`, or the first failure's. */
export async function stopAll(code = 0) {
  exitCode ||= code;
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    console.error(`Still running after ${STOP_TIMEOUT_MS / 1000} s; killing.`);
    for (const child of children) child.kill("SIGKILL");
    process.exit(1);
  }, STOP_TIMEOUT_MS).unref();
  try {
    await stopPanel?.();
  } catch (error) {
    console.error(`The panel did not stop cleanly: ${/** @type {Error | undefined} */ (error)?.stack ?? error}`);
    exitCode ||= 1;
  }
  await Promise.all([...children].map(stopChild));
  process.exit(exitCode);
}

/**
 * Makes SIGINT, SIGTERM and SIGHUP stop everything (a second signal stops waiting), and an error
 * nothing caught too: a crashed launcher must not leave the demo API running without it.
 */
export function installStopHandlers() {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      if (!stopPanel && children.size === 0) process.exit(130);
      if (stopping) {
        for (const child of children) child.kill("SIGKILL");
        process.exit(1);
      }
      void stopAll();
    });
  }
  for (const event of ["uncaughtException", "unhandledRejection"]) {
    process.on(event, (/** @type {unknown} */ error) => {
      console.error(/** @type {Error | undefined} */ (error)?.stack ?? String(error));
      void stopAll(1);
    });
  }
}
