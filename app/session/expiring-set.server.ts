/**
 * Expiring sets of hashes, the panel's state for revoked sessions and verified links: in memory by
 * default, in Redis (REDIS_URL) when several instances run.
 */
import type { Redis } from "ioredis";

/** A set of hashes whose members expire: add one for a while, ask whether it is there. */
export interface ExpiringSet {
  add(hash: string, ttlSeconds: number): Promise<void>;
  has(hash: string): Promise<boolean>;
}

/**
 * One process's set: a map from hash to expiry time, so a check is one lookup. Its users add only
 * what strangers cannot choose (revoked sessions, links the upstream accepted), so the map stays
 * small; it is swept when one is added.
 */
export function memoryExpiringSet(now: () => number = Date.now): ExpiringSet {
  const expiries = new Map<string, number>();
  return {
    async add(hash, ttlSeconds) {
      const time = now();
      for (const [key, expires] of expiries) if (expires <= time) expiries.delete(key);
      expiries.set(hash, time + ttlSeconds * 1000);
    },
    async has(hash) {
      const expires = expiries.get(hash);
      return expires !== undefined && expires > now();
    },
  };
}

/** The set in Redis, shared by every instance (decision 018): one key per hash under `prefix`, expiring by TTL. */
export function redisExpiringSet(redis: Redis, prefix: string): ExpiringSet {
  return {
    async add(hash, ttlSeconds) {
      await redis.set(prefix + hash, "1", "EX", ttlSeconds);
    },
    async has(hash) {
      // A connection that was lost is not waited for on every signed-in request (revoked-sessions.server.ts keeps a local copy).
      if (redis.status === "reconnecting" || redis.status === "close" || redis.status === "end") {
        throw new Error(`redis is ${redis.status}`);
      }
      return (await redis.exists(prefix + hash)) === 1;
    },
  };
}
