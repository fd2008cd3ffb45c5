import * as z from "zod/mini";

import { requiredText } from "~/forms/fields";

/** The longest code accepted: a recovery code with spaces around it, never more. */
const CODE_MAX = 32;

/** A code typed into a second-factor form: an authenticator's 6 digits, or a recovery code. */
const codeField = requiredText("Authentication code is required").check(
  z.maxLength(CODE_MAX, "Enter the 6-digit code or a recovery code"),
);

/** Sign-in's second form (docs/product.md#second-factor). */
export const SecondFactorSignInSchema = z.object({ code: codeField });

/** The enrolment page's forms (docs/product.md#second-factor), one per intent. */
export const SecondFactorSettingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm"), code: codeField }),
  z.object({ intent: z.literal("turn-off"), code: codeField }),
]);
