/**
 * Upstream sessions the panel refuses itself (decision 033): a sign-out whose upstream logout
 * failed leaves the upstream session valid, so the panel stops forwarding it until its cookie
 * would have expired. Only a SHA-256 hash of the token is kept: the list is no list of live keys.
 */
import { UPSTREAM_SESSION_COOKIE, UPSTREAM_SESSION_MAX_AGE } from "~/upstream/contract/auth";
import { readCookie } from "~/lib/cookie-header";
import { logLine } from "~/lib/log.server";
import { requestRecord } from "~/lib/request-context.server";
import { sessionHash, sessionTokenOf } from "~/upstream/session-cookie.server";

import { type ExpiringSet, memoryExpiringSet, redisExpiringSet } from "./expiring-set.server";
import { processStore } from "~/state/redis.server";

/**
 * How long a revocation lasts: the upstream cookie's whole lifetime from the sign-out. The cookie
 * was set (or refreshed) before it, so what is left of its life is never longer.
 */
export const REVOCATION_SECONDS = UPSTREAM_SESSION_MAX_AGE;

/**
 * A shared store with this instance's own copy: every revocation is also kept locally, and checked
 * there first. While Redis cannot be reached, revocations made here still hold here, and the others'
 * are not known (a page is not refused to everyone because Redis is down).
 */
function withLocalCopy(shared: ExpiringSet, local: ExpiringSet): ExpiringSet {
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
  logLine("warn", msg, { error: reason });
}

/** The store in use: Redis when REDIS_URL is set (with a local copy), else memory. */
const revocationStore = processStore<ExpiringSet>({
  redis: (redis) => withLocalCopy(redisExpiringSet(redis, "panel:revoked-session:"), memoryExpiringSet()),
  memory: () => memoryExpiringSet(),
});

/** Refuses the upstream session `token` in the panel until its cookie would have expired. */
export function revokeSession(token: string): Promise<void> {
  return revocationStore().add(sessionHash(token), REVOCATION_SECONDS);
}

// The verdicts of one request, by signed cookie value, kept in its router context: the shell's
// middleware, each loader and the upstream client all ask, and with Redis that is one lookup per
// request rather than one per asker.
const verdicts = requestRecord(() => new Map<string, Promise<boolean>>());

/**
 * Whether the request carries an upstream session the panel has revoked: worked out once per
 * request (outside a request, on each call).
 */
export function isSessionRevoked(request: Request): Promise<boolean> {
  const signed = readCookie(request.headers.get("cookie"), UPSTREAM_SESSION_COOKIE);
  if (!signed) return Promise.resolve(false);
  const known = verdicts();
  let verdict = known?.get(signed);
  if (!verdict) {
    const token = sessionTokenOf(signed);
    verdict = token === undefined ? Promise.resolve(false) : revocationStore().has(sessionHash(token));
    known?.set(signed, verdict);
  }
  return verdict;
}
