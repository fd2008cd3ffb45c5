import * as z from "zod/mini";

import { PASSWORD_MAX, PASSWORD_MIN } from "~/forms/auth";
import { EMAIL_MAX, EMAIL_PATTERN, requiredText } from "~/forms/fields";

// The public account pages' forms (docs/product.md#forgot-password, docs/product.md#reset-password and docs/product.md#delete-account). They run in the browser too,
// where every byte counts on a phone that just opened an email link: zod/mini only.

/** Forgot password: the email is required, must look like one and is sent lowercased. */
export const ForgotPasswordSchema = z.object({
  email: requiredText("Email is required").check(
    z.maxLength(EMAIL_MAX, "Invalid email address"),
    z.regex(EMAIL_PATTERN, "Invalid email address"),
    z.toLowerCase(),
  ),
});

/**
 * Reset password: the new password (8 to 20 characters, never trimmed: spaces are characters)
 * and its confirmation. The token is not a field: it stays in the page's URL.
 */
export const ResetPasswordSchema = z
  .object({
    password: z
      .string({ error: "Password is required" })
      .check(
        z.minLength(1, "Password is required"),
        z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
        z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
      ),
    confirmPassword: z
      .string({ error: "Please confirm your password" })
      .check(z.minLength(1, "Please confirm your password")),
  })
  .check(
    z.refine((values) => values.confirmPassword === "" || values.password === values.confirmPassword, {
      message: "Passwords do not match",
      path: ["confirmPassword"],
    }),
  );

/** The two steps of the delete-account page, as the `intent` of its forms. */
export const DeleteAccountIntentSchema = z.enum(["generate-key", "delete-user"]);

/** The message of docs/product.md#form-validation-rules for a delete-account email that is missing or malformed. */
export const INVALID_EMAIL_MESSAGE = "Invalid Email";

/** Delete account, step 1: the account's email, lowercased, matching the standard pattern. */
export const DeleteAccountEmailSchema = z.object({
  intent: z.literal("generate-key"),
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .check(
      z.trim(),
      z.maxLength(EMAIL_MAX, INVALID_EMAIL_MESSAGE),
      z.toLowerCase(),
      z.regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE),
    ),
});

/** Delete account, step 2: the security key received by mail (the email comes from step 1). */
export const DeleteAccountKeySchema = z.object({
  intent: z.literal("delete-user"),
  securityKey: requiredText("Security key is required"),
});
