/**
 * Upstream sessions the panel refuses itself (decision 033): a sign-out whose upstream logout
 * failed leaves the upstream session valid, so the panel stops forwarding it until its cookie
 * would have expired. Only a SHA-256 hash of the token is kept: the list is no list of live keys.
 */
import { createHash } from "node:crypto";

import type { Redis } from "ioredis";

import { perRequest } from "~/lib/per-request.server";
import { UPSTREAM_SESSION_MAX_AGE } from "~/upstream/contract/auth";
import { upstreamSessionToken } from "~/upstream/session-cookie.server";

import { sharedRedis } from "./redis.server";

/**
 * How long a revocation lasts: the upstream cookie's whole lifetime from the sign-out. The cookie
 * was set (or refreshed) before it, so what is left of its life is never longer.
 */
export const REVOCATION_SECONDS = UPSTREAM_SESSION_MAX_AGE;

/** Where revocations live: add one for a while, ask whether a hash is revoked. */
export interface RevocationStore {
  add(hash: string, ttlSeconds: number): Promise<void>;
  has(hash: string): Promise<boolean>;
}

/**
 * One process's revocations: a map from hash to expiry time, so a check is one lookup. Entries come
 * only from sign-outs of real sessions whose upstream logout failed, so the map stays small; it is
 * swept when one is added.
 */
export function memoryRevocationStore(now: () => number = Date.now): RevocationStore {
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

/** The revocations in Redis, shared by every instance (decision 018): one key per hash, expiring by TTL. */
export function redisRevocationStore(redis: Redis, prefix = "panel:revoked-session:"): RevocationStore {
  return {
    async add(hash, ttlSeconds) {
      await redis.set(prefix + hash, "1", "EX", ttlSeconds);
    },
    async has(hash) {
      // A connection that was lost is not waited for on every signed-in request (see withLocalCopy).
      if (redis.status === "reconnecting" || redis.status === "close" || redis.status === "end") {
        throw new Error(`redis is ${redis.status}`);
      }
      return (await redis.exists(prefix + hash)) === 1;
    },
  };
}

/**
 * A shared store with this instance's own copy: every revocation is also kept locally, and checked
 * there first. While Redis cannot be reached, revocations made here still hold here, and the others'
 * are not known (a page is not refused to everyone because Redis is down).
 */
function withLocalCopy(shared: RevocationStore, local: RevocationStore): RevocationStore {
  return {
    async add(hash, ttlSeconds) {
      await local.add(hash, ttlSeconds);
      try {
        await shared.add(hash, ttlSeconds);
      } catch (error) {
        logWarning("session revocation kept on this instance only", error);
      }
    },
    async has(hash) {
      if (await local.has(hash)) return true;
      try {
        return await shared.has(hash);
      } catch {
        // redis.server.ts logs the outage once; a line per request would drown it.
        return false;
      }
    },
  };
}

function logWarning(msg: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(JSON.stringify({ time: new Date().toISOString(), level: "warn", msg, error: reason }));
}

let store: RevocationStore | undefined;

/** The store in use: Redis when REDIS_URL is set (with a local copy), else memory. */
function revocationStore(): RevocationStore {
  if (!store) {
    const redis = sharedRedis();
    store = redis ? withLocalCopy(redisRevocationStore(redis), memoryRevocationStore()) : memoryRevocationStore();
  }
  return store;
}

/** What the store keeps of a session token: its SHA-256, hex. */
export function sessionHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Refuses the upstream session `token` in the panel until its cookie would have expired. */
export function revokeSession(token: string): Promise<void> {
  return revocationStore().add(sessionHash(token), REVOCATION_SECONDS);
}

// One check per request: the shell's middleware and the upstream client both ask.
const revokedPerRequest = perRequest((request): Promise<boolean> => {
  const token = upstreamSessionToken(request);
  return token === undefined ? Promise.resolve(false) : revocationStore().has(sessionHash(token));
});

/** Whether the request carries an upstream session the panel has revoked (checked once per request). */
export function isSessionRevoked(request: Request): Promise<boolean> {
  return revokedPerRequest.get(request);
}
