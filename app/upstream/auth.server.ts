import { callEndpoint } from "~/upstream/client.server";
import { authEndpoints, SIGNIN_ROLE_ADMIN } from "~/upstream/contract/auth";

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
  return callEndpoint(request, authEndpoints.logout, { public: true, retry: "harmless-once" });
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
