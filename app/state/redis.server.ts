import { createRequire } from "node:module";

import type { Redis } from "ioredis";

import { env } from "~/config/env.server";
import { logLine } from "~/lib/log.server";

// See docs/decisions/018-scale-out-with-redis.md. One connection per process, shared by every store
// that must be the same on all instances (the rate limits, and the state engine's families: the
// one-time keys, the sessions, the claims, the bulk batches...).

let client: Redis | undefined;

function connect(url: string): Redis {
  // Loaded only when REDIS_URL is set: a single instance does not pay for the client at boot.
  const { Redis: RedisClient } = createRequire(import.meta.url)("ioredis") as typeof import("ioredis");
  const redis = new RedisClient(url, {
    // A request never waits long for Redis: a command that cannot be sent fails after one
    // reconnection attempt or a second, and the caller falls back (the limits count per instance).
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
  });
  // One line when the connection is lost and one when it is back, not one per reconnection attempt.
  let available = true;
  redis.on("error", (error: Error) => {
    if (!available) return;
    available = false;
    logLine(
      "warn",
      "redis unavailable: rate limits, one-time keys and revoked sessions hold per instance until it is back",
      {
        error: error.message,
      },
    );
  });
  redis.on("ready", () => {
    if (available) return;
    available = true;
    logLine("info", "redis available again");
  });
  return redis;
}

/** The process's shared Redis client, connected on first use; undefined when REDIS_URL is not set. */
export function sharedRedis(): Redis | undefined {
  const url = env().REDIS_URL;
  if (!url) return undefined;
  client ??= connect(url);
  return client;
}
