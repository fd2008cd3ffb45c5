import { data, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import * as z from "zod/mini";

import type { Route } from "./+types/reset-password";
import { AppOfferActions } from "~/components/account/app-links";
import type { AppOffer } from "~/components/account/app-offer";
import { tokenPageHeaders, tokenPageMeta, TokenPageErrorBoundary } from "~/components/account/token-page";
import { AuthCard, AuthNotice } from "~/components/layout/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { buttonClass, ButtonLink } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/form-actions";
import { PasswordField } from "~/components/ui/password-field";
import { ResetPasswordSchema } from "~/forms/account";
import { useFormCheck } from "~/forms/use-form-check";
import { resetPasswordSchema } from "~/forms/schema-loaders.client";
import { appOfferOf, PLATFORM_VARY } from "~/routes/auth/app-offer.server";
import { pageMemory } from "~/routes/auth/page-memory.server";
import { secondsUntilAllowed } from "~/session/rate-limit.server";
import { resetPassword } from "~/upstream/auth.server";
import { isUpstreamError, type UpstreamError } from "~/upstream/errors";
import { MutationForm } from "~/recipe/mutation-form";
import { runOnce } from "~/recipe/submission.server";
import { saveForm } from "~/recipe/save-form.server";
import { isRefusal, refuse, tooManyAttempts } from "~/recipe/failure.server";

/** The reset success text (docs/product.md#toasts-and-error-handling): the toast, and the first line of the result page. */
const RESET_SUCCESS = "Password reset successfully! You can now login with your new password.";

/** The text for a reset link that cannot be used (docs/product.md#toasts-and-error-handling). */
const INVALID_LINK = "The password reset link is invalid or has expired. Please request a new password reset.";

// After a reset the page says so at /reset-password?done=1, a URL without the token; a signed
// cookie (15 minutes) is what lets that URL say it, so a pasted one does not.
const resetDone = pageMemory("password_reset", 15 * 60, z.object({ done: z.literal(true) }));

// The token stays in the URL: the form posts back to the same address (React Router keeps the
// query in a form's default action), so it is never copied into the page as a field.
function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token")?.trim() ?? "";
}

type ResetPage = { state: "form" } | { state: "invalid" } | { state: "done"; offer: AppOffer };

export async function loader({ request }: Route.LoaderArgs) {
  if (tokenOf(request) !== "") return data<ResetPage>({ state: "form" });
  if (new URL(request.url).searchParams.has("done") && (await resetDone.read(request))) {
    return data<ResetPage>({ state: "done", offer: appOfferOf(request) });
  }
  return data<ResetPage>({ state: "invalid" });
}

/**
 * The upstream refused the token rather than the password: the link is used up or expired. The
 * contract has no call to check a token before use, so this is the first the panel learns of it.
 */
function isTokenRefusal(error: UpstreamError): boolean {
  if (!isRefusal(error) || error.fieldErrors.password || error.fieldErrors.confirmPassword) return false;
  return error.fieldErrors.token !== undefined || /token|link|expired/i.test(error.message);
}

/**
 * Sets the new password with the link's token; a token the upstream refuses (used, expired) is
 * the 'Invalid Reset Link' state (a URL without the dead token) with its 'Request New Reset Link'
 * button, and the server's message as the toast.
 */
async function resetWithToken(request: Request, token: string, password: string): Promise<void> {
  try {
    await resetPassword(request, { token, password });
  } catch (error) {
    if (isUpstreamError(error) && isTokenRefusal(error)) {
      refuse(error.messageOr(INVALID_LINK), { redirectTo: "/reset-password" });
    }
    throw error;
  }
}

/** Reset Password (docs/product.md#reset-password). */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form }) => {
    // Every post counts, with or without a token: guessing tokens is what the limit slows down.
    const wait = await secondsUntilAllowed(context, "reset-password");
    if (wait !== null) return tooManyAttempts(wait);
    const token = tokenOf(request);
    if (!token) throw redirect("/reset-password");
    return saveForm(request, form, {
      schema: ResetPasswordSchema,
      send: ({ password }) => resetWithToken(request, token, password),
      // Most people who reset a password are members of the app, not administrators: the result
      // page leads to the app, with the admin sign-in as a smaller link.
      to: "/reset-password?done=1",
      done: RESET_SUCCESS,
      headers: async () => ({ "Set-Cookie": await resetDone.remember(request, { done: true }) }),
      failed: "An error occurred while resetting password",
      failure: { publicPage: true },
    });
  });
}

const TITLES: Record<ResetPage["state"], string> = {
  form: "Reset Password",
  invalid: "Invalid Reset Link",
  done: "Password changed",
};

export const meta: Route.MetaFunction = ({ loaderData }) =>
  tokenPageMeta(`${TITLES[loaderData?.state ?? "form"]} · Admin Dashboard`, "same-origin");

export const headers = tokenPageHeaders("same-origin", PLATFORM_VARY);

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "done") return <PasswordChanged offer={loaderData.offer} />;
  return loaderData.state === "form" ? <ResetPasswordForm actionData={actionData} /> : <InvalidResetLink />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TokenPageErrorBoundary error={error} />;
}

function ResetPasswordForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  // Passwords are never sent back: both fields start empty after a failed attempt.
  const form = useFormCheck(resetPasswordSchema, actionData?.errors);

  return (
    <AuthCard
      title="Reset Password"
      subtitle="Choose a new password for your account (8 to 20 characters)."
      footer={{ prompt: "Remember your password?", to: "/login", label: "Sign in" }}
    >
      <MutationForm {...form.props} className="space-y-5">
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        <p className="text-sm text-slate-600">
          A reset link works once, and only for a limited time (your email says how long). If this one no longer works,
          you will be asked to request a new one.
        </p>
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          autoFocus
          name="password"
          error={form.error("password")}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          name="confirmPassword"
          error={form.error("confirmPassword")}
        />
        <SubmitButton className={buttonClass("primary", "md", "w-full py-3")} pendingLabel="Resetting...">
          Reset Password
        </SubmitButton>
      </MutationForm>
    </AuthCard>
  );
}

function InvalidResetLink() {
  return (
    <AuthCard title="Invalid Reset Link">
      <AuthNotice
        icon="solid-exclamation-triangle"
        tone="error"
        actions={
          <ButtonLink to="/forgot-password" className="w-full py-3">
            Request New Reset Link
          </ButtonLink>
        }
      >
        {INVALID_LINK}
      </AuthNotice>
    </AuthCard>
  );
}

function PasswordChanged({ offer }: { offer: AppOffer }) {
  return (
    <AuthCard title="Password changed">
      <AuthNotice
        icon="solid-check-circle"
        tone="success"
        actions={
          <div className="space-y-5">
            <AppOfferActions offer={offer} />
            <p className="text-center text-sm text-slate-600">
              Administrator?{" "}
              <Link to="/login" className="font-semibold text-brand-700 hover:text-brand-800">
                Sign in to the Admin Dashboard
              </Link>
            </p>
          </div>
        }
      >
        {RESET_SUCCESS} Open the mobile app and sign in there.
      </AuthNotice>
    </AuthCard>
  );
}
