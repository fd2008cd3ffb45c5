import type { Redis } from "ioredis";

import type { StateEngine } from "~/state/engine";

/** The prefix of every key the state engine writes to Redis (docs/operations.md#the-panels-state). */
export const STATE_PREFIX = "panel:";

/** Deletes the key only while it holds the releaser's value. */
const RELEASE_IF_HELD = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;

/** Replaces the key's value only while it holds the expected one. */
const SWAP_IF_HELD = `if redis.call("GET", KEYS[1]) == ARGV[1] then redis.call("SET", KEYS[1], ARGV[2], "EX", ARGV[3]) return 1 else return 0 end`;

/** The engine on the shared Redis (decision 018): one key per key, under STATE_PREFIX, expiring by TTL. */
export function redisStateEngine(redis: Redis): StateEngine {
  // A connection known to be lost is not waited for on every request: the caller falls back at once.
  const reachable = () => {
    if (redis.status === "reconnecting" || redis.status === "close" || redis.status === "end") {
      throw new Error(`redis is ${redis.status}`);
    }
  };
  return {
    shared: true,
    async get(key) {
      reachable();
      return (await redis.get(STATE_PREFIX + key)) ?? undefined;
    },
    async getMany(keys) {
      if (keys.length === 0) return [];
      reachable();
      return (await redis.mget(keys.map((key) => STATE_PREFIX + key))).map((value) => value ?? undefined);
    },
    async set(key, value, ttlSeconds) {
      reachable();
      await redis.set(STATE_PREFIX + key, value, "EX", Math.max(1, Math.ceil(ttlSeconds)));
    },
    async delete(key) {
      reachable();
      await redis.del(STATE_PREFIX + key);
    },
    async take(key) {
      reachable();
      return (await redis.getdel(STATE_PREFIX + key)) ?? undefined;
    },
    async claim(key, value, ttlSeconds) {
      reachable();
      // SET NX with GET: stored, or the value already there, in one command (Redis 7).
      const held = await redis.set(STATE_PREFIX + key, value, "EX", Math.max(1, Math.ceil(ttlSeconds)), "NX", "GET");
      return held ?? undefined;
    },
    async release(key, value) {
      reachable();
      await redis.eval(RELEASE_IF_HELD, 1, STATE_PREFIX + key, value);
    },
    async increment(key, ttlSeconds) {
      reachable();
      const ttl = Math.max(1, Math.ceil(ttlSeconds));
      const answers = await redis
        .multi()
        .incr(STATE_PREFIX + key)
        .expire(STATE_PREFIX + key, ttl)
        .exec();
      const [error, count] = answers?.[0] ?? [new Error("no answer"), 0];
      if (error) throw error;
      return Number(count);
    },
    async swap(key, expected, value, ttlSeconds) {
      reachable();
      const ttl = String(Math.max(1, Math.ceil(ttlSeconds)));
      return (await redis.eval(SWAP_IF_HELD, 1, STATE_PREFIX + key, expected, value, ttl)) === 1;
    },
    // The connection is the process's shared one (app/state/redis.server.ts): it is not this engine's to close.
    async close() {},
  };
}
