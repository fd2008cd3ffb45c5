// The panel's memory as the memory scripts read it (`npm run soak`, `npm run export:rss`): through
// the SIGUSR2 preload (scripts/report-memory-on-signal.mjs).
import path from "node:path";
import { createInterface } from "node:readline";

import { ROOT } from "../tests/support/servers.ts";

/** The preload that makes the panel answer SIGUSR2 with its memory use (NODE_OPTIONS=--import). */
export const MEMORY_PROBE = path.join(ROOT, "scripts/report-memory-on-signal.mjs");

const MB = 1024 * 1024;

/** Bytes as megabytes with one decimal. */
export const mb = (/** @type {number} */ bytes) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * Asks the panel for its memory use (the preload answers SIGUSR2 with one JSON line).
 * @param {{ process: import("node:child_process").ChildProcess }} panel
 * @returns {() => Promise<NodeJS.MemoryUsage>}
 */
export function memoryReader(panel) {
  /** @type {((memory: NodeJS.MemoryUsage) => void)[]} */
  const waiting = [];
  createInterface({ input: /** @type {import("node:stream").Readable} */ (panel.process.stdout) }).on(
    "line",
    (line) => {
      if (!line.startsWith('{"msg":"memory"')) return;
      waiting.shift()?.(JSON.parse(line));
    },
  );
  return () =>
    new Promise((resolve) => {
      waiting.push(resolve);
      panel.process.kill("SIGUSR2");
    });
}
