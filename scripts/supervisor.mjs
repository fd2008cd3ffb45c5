// The one supervisor of `npm start` and `npm run dev`: it runs their processes as one. Children
// write straight to the terminal and talk to it over an IPC channel; when one stops unexpectedly,
// a signal arrives (Ctrl+C, kill, a closed terminal) or the process that started us dies (npm
// killed), all of them stop, the panel first so that its in-flight requests still reach the demo
// API. A child stops with this process however it ends (scripts/stop-with-parent.mjs).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, whatever the current directory. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

const STOP_TIMEOUT_MS = 15_000;
const STOP_WITH_PARENT = join(ROOT, "scripts/stop-with-parent.mjs");
/** @type {Set<import("node:child_process").ChildProcess>} */
const children = new Set();
let stopping = false;
let exitCode = 0;
/** @type {(() => Promise<void>) | undefined} */
let stopPanel;

/**
 * Starts a Node child that writes to our terminal, stops when we are gone, and may send us
 * messages (the demo API's address).
 * @param {string} name
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {(message: unknown) => void} [onMessage]
 */
export function startChild(name, args, env, onMessage = () => {}) {
  const child = spawn(process.execPath, ["--import", STOP_WITH_PARENT, ...args], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.add(child);
  child.on("message", onMessage);
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
export function stopChild(child) {
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
 * Makes SIGINT, SIGTERM and SIGHUP stop everything (a second signal stops waiting), an error
 * nothing caught too, and the death of the process that started us (npm forwards SIGINT and
 * SIGTERM but not SIGHUP, and a killed npm forwards nothing; no event tells a process that its
 * parent died, and looking once a second costs nothing).
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
  const parentPid = process.ppid;
  setInterval(() => {
    try {
      process.kill(parentPid, 0);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === "ESRCH" && !stopping) void stopAll();
    }
  }, 1_000).unref();
}
