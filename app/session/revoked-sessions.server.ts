/**
 * Upstream sessions the panel refuses itself (decision 033): a sign-out whose upstream logout
 * failed leaves the upstream session valid, so the panel stops forwarding it until its cookie
 * would have expired. Only a SHA-256 hash of the token is kept: the list is no list of live keys.
 */
import { UPSTREAM_SESSION_COOKIE, UPSTREAM_SESSION_MAX_AGE } from "~/upstream/contract/auth";
import { readCookie } from "~/lib/cookie-header";
import { logLine } from "~/lib/log.server";
import { requestRecord } from "~/lib/request-context.server";
import { memoryEngine } from "~/state/engine";
import { stateFamily } from "~/state/family.server";
import { sessionHash, sessionTokenOf } from "~/upstream/session-cookie.server";

/**
 * How long a revocation lasts: the upstream cookie's whole lifetime from the sign-out. The cookie
 * was set (or refreshed) before it, so what is left of its life is never longer.
 */
export const REVOCATION_SECONDS = UPSTREAM_SESSION_MAX_AGE;

/**
 * The revocations: on the state engine (on disk, or in Redis for every instance; they must
 * persist), and each one this instance made also in its own memory, checked first. While the
 * engine does not answer (Redis away), the revocations made here still hold here, and the others'
 * are not known: a page is not refused to everyone because Redis is down.
 */
const revocations = stateFamily("revoked-session");
const madeHere = memoryEngine();

function logWarning(msg: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  logLine("warn", msg, { error: reason });
}

async function isRevokedHash(hash: string): Promise<boolean> {
  if ((await madeHere.get(hash)) !== undefined) return true;
  try {
    return (await revocations.get(hash)) !== undefined;
  } catch {
    // redis.server.ts logs the outage once; a line per request would drown it.
    return false;
  }
}

/** Refuses the upstream session `token` in the panel until its cookie would have expired. */
export async function revokeSession(token: string): Promise<void> {
  const hash = sessionHash(token);
  await madeHere.set(hash, "1", REVOCATION_SECONDS);
  try {
    await revocations.set(hash, "1", REVOCATION_SECONDS);
  } catch (error) {
    logWarning("session revocation kept on this instance only", error);
  }
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
    verdict = token === undefined ? Promise.resolve(false) : isRevokedHash(sessionHash(token));
    known?.set(signed, verdict);
  }
  return verdict;
}
