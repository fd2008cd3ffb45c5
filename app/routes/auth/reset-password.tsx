import { ExclamationTriangleIcon } from "@heroicons/react/20/solid";
import { Form, redirect } from "react-router";

import type { Route } from "./+types/reset-password";
import { tokenPageHeaders, tokenPageMeta, TokenPageErrorBoundary } from "~/components/account/token-page";
import { AuthCard, AuthNotice, FormAlert } from "~/components/layout/auth-card";
import { ButtonLink, SubmitButton } from "~/components/ui/button";
import { PasswordField } from "~/components/ui/password-field";
import { ResetPasswordSchema } from "~/forms/account";
import { failSubmission, invalidSubmission } from "~/forms/failure.server";
import { readForm } from "~/forms/form-data.server";
import { useFormCheck } from "~/forms/use-form-check";
import { rateLimit } from "~/session/rate-limit.server";
import { redirectWithSuccess } from "~/session/toast.server";
import { resetPassword } from "~/upstream/auth.server";

// The token stays in the URL: the form posts back to the same address (React Router keeps the
// query in a form's default action), so it is never copied into the page as a field.
function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token")?.trim() ?? "";
}

export function loader({ request }: Route.LoaderArgs) {
  return { hasToken: tokenOf(request) !== "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Every post counts, with or without a token: guessing tokens is what the limit slows down.
  const limited = await rateLimit(context, "reset-password");
  if (limited) return limited;
  const token = tokenOf(request);
  if (!token) throw redirect("/reset-password");
  const form = await readForm(request, ResetPasswordSchema);
  if (!form.ok) return invalidSubmission(form.errors, form.values);

  try {
    await resetPassword(request, { token, password: form.data.password });
  } catch (error) {
    return failSubmission(error, form.values, "An error occurred while resetting password");
  }
  return redirectWithSuccess(
    request,
    "/login",
    "Password reset successfully! You can now login with your new password.",
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  tokenPageMeta(
    loaderData?.hasToken === false ? "Invalid Reset Link · Admin Dashboard" : "Reset Password · Admin Dashboard",
    "same-origin",
  );

export const headers = tokenPageHeaders("same-origin");

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.hasToken ? <ResetPasswordForm actionData={actionData} /> : <InvalidResetLink />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TokenPageErrorBoundary error={error} />;
}

function ResetPasswordForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  // Passwords are never sent back: both fields start empty after a failed attempt.
  const form = useFormCheck(ResetPasswordSchema, actionData?.errors);

  return (
    <AuthCard
      title="Reset Password"
      subtitle="Choose a new password for your account (8 to 20 characters)."
      footer={{ prompt: "Remember your password?", to: "/login", label: "Sign in" }}
    >
      <Form method="post" {...form.props} className="space-y-5">
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
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
        <SubmitButton className="w-full py-3" pendingLabel="Resetting...">
          Reset Password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

function InvalidResetLink() {
  return (
    <AuthCard title="Invalid Reset Link">
      <AuthNotice
        icon={ExclamationTriangleIcon}
        tone="error"
        actions={
          <ButtonLink to="/forgot-password" className="w-full py-3">
            Request New Reset Link
          </ButtonLink>
        }
      >
        The password reset link is invalid or has expired. Please request a new password reset.
      </AuthNotice>
    </AuthCard>
  );
}
