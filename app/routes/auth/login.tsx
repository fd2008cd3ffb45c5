import { Form, Link, redirect, replace } from "react-router";

import type { Route } from "./+types/login";
import { AuthCard, FormAlert } from "~/components/layout/auth-card";
import { SubmitButton } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-field";
import { LoginSchema } from "~/forms/auth";
import { failSubmission, invalidSubmission } from "~/forms/failure.server";
import { readForm } from "~/forms/form-data.server";
import { useFormCheck } from "~/forms/use-form-check";
import { safeRedirect } from "~/session/safe-redirect";
import { getCurrentUser, setCookieHeaders, storeUser } from "~/session/user.server";
import { signIn } from "~/upstream/auth.server";
import { isUpstreamError } from "~/upstream/errors";
import { keepRetryAfter, signInThrottle, tooManyAttempts } from "~/session/rate-limit.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (user.role) throw redirect("/");
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return { redirectTo: redirectTo ? safeRedirect(redirectTo) : undefined };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, LoginSchema);
  if (!form.ok) return invalidSubmission(form.errors, form.values);
  const { email, password, redirectTo } = form.data;
  // Only failures count, per account and address (decision 012): a refused attempt never reaches the upstream.
  const throttle = signInThrottle(context, email);
  const wait = await throttle.secondsUntilAllowed();
  if (wait !== null) return tooManyAttempts(wait, form.values);

  try {
    const { data: answer, setCookies } = await signIn(request, { email, password });
    await throttle.succeeded();
    const userCookie = await storeUser(request, answer.data.user);
    // replace(): the sign-in page does not stay in history (docs/product.md#sign-in).
    return replace(safeRedirect(redirectTo), { headers: setCookieHeaders([...setCookies, userCookie]) });
  } catch (error) {
    // A refusal (wrong password, not an admin) counts; an upstream that failed or was busy says
    // nothing about the password.
    if (isUpstreamError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
      await throttle.failed();
    }
    return failSubmission(error, form.values, "An error occurred during login");
  }
}

export const headers = keepRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: "Login · Admin Dashboard" }];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const typed = actionData?.values ?? {};
  const form = useFormCheck(LoginSchema, actionData?.errors);

  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Admin Dashboard"
      footer={{ prompt: "Don't have an account?", to: "/get-app", label: "Sign up" }}
    >
      <Form method="post" {...form.props} className="space-y-5">
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          name="email"
          defaultValue={String(typed.email ?? "")}
          error={form.error("email")}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          name="password"
          error={form.error("password")}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 hover:text-brand-800">
            Forgot your password
          </Link>
        </div>
        <SubmitButton className="w-full" pendingLabel="Signing in...">
          Login
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
