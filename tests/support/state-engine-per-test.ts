import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach } from "vitest";

import { memoryEngine, type StateEngine } from "~/state/engine";
import { redisStateEngine } from "~/state/redis-engine.server";
import { provideStateEngine } from "~/state/state.server";

import { type RunningRedis, startRedis } from "./redis-server";

/**
 * The process's state engine for a describe's tests, fresh before each: in memory (on the clock
 * `now`), or on a real redis-server the describe starts and stops. Where redis-server is missing
 * (`missing` says why), the Redis tests are skipped. Answers the engine of the test running.
 */
export function useStateEnginePerTest(
  kind: "memory" | "redis",
  { missing, now }: { missing: string | null | undefined; now?: () => number },
): () => StateEngine {
  let server: RunningRedis | undefined;
  let redis: Redis | undefined;
  let engine: StateEngine | undefined;
  beforeAll(async () => {
    if (kind === "redis" && !missing) {
      server = await startRedis();
      redis = new Redis(server.url);
    }
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.stop();
  });
  beforeEach(async (context) => {
    if (kind === "redis" && missing) context.skip(missing);
    await redis?.flushall();
    engine = redis ? redisStateEngine(redis) : memoryEngine(now);
    provideStateEngine(engine);
  });
  return () => engine!;
}
