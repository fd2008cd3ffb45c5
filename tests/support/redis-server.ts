/** A throwaway redis-server (Debian's) for tests that run the same cases against the panel's Redis store. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach } from "vitest";

import { findProgram, missingForTests } from "../../scripts/ensure-packages.mjs";
import { freePort, stopProcess, waitForLine } from "./servers";

/** A running redis-server; always stop it. */
export interface RunningRedis {
  /** `redis://127.0.0.1:<port>`, for REDIS_URL. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts redis-server on a free loopback port (or `port`: one started again), without persistence,
 * in a directory of its own, with the eviction policy the panel requires (noeviction, which it
 * checks at boot); `args` come last and win (`["--maxmemory-policy", "allkeys-lru"]`).
 */
export async function startRedis(
  program = findProgram("redis-server") ?? "/usr/bin/redis-server",
  port?: number,
  args: string[] = [],
): Promise<RunningRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), "redis-test-"));
  port ??= await freePort();
  const child = spawn(
    program,
    [
      ...["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
      ...["--maxmemory-policy", "noeviction", ...args],
    ],
    { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // A missing program is an "error" event (followed by "close"), not a crash of the test run.
  child.once("error", (error) => (output += `${error.message}\n`));
  const stop = async () => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForLine(
      child,
      () => output.split("\n"),
      (line) => line.includes("Ready to accept connections"),
      (problem) => `redis-server ${problem}; it printed:\n${output}`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}

/**
 * For a describe block: starts a redis-server before its stack and puts its URL in
 * `panelEnv.REDIS_URL`. Call it before useStack(panelEnv), whose hooks then run after this one.
 * Without redis-server its tests are skipped with the line that says so; in CI that line fails them.
 */
export function useRedis(panelEnv: NodeJS.ProcessEnv): void {
  const missing = missingForTests(["redis-server"], "the Redis-backed tests");
  let redis: RunningRedis | undefined;
  beforeAll(async () => {
    if (missing) return;
    redis = await startRedis();
    panelEnv.REDIS_URL = redis.url;
  });
  beforeEach((context) => {
    if (missing) context.skip(missing);
  });
  afterAll(async () => {
    await redis?.stop();
  });
}
