/** Sessions and role checks: an opaque token in the `session` cookie maps to a stored session. */
import { randomBytes } from "node:crypto";
import { UPSTREAM_SESSION_COOKIE, UPSTREAM_SESSION_MAX_AGE } from "../app/upstream/contract/auth.ts";
import { forbidden, unauthorized } from "./errors.ts";
import { parseCookies } from "./http.ts";
import type { DemoData, Role, SessionRecord, UserRecord } from "./types.ts";

/**
 * Who may call a route: `public` needs no session, `signed-in` any role, `staff` admins and
 * moderators (read-only calls), `admin` admins only (every mutation and get-all).
 */
export type Access = "public" | "signed-in" | "staff" | "admin";

const ALLOWED_ROLES: Record<Exclude<Access, "public">, readonly Role[]> = {
  "signed-in": ["admin", "moderator", "user"],
  staff: ["admin", "moderator"],
  admin: ["admin"],
};

/** A valid session and its user. */
export interface ActiveSession {
  token: string;
  user: UserRecord;
}

/** Creates a session for a user and returns its token. */
export function createSession(data: DemoData, userId: number, now: Date = new Date()): SessionRecord {
  pruneSessions(data, now);
  const session: SessionRecord = {
    token: randomBytes(32).toString("base64url"),
    userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + UPSTREAM_SESSION_MAX_AGE * 1000).toISOString(),
  };
  data.sessions.push(session);
  return session;
}

/** The live session named by the request's cookie, if any. */
export function findSession(
  data: DemoData,
  cookieHeader: string | undefined,
  now: Date = new Date(),
): ActiveSession | null {
  const token = parseCookies(cookieHeader).get(UPSTREAM_SESSION_COOKIE);
  if (!token) return null;
  const session = data.sessions.find((candidate) => candidate.token === token);
  if (!session || Date.parse(session.expiresAt) <= now.getTime()) return null;
  const user = data.users.find((candidate) => candidate.id === session.userId);
  return user ? { token, user } : null;
}

/** Ends one session (sign-out). */
export function endSession(data: DemoData, token: string): boolean {
  const before = data.sessions.length;
  data.sessions = data.sessions.filter((session) => session.token !== token);
  return data.sessions.length !== before;
}

/** Ends every session of a user (password reset, ban, deletion). */
export function endSessionsOf(data: DemoData, userId: number): void {
  data.sessions = data.sessions.filter((session) => session.userId !== userId);
}

function pruneSessions(data: DemoData, now: Date): void {
  data.sessions = data.sessions.filter((session) => Date.parse(session.expiresAt) > now.getTime());
}

/** Throws 401 without a session and 403 when its role may not use the route. */
export function checkAccess(access: Access, session: ActiveSession | null): void {
  if (access === "public") return;
  if (!session) throw unauthorized();
  if (!ALLOWED_ROLES[access].includes(session.user.role)) throw forbidden();
}

/** Set-Cookie value of a new session: Secure and SameSite=None like a cross-site API. */
export function sessionCookie(token: string): string {
  return `${UPSTREAM_SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=None; Secure; Max-Age=${UPSTREAM_SESSION_MAX_AGE}`;
}

/** Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(): string {
  return `${UPSTREAM_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=None; Secure; Max-Age=0`;
}
