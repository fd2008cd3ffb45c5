/** A throwaway redis-server (Debian's /usr/bin/redis-server) for tests of the panel's shared state. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort, stopProcess, waitForLine } from "./servers";

/** A running redis-server; always stop it. */
export interface RunningRedis {
  /** `redis://127.0.0.1:<port>`, for REDIS_URL. */
  url: string;
  stop(): Promise<void>;
}

/** Starts redis-server on a free loopback port, without persistence, in a directory of its own. */
export async function startRedisServer(program = "/usr/bin/redis-server"): Promise<RunningRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), "redis-test-"));
  const port = await freePort();
  const child = spawn(
    program,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
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
