import * as z from "zod/mini";

import { EMAIL_MAX, requiredText } from "~/forms/fields";

/** Password length limits of docs/product.md#constants-and-limits. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

/** Sign-in form (docs/product.md#sign-in): the email is lowercased before it is sent. */
export const LoginSchema = z.object({
  // No address is longer than EMAIL_MAX; the forgot-password page's wording says so.
  email: requiredText("Email is required").check(z.maxLength(EMAIL_MAX, "Invalid email address"), z.toLowerCase()),
  password: z.string({ error: "Password is required" }).check(z.minLength(1, "Password is required")),
  redirectTo: z.optional(z.string()),
});
