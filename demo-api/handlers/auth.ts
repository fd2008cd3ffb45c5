/** Sign-in, sign-out, password reset and email verification (all public). */
import { randomBytes } from "node:crypto";
import {
  authEndpoints,
  ForgotPasswordBodySchema,
  ResetPasswordBodySchema,
  SIGNIN_ROLE_ADMIN,
  SigninBodySchema,
} from "../../app/upstream/contract/auth.ts";
import { clearedSessionCookie, createSession, endSession, endSessionsOf, sessionCookie } from "../auth.ts";
import { resetPasswordEmail } from "../emails.ts";
import { ApiError, badRequest, forbidden } from "../errors.ts";
import { deliver } from "../outbox.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";
import type { Router } from "../router.ts";
import { validate } from "../validation.ts";
import { userByEmail } from "./lookup.ts";
import { sessionUserView } from "../views.ts";

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Registers the /auth routes. */
export function registerAuthRoutes(router: Router): void {
  router.add(authEndpoints.signin, "public", ({ store, body, origin, now }) => {
    const input = validate(SigninBodySchema, body);
    const data = store.data;
    const user = userByEmail(data, input.email);
    if (!user || !verifyPassword(input.password, user.passwordHash)) {
      throw new ApiError(401, "Invalid email or password");
    }
    // The panel always asks for ADMIN; moderators are staff and get in, members do not.
    if (input.role?.toUpperCase() === SIGNIN_ROLE_ADMIN && user.role === "user") {
      throw forbidden("Access denied. Admins only.");
    }
    if (user.isBanned) throw forbidden("Your account has been banned");
    const session = createSession(data, user.id, now);
    store.changed();
    return {
      headers: { "set-cookie": sessionCookie(session.token) },
      body: { message: "Signed in successfully", data: { user: sessionUserView(user, origin) } },
    };
  });

  router.add(authEndpoints.logout, "public", ({ store, session }) => {
    if (session && endSession(store.data, session.token)) store.changed();
    return { headers: { "set-cookie": clearedSessionCookie() }, body: { message: "Logged out successfully" } };
  });

  router.add(authEndpoints.forgotPassword, "public", ({ store, body, panelOrigin, now }) => {
    const input = validate(ForgotPasswordBodySchema, body);
    const user = userByEmail(store.data, input.email);
    // Same answer either way: the API must not reveal which emails have accounts.
    if (user) {
      const token = randomBytes(24).toString("base64url");
      store.data.tokens.push({
        token,
        kind: "reset",
        userId: user.id,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
        usedAt: null,
      });
      deliver(store.data, resetPasswordEmail(user.email, token, panelOrigin), now);
      store.changed();
    }
    return {
      body: { message: "If an account with that email exists, a password reset link has been sent to your email." },
    };
  });

  router.add(authEndpoints.resetPassword, "public", ({ store, body, now }) => {
    const input = validate(ResetPasswordBodySchema, body);
    const data = store.data;
    const record = data.tokens.find((token) => token.kind === "reset" && token.token === input.token);
    const user = record && data.users.find((candidate) => candidate.id === record.userId);
    if (!record || !user || record.usedAt || Date.parse(record.expiresAt) <= now.getTime()) {
      throw badRequest("Invalid or expired reset token");
    }
    record.usedAt = now.toISOString();
    user.passwordHash = hashPassword(input.password);
    user.updatedAt = now.toISOString();
    // A new password signs out every device, as a real provider would.
    endSessionsOf(data, user.id);
    store.changed();
    return { body: { message: "Password reset successfully" } };
  });

  // The router ignores trailing slashes, so `/auth/verify-email` works as well.
  router.add(authEndpoints.verifyEmail, "public", ({ store, query, now }) => {
    const token = query.get("token")?.trim() ?? "";
    const data = store.data;
    const record = token
      ? data.tokens.find((candidate) => candidate.kind === "verify" && candidate.token === token)
      : undefined;
    const user = record && data.users.find((candidate) => candidate.id === record.userId);
    if (!record || !user || record.usedAt || Date.parse(record.expiresAt) <= now.getTime()) {
      throw badRequest("Verification link is invalid or has expired");
    }
    record.usedAt = now.toISOString();
    user.isEmailVerified = true;
    if (user.status === "unverified_email") user.status = "verified_email";
    user.updatedAt = now.toISOString();
    store.changed();
    return { body: { message: "Email verified successfully" } };
  });
}
