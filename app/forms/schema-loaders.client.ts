// The dynamic imports behind useFormCheck: each form's schema, and the code that checks values
// against it (zod's). The browser fetches them after hydration, not with the page (decision 026).
//
// A `.client` module: React Router's server build gets its exports as `undefined` (the checks
// run in effects, never on the server). So the server bundle has no dynamic import to split it
// into chunks: server/app.ts finds build/client relative to its own file, build/server/index.js.

/** Zod's checking code, applied to a schema. */
export const loadCheckFields = () => import("~/forms/check-fields").then((module) => module.checkFields);

/** The sign-in form's schema. */
export const loginSchema = () => import("~/forms/auth").then((module) => module.LoginSchema);

/** The forgot-password form's schema. */
export const forgotPasswordSchema = () => import("~/forms/account").then((module) => module.ForgotPasswordSchema);

/** The reset-password form's schema. */
export const resetPasswordSchema = () => import("~/forms/account").then((module) => module.ResetPasswordSchema);

/** Delete account, step 1 (the email). */
export const deleteAccountEmailSchema = () =>
  import("~/forms/account").then((module) => module.DeleteAccountEmailSchema);

/** Delete account, step 2 (the security key). */
export const deleteAccountKeySchema = () => import("~/forms/account").then((module) => module.DeleteAccountKeySchema);

/** The 'Send Push Notification' form's schema. */
export const pushNotificationSchema = () => import("~/forms/users").then((module) => module.PushNotificationSchema);

/** The announcement create and edit form's schema. */
export const announcementSchema = () => import("~/forms/announcement").then((module) => module.AnnouncementFormSchema);
