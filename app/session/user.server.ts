import { type Cookie, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";

import { env } from "~/config/env.server";
import { oncePerRequest, requestContext } from "~/lib/request-context.server";
import { readSignedJsonCookie, signedCookie } from "~/lib/signed-cookie.server";
import { currentLocation, isSecureRequest } from "~/lib/request-url";
import { requestFactsContext } from "~/server-context";
import { NO_ACCESS, pageError } from "~/lib/page-error";
import { may, type PanelAction, type PanelRole } from "~/session/permissions";
import { currentPanelRole, noteSignIn } from "~/session/panel-roles.server";
import { isSessionRevoked } from "~/session/revoked-sessions.server";
import { requireSecondFactorWhenDue } from "~/session/second-factor.server";
import {
  deleteSessionRecord,
  newSessionId,
  openSessionRecord,
  readSessionRecord,
  saveSessionRecord,
  SESSION_LIFETIME_SECONDS,
  type SessionRecord,
  sessionFacts,
  SESSIONS_PER_ADMIN,
} from "~/session/session-records.server";
import { type AuditTarget, recordAudit, recordAuditEntry } from "~/audit/record.server";
import { callEndpoint } from "~/upstream/client.server";
import { UPSTREAM_SESSION_COOKIE } from "~/upstream/contract/auth";
import { userEndpoints } from "~/upstream/contract/users";
import { isUpstreamError } from "~/upstream/errors";
import { knownOriginFileLink } from "~/upstream/file-links.server";
import { expireCookie } from "~/upstream/session-cookie.server";

/** The signed-in admin as the panel remembers them (docs/product.md#current-user). */
export interface CurrentUser {
  role: string | null;
  userName: string;
  username: string | null;
  email: string | null;
  avatar: string | null;
  /** The session's id: its record (session-records.server.ts) must exist for a page to open. */
  sessionId: string | null;
}

/** The user cookie lives 7 days (docs/product.md#current-user), as long as its session. */
export const USER_COOKIE_MAX_AGE = SESSION_LIFETIME_SECONDS;

/** Who the panel shows when no (valid) user cookie came (docs/product.md#current-user). */
export const ANONYMOUS_USER: CurrentUser = {
  role: null,
  userName: "User",
  username: null,
  email: null,
  avatar: null,
  sessionId: null,
};

const StoredUserSchema = z.object({
  role: z.string().nullable(),
  userName: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  // Cookies from before session records have none, and open no page.
  sessionId: z.string().nullable().default(null),
});

// The cookie is signed: a tampered or unsigned one parses as absent. It only decides what to
// show; the upstream's 401/403 decide what is allowed.
const cookies = new Map<boolean, Cookie>();
function userCookie(request: Request) {
  const secure = isSecureRequest(request);
  let cookie = cookies.get(secure);
  if (!cookie) {
    cookie = signedCookie("user", env().SESSION_SECRET, { maxAge: USER_COOKIE_MAX_AGE, secure });
    cookies.set(secure, cookie);
  }
  return cookie;
}

/**
 * The user a Cookie header carries, or the anonymous default. Written by React Router's
 * signedCookie (userCookie), read synchronously (readSignedJsonCookie). Pages ask
 * getCurrentUser, which reads it once per request.
 */
export function userFromCookieHeader(header: string | null): CurrentUser {
  const raw = readSignedJsonCookie(header, "user", env().SESSION_SECRET);
  const parsed = StoredUserSchema.safeParse(raw);
  return parsed.success ? parsed.data : ANONYMOUS_USER;
}

/**
 * The current user from the signed cookie, or the anonymous default: verified once per request
 * (the middleware, the layout and the screen all ask).
 */
export const getCurrentUser: (request: Request) => CurrentUser = oncePerRequest((request) =>
  userFromCookieHeader(request.headers.get("cookie")),
);

/** The name the shell shows: the username, else the email (docs/product.md#current-user). */
export function displayName(user: CurrentUser): string {
  return user.username || user.email || user.userName;
}

/**
 * Starts the panel's session of a signed-in user: its record (session-records.server.ts; past
 * SESSIONS_PER_ADMIN their oldest ends, an audit entry each) and a Set-Cookie line storing the
 * user with the session's id; the role is kept upper-cased (docs/product.md#roles-and-permissions).
 * The avatar is kept only on a known file origin (knownOriginFileLink): the shell shows it on every
 * page, so another site's link would hear of each of them; without it the shell shows the initial.
 */
export async function startSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: {
    id: string | number;
    role: string;
    userName?: string | null;
    username?: string | null;
    email: string;
    avatar?: string | null;
  },
): Promise<string> {
  const sessionId = newSessionId();
  const record = sessionFacts(request, user, context.get(requestFactsContext).clientIp);
  // The roles page lists every admin who signed in (panel-roles.server.ts).
  await noteSignIn({
    id: record.userId,
    email: user.email,
    name: user.userName || user.username || null,
    role: user.role,
  });
  for (const target of await openSessionRecord(sessionId, record)) {
    recordAudit({
      admin: record.email,
      action: "sign-out",
      target,
      result: "done",
      detail: `ended at a sign-in past ${SESSIONS_PER_ADMIN} sessions: the oldest`,
    });
  }
  const stored: CurrentUser = {
    role: user.role.toUpperCase(),
    userName: user.userName || user.username || user.email,
    username: user.username ?? null,
    email: user.email,
    avatar: knownOriginFileLink(user.avatar),
    sessionId,
  };
  return userCookie(request).serialize(stored);
}

/**
 * Ends the request's panel session on every instance (sign-out): its cookies open no page after
 * this. Answers the session as the audit trail names it, or null when it had no live one.
 */
export async function endSession(request: Request): Promise<AuditTarget | null> {
  const { sessionId } = getCurrentUser(request);
  return sessionId ? deleteSessionRecord(sessionId) : null;
}

/** How often a session's record notes that it was seen: at most a write a minute per session. */
const LAST_SEEN_EVERY_MS = 60_000;

/**
 * The request's live session record, or null: none named, ended (signed out, expired), or ended
 * now because the upstream no longer knows the admin in the role they signed in with. The role is
 * checked with the upstream at most every SESSION_CHECK_SECONDS (one GET /users/{id} of their
 * own); an upstream that does not answer keeps the session until the next check.
 */
const liveSession = oncePerRequest(async (request: Request): Promise<SessionRecord | null> => {
  const { sessionId } = getCurrentUser(request);
  if (!sessionId) return null;
  const record = await readSessionRecord(sessionId);
  if (!record) return null;
  const now = Date.now();
  let changed = false;
  if (now - record.checkedAt >= env().SESSION_CHECK_SECONDS * 1000) {
    if (!(await roleStillHolds(request, record))) {
      // Awaited: the page it leads to, /audit included, shows it.
      await recordAuditEntry({
        admin: record.email,
        action: "sign-out",
        target: await deleteSessionRecord(sessionId),
        result: "done",
        detail: `ended: the upstream no longer confirms the role ${record.role}`,
      });
      return null;
    }
    record.checkedAt = now;
    changed = true;
  }
  if (now - record.lastSeenAt >= LAST_SEEN_EVERY_MS) {
    record.lastSeenAt = now;
    record.address = requestContext()?.get(requestFactsContext).clientIp ?? record.address;
    changed = true;
  }
  if (changed) await saveSessionRecord(sessionId, record, now);
  return record;
});

/**
 * The request's live session record: whose session it is and what the panel keeps of it (the
 * sessions page). Without one, the way to sign in, as requireUser.
 */
export async function currentSession(request: Request): Promise<SessionRecord> {
  const record = await liveSession(request);
  if (!record) throw await redirectToLogin(request);
  return record;
}

/**
 * Whether the upstream still has the session's user in the role it signed in with: false when it
 * answers with another role, or refuses (401, 403) or no longer finds them (404); true when it
 * does not answer (an outage ends no session).
 */
async function roleStillHolds(request: Request, record: SessionRecord): Promise<boolean> {
  try {
    const { data } = await callEndpoint(request, userEndpoints.details, { params: { id: record.userId } });
    return data.data.role.toUpperCase() === record.role;
  } catch (error) {
    // A 401 is the upstream ending the session: the client answers it with the way to sign in.
    if (error instanceof Response) return false;
    return !(isUpstreamError(error) && error.failure === "http" && [401, 403, 404].includes(error.status));
  }
}

/** Set-Cookie lines that sign the browser out of the panel and the upstream. */
export async function signOutCookies(request: Request): Promise<string[]> {
  const secure = isSecureRequest(request);
  return [
    await userCookie(request).serialize("", { maxAge: 0, expires: new Date(0) }),
    expireCookie(UPSTREAM_SESSION_COOKIE, secure),
  ];
}

/** Headers carrying several Set-Cookie lines. */
export function setCookieHeaders(lines: string[], headers = new Headers()): Headers {
  for (const line of lines) headers.append("Set-Cookie", line);
  return headers;
}

/** The sign-in page for someone who was at `location`; `expired` makes it say their session ended. */
export function loginUrl(location: string, expired = false): string {
  const query = [
    ...(location === "/" ? [] : [`redirectTo=${encodeURIComponent(location)}`]),
    ...(expired ? ["expired=1"] : []),
  ];
  return query.length ? `/login?${query.join("&")}` : "/login";
}

/**
 * Sends the browser to sign in, clearing the panel's cookies, with a way back to where it was.
 * Used when the user has no role and when the upstream answers 401; in the latter case the
 * browser was signed in (its cookie has a role), so the sign-in page explains that the session expired.
 */
export async function redirectToLogin(request: Request): Promise<Response> {
  await endSession(request);
  const wasSignedIn = Boolean(getCurrentUser(request).role);
  return redirect(loginUrl(currentLocation(request), wasSignedIn), {
    headers: setCookieHeaders(await signOutCookies(request)),
  });
}

/**
 * The current user, or a redirect to sign in when they have no role (docs/product.md#the-shell),
 * their session has no live record (signed out, or their upstream role changed: liveSession) or
 * their upstream session was revoked at a sign-out (decision 033): a replayed copy of the cookies
 * ends like an expired session. An admin whose second factor is due is sent to enrol it.
 */
export async function requireUser(request: Request): Promise<SignedInUser> {
  const user = getCurrentUser(request);
  const record = user.role ? await liveSession(request) : null;
  if (!user.role || !record || (await isSessionRevoked(request))) throw await redirectToLogin(request);
  const panelRole = (await panelRoleOf(request)) ?? "VIEWER";
  const signedIn = { ...user, role: user.role, userId: record.userId, panelRole };
  // An admin whose second factor is due goes to enrol it first (docs/product.md#second-factor).
  await requireSecondFactorWhenDue(request, signedIn);
  return signedIn;
}

/**
 * The request's panel role (permissions.ts), read once per request from the roles record, so a
 * role an Owner changes holds at the admin's next request on every instance (decision 078).
 */
const panelRoleOf = oncePerRequest(async (request: Request): Promise<PanelRole | null> => {
  const record = await liveSession(request);
  return record ? currentPanelRole({ userId: record.userId, email: record.email, upstreamRole: record.role }) : null;
});

/**
 * A signed-in admin: the cookie's user with their upstream role, the upstream user's id from the
 * session record, and their panel role (what the panel lets them do: permissions.ts).
 */
export type SignedInUser = CurrentUser & { role: string; userId: string; panelRole: PanelRole };

/**
 * The current user when their panel role may do `action` (permissions.ts); else the 403 page, as
 * the upstream's refusal shows it. Without a live session: the way to sign in, as requireUser.
 */
export async function requireCapability(request: Request, action: PanelAction): Promise<SignedInUser> {
  const user = await requireUser(request);
  if (!may(user.panelRole, action)) throw pageError(403, NO_ACCESS);
  return user;
}

/**
 * Route middleware of the admin shell: without a role the browser goes to sign in before any
 * screen's loader or action runs, so nothing is asked of the upstream on a stranger's behalf.
 */
export const requireSignedIn: MiddlewareFunction<Response> = async ({ request }, next) => {
  await requireUser(request);
  return next();
};
