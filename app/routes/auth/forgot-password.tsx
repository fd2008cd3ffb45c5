import { Link } from "~/components/ui/link";
import * as z from "zod/mini";

import type { Route } from "./+types/forgot-password";
import { AuthCard, AuthNotice } from "~/components/layout/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { buttonClass, ButtonLink } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/form-actions";
import { TextField } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { ForgotPasswordSchema } from "~/forms/account";
import { parseForm } from "~/forms/form-data.server";
import { useFormCheck } from "~/forms/use-form-check";
import { forgotPasswordSchema } from "~/forms/schema-loaders.client";
import { pageMemory } from "~/routes/auth/page-memory.server";
import { requestPasswordReset } from "~/upstream/auth.server";
import { keepRetryAfter, secondsUntilAllowed } from "~/session/rate-limit.server";
import { MutationForm } from "~/recipe/mutation-form";
import { runOnce } from "~/recipe/submission.server";
import { saveForm } from "~/recipe/save-form.server";
import { tooManyAttempts } from "~/recipe/failure.server";

/** docs/product.md#forgot-password: the same text whether or not the account exists. */
const SENT_MESSAGE = "If an account with that email exists, a password reset link has been sent to your email.";

// The address a link was last requested for, in a signed HttpOnly cookie for 15 minutes (the
// URL would put it in history and logs): 'Check Your Email' names it, and Try Again brings the
// form back filled in with it, so a typo is easy to spot and fix.
const requestedFor = pageMemory("password_reset_request", 15 * 60, z.object({ email: z.string() }));

export async function loader({ request }: Route.LoaderArgs) {
  // The confirmation view is a URL of its own (Post/Redirect/Get): a reload shows it again
  // without sending a second email, and the email never appears in the URL.
  const email = (await requestedFor.read(request))?.email;
  return { sent: new URL(request.url).searchParams.get("sent") === "1", email };
}

/** Send Reset Link (docs/product.md#forgot-password); every post counts against the address's limit. */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form }) => {
    const wait = await secondsUntilAllowed(context, "forgot-password");
    if (wait !== null) return tooManyAttempts(wait, parseForm(form, ForgotPasswordSchema).values);
    return saveForm(request, form, {
      schema: ForgotPasswordSchema,
      send: async ({ email }) => {
        await requestPasswordReset(request, email);
      },
      to: "/forgot-password?sent=1",
      // The product's text, not the upstream's message: a provider that answered differently for
      // unknown addresses must not reveal which emails have accounts.
      done: SENT_MESSAGE,
      headers: async ({ email }) => ({ "Set-Cookie": await requestedFor.remember(request, { email }) }),
      failed: "An error occurred while processing your request",
      failure: { publicPage: true },
    });
  });
}

export const headers = keepRetryAfter;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.sent ? "Check Your Email · Admin Dashboard" : "Forgot Password · Admin Dashboard" },
];

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.sent ? (
    <CheckYourEmail email={loaderData.email} />
  ) : (
    <ForgotPasswordForm actionData={actionData} lastEmail={loaderData.email} />
  );
}

function ForgotPasswordForm({
  actionData,
  lastEmail,
}: {
  actionData: Route.ComponentProps["actionData"];
  lastEmail: string | undefined;
}) {
  const typed = actionData?.values ?? { email: lastEmail };
  const form = useFormCheck(forgotPasswordSchema, actionData?.errors);

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
        <Icon name="solid-arrow-left" className="size-4" />
        Back
      </Link>
      <MutationForm {...form.props} className="space-y-5">
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
        <SubmitButton className={buttonClass("primary", "md", "w-full py-3")} pendingLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </MutationForm>
    </AuthCard>
  );
}

function CheckYourEmail({ email }: { email: string | undefined }) {
  return (
    <AuthCard title="Check Your Email">
      <AuthNotice
        icon="solid-envelope"
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
        {email ? (
          <span className="mt-2 block">
            The address you entered: <span className="font-semibold break-all">{email}</span>
          </span>
        ) : null}
      </AuthNotice>
    </AuthCard>
  );
}
