/** Debian's redis-server for integration tests that run the same cases against the Redis store. */
import { spawn } from "node:child_process";
import { tmpdir } from "node:os";

import { afterAll, beforeAll } from "vitest";

import { freePort, stopProcess, waitForLine } from "./servers";

/** A running redis-server on a loopback port of its own. */
export interface RunningRedis {
  url: string;
  stop(): Promise<number | null>;
}

/** Starts redis-server (/usr/bin/redis-server) without persistence on a free loopback port. */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", tmpdir()],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => (stdout += chunk));
  try {
    await waitForLine(
      child,
      () => stdout.split("\n").slice(0, -1),
      (line) => line.includes("Ready to accept connections"),
      (problem) => `redis-server ${problem}; it printed:\n${stdout}`,
    );
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopProcess(child) };
}

/**
 * For a describe block: starts a redis-server before its stack and puts its URL in
 * `panelEnv.REDIS_URL`. Call it before useStack(panelEnv), whose hooks then run after this one.
 */
export function useRedis(panelEnv: NodeJS.ProcessEnv): void {
  let redis: RunningRedis | undefined;
  beforeAll(async () => {
    redis = await startRedis();
    panelEnv.REDIS_URL = redis.url;
  });
  afterAll(async () => {
    await redis?.stop();
  });
}
