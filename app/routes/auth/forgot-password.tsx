import { ArrowLeftIcon, EnvelopeIcon } from "@heroicons/react/20/solid";
import { Form, Link } from "react-router";

import type { Route } from "./+types/forgot-password";
import { AuthCard, AuthNotice, FormAlert } from "~/components/layout/auth-card";
import { ButtonLink, SubmitButton } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { ForgotPasswordSchema } from "~/forms/account";
import { failSubmission, invalidSubmission } from "~/forms/failure.server";
import { readForm } from "~/forms/form-data.server";
import { useFormCheck } from "~/forms/use-form-check";
import { redirectWithSuccess } from "~/session/toast.server";
import { requestPasswordReset } from "~/upstream/auth.server";
import { keepRetryAfter, rateLimit } from "~/session/rate-limit.server";

/** docs/product.md#forgot-password: the same text whether or not the account exists. */
const SENT_MESSAGE = "If an account with that email exists, a password reset link has been sent to your email.";

export function loader({ request }: Route.LoaderArgs) {
  // The confirmation view is a URL of its own (Post/Redirect/Get): a reload shows it again
  // without sending a second email, and the email never appears in the URL.
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, ForgotPasswordSchema);
  const limited = await rateLimit(context, "forgot-password", form.values);
  if (limited) return limited;
  if (!form.ok) return invalidSubmission(form.errors, form.values);

  try {
    await requestPasswordReset(request, form.data.email);
  } catch (error) {
    return failSubmission(error, form.values, "An error occurred while processing your request");
  }
  // The product's text (docs/product.md#forgot-password), not the upstream's message: a provider that answered differently for
  // unknown addresses must not reveal which emails have accounts.
  return redirectWithSuccess(request, "/forgot-password?sent=1", SENT_MESSAGE);
}

export const headers = keepRetryAfter;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.sent ? "Check Your Email · Admin Dashboard" : "Forgot Password · Admin Dashboard" },
];

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.sent ? <CheckYourEmail /> : <ForgotPasswordForm actionData={actionData} />;
}

function ForgotPasswordForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const typed = actionData?.values ?? {};
  const form = useFormCheck(ForgotPasswordSchema, actionData?.errors);

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the email address of your account and we will send you a link to reset your password."
      footer={{ prompt: "Remember your password?", to: "/login", label: "Sign in" }}
    >
      <Link
        to="/login"
        className="-mt-2 mb-4 inline-flex items-center gap-1.5 rounded-md py-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Back
      </Link>
      <Form method="post" {...form.props} className="space-y-5">
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        <TextField
          label="Email Address"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          autoFocus
          name="email"
          defaultValue={String(typed.email ?? "")}
          error={form.error("email")}
        />
        <SubmitButton className="w-full py-3" pendingLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

function CheckYourEmail() {
  return (
    <AuthCard title="Check Your Email">
      <AuthNotice
        icon={EnvelopeIcon}
        tone="success"
        actions={
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/forgot-password" variant="secondary" className="flex-1 py-3">
              Try Again
            </ButtonLink>
            <ButtonLink to="/login" className="flex-1 py-3">
              Back to Login
            </ButtonLink>
          </div>
        }
      >
        {SENT_MESSAGE}
      </AuthNotice>
    </AuthCard>
  );
}
