import { logLine } from "~/lib/log.server";
import { callEndpoint } from "~/upstream/client.server";
import { authEndpoints, SIGNIN_ROLE_ADMIN } from "~/upstream/contract/auth";
import { isUpstreamError } from "~/upstream/errors";
import { sessionCookieHeader, sessionHash } from "~/upstream/session-cookie.server";

/** POST /auth/signin, always asking for the admin role (docs/product.md#roles-and-permissions). */
export function signIn(request: Request, credentials: { email: string; password: string }) {
  return callEndpoint(request, authEndpoints.signin, {
    body: { ...credentials, role: SIGNIN_ROLE_ADMIN },
    public: true,
  });
}

/**
 * GET /auth/logout with the browser's session. Retried once: logging out twice does no harm,
 * while a logout lost on the way leaves the upstream session valid after the cookies are gone.
 */
export function signOut(request: Request) {
  return callEndpoint(request, authEndpoints.logout, { public: true, retry: "harmless-once", endsSession: true });
}

// Background logout attempts after a failed sign-out, and the wait before the first (doubled each
// time): about a minute in all.
const BACKGROUND_LOGOUT_ATTEMPTS = 6;
const BACKGROUND_LOGOUT_FIRST_DELAY_MS = 1_000;

// Sessions with a background logout under way in this process: one run of attempts per session.
const endingInBackground = new Set<string>();

/**
 * Keeps asking the upstream to end `token` after the browser's sign-out could not (decision 033):
 * up to BACKGROUND_LOGOUT_ATTEMPTS tries, 1, 2, 4... seconds apart, each logged. The panel refuses
 * the session meanwhile, and after the last try either way, until it would have expired.
 */
export function endSessionInBackground(token: string): void {
  const session = sessionHash(token).slice(0, 12);
  if (endingInBackground.has(session)) return;
  endingInBackground.add(session);
  const attempt = async (number: number): Promise<void> => {
    // The browser's request is over: a request of its own carries the session, never aborted.
    const request = new Request("http://panel.internal/logout", { headers: { cookie: sessionCookieHeader(token) } });
    try {
      await signOut(request);
      logRetry("info", { session, attempt: number, outcome: "ended" });
      endingInBackground.delete(session);
    } catch (error) {
      const status = isUpstreamError(error) ? error.status : null;
      if (number >= BACKGROUND_LOGOUT_ATTEMPTS) {
        logRetry("warn", {
          session,
          attempt: number,
          status,
          outcome: "given up: the panel refuses it until it expires",
        });
        endingInBackground.delete(session);
        return;
      }
      logRetry("warn", { session, attempt: number, status, outcome: "failed: tried again later" });
      schedule(number + 1);
    }
  };
  const schedule = (number: number) => {
    // unref: a retry waiting never keeps a stopping process alive; the revocation holds without it.
    setTimeout(() => void attempt(number), BACKGROUND_LOGOUT_FIRST_DELAY_MS * 2 ** (number - 1)).unref();
  };
  schedule(1);
}

function logRetry(level: "info" | "warn", fields: Record<string, unknown>): void {
  logLine(level, "upstream logout retried", fields);
}

/** POST /auth/forgot-password. */
export function requestPasswordReset(request: Request, email: string) {
  return callEndpoint(request, authEndpoints.forgotPassword, { body: { email }, public: true });
}

/** POST /auth/reset-password. */
export function resetPassword(request: Request, body: { token: string; password: string }) {
  return callEndpoint(request, authEndpoints.resetPassword, { body, public: true });
}

/** GET /auth/verify-email/?token=. It spends the token: sent once, never retried. */
export function verifyEmail(request: Request, token: string) {
  return callEndpoint(request, authEndpoints.verifyEmail, { query: { token }, public: true });
}
