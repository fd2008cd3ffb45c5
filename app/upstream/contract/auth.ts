/** Contract of the sign-in, sign-out, password and email-verification calls. */
import { z } from "zod";
import { defineEndpoint, IdSchema, SuccessAnswerSchema, requiredText } from "./common.ts";

/** Name of the upstream's session cookie, forwarded by the panel on every call. */
export const UPSTREAM_SESSION_COOKIE = "session";

/** Lifetime of an upstream session, in seconds (7 days, like the panel's user cookie). */
export const UPSTREAM_SESSION_MAX_AGE = 604_800;

/** Password length limits of docs/product.md#constants-and-limits. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;

/** Role the panel always asks for at sign-in (docs/product.md#roles-and-permissions). */
export const SIGNIN_ROLE_ADMIN = "ADMIN";

const EmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Body of POST /auth/signin: the credentials plus the role asked for. */
export const SigninBodySchema = z.object({
  email: requiredText("Email is required").toLowerCase(),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
  role: z.string({ error: "Role must be a string" }).optional(),
});

/** The signed-in user as the sign-in answer describes it (stored in the panel's user cookie). */
export const SessionUserSchema = z.object({
  id: IdSchema,
  role: z.string(),
  userName: z.string().nullish(),
  username: z.string().nullish(),
  email: z.string(),
  avatar: z.string().nullish(),
});

/** Answer of POST /auth/signin; the session itself travels in the Set-Cookie header. */
export const SigninAnswerSchema = z.object({
  message: z.string(),
  data: z.object({ user: SessionUserSchema }),
});

/** Body of POST /auth/forgot-password. */
export const ForgotPasswordBodySchema = z.object({
  email: requiredText("Email is required").toLowerCase().regex(EmailPattern, "Invalid email address"),
});

/** Password rules of docs/product.md#form-validation-rules and docs/product.md#constants-and-limits. */
export const NewPasswordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Body of POST /auth/reset-password. */
export const ResetPasswordBodySchema = z.object({
  token: requiredText("Token is required"),
  password: NewPasswordSchema,
});

/** Query of GET /auth/verify-email/. */
export const VerifyEmailQuerySchema = z.object({ token: requiredText("Token is required") });

/** The auth calls of docs/product.md#upstream-calls. */
export const authEndpoints = {
  signin: defineEndpoint({ method: "POST", path: "/auth/signin", body: SigninBodySchema, answer: SigninAnswerSchema }),
  logout: defineEndpoint({ method: "GET", path: "/auth/logout", answer: SuccessAnswerSchema }),
  forgotPassword: defineEndpoint({
    method: "POST",
    path: "/auth/forgot-password",
    body: ForgotPasswordBodySchema,
    answer: SuccessAnswerSchema,
  }),
  resetPassword: defineEndpoint({
    method: "POST",
    path: "/auth/reset-password",
    body: ResetPasswordBodySchema,
    answer: SuccessAnswerSchema,
  }),
  // The trailing slash is the provider's spelling; the demo API accepts it with or without.
  verifyEmail: defineEndpoint({
    method: "GET",
    path: "/auth/verify-email/",
    query: VerifyEmailQuerySchema,
    answer: SuccessAnswerSchema,
  }),
} as const;
