import { redirect, replace } from "react-router";
import { Link } from "~/components/ui/link";

import type { Route } from "./+types/login";
import { AppOfferActions } from "~/components/account/app-links";
import type { AppOffer } from "~/components/account/app-offer";
import { AuthCard, AuthNotice } from "~/components/layout/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/form-actions";
import { TextField } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-field";
import { LoginSchema } from "~/forms/auth";
import { readForm } from "~/forms/form-data.server";
import { useFormCheck } from "~/forms/use-form-check";
import { MutationForm } from "~/recipe/mutation-form";
import { loginSchema } from "~/forms/schema-loaders.client";
import { appOfferOf } from "~/routes/auth/app-offer.server";
import {
  holdForSecondFactor,
  noteSignInFailure,
  reserveSignInAttempt,
  signedIn,
  signInFailure,
} from "~/routes/auth/sign-in.server";
import { requestFactsContext } from "~/server-context";
import { safeRedirect } from "~/session/safe-redirect";
import { SIGN_IN_CODE_PATH } from "~/session/second-factor-sign-in.server";
import { getCurrentUser, setCookieHeaders, startSession } from "~/session/user.server";
import { signIn } from "~/upstream/auth.server";
import { isUpstreamError } from "~/upstream/errors";
import { keepRetryAfter } from "~/session/rate-limit.server";
import { failedSubmission, failSubmission, invalidSubmission, tooManyAttempts } from "~/recipe/failure.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = getCurrentUser(request);
  if (user.role) throw redirect("/");
  const query = new URL(request.url).searchParams;
  const redirectTo = query.get("redirectTo");
  return {
    redirectTo: redirectTo ? safeRedirect(redirectTo) : undefined,
    // Set by redirectToLogin when the upstream ended a signed-in admin's session.
    expired: query.get("expired") === "1",
  };
}

/**
 * What a member (or any account the upstream refuses the panel) sees instead of the form; the
 * server's message is the error toast (docs/product.md#toasts-and-error-handling).
 */
interface NotForThisAccount {
  notForThisAccount: { offer: AppOffer };
}

/**
 * Sign-in (docs/product.md#sign-in). Not a mutation of the panel's data and not run once per key:
 * its answer carries the session's cookies, which the one-time store must never hold, and a
 * repeated sign-in only signs in again. Its failures answer like every form's (app/recipe/failure.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, LoginSchema);
  if (!form.ok) return invalidSubmission(form.errors, form.values);
  const { email, password, redirectTo } = form.data;
  // Only failures count, each counted before it is sent; this account's device cookie is judged on
  // its own (decision 035, 063). A refused attempt never reaches the upstream.
  const reservation = await reserveSignInAttempt(context, request, email);
  // A refused attempt writes no audit entry: the limits bound it, and anyone can send it.
  if (reservation.wait !== null) return tooManyAttempts(reservation.wait, form.values);
  const { attempt } = reservation;

  try {
    const { data: answer, setCookies } = await signIn(request, { email, password });
    // With a second factor the password alone starts no session: the code form comes next, and
    // the attempt counts neither way until the code is known (docs/product.md#second-factor).
    const pending = await holdForSecondFactor(request, {
      user: answer.data.user,
      redirectTo,
      upstreamCookies: setCookies,
    });
    if (pending !== null) {
      await attempt.release();
      return redirect(SIGN_IN_CODE_PATH, { headers: setCookieHeaders([pending]) });
    }
    await attempt.succeeded();
    const deviceCookie = await signedIn(request, email);
    const userCookie = await startSession(request, context, answer.data.user);
    // replace(): the sign-in page does not stay in history (docs/product.md#sign-in).
    return replace(safeRedirect(redirectTo), {
      headers: setCookieHeaders([...setCookies, userCookie, deviceCookie]),
    });
  } catch (error) {
    // A refusal (wrong password, not an admin) stays counted; an upstream that failed or was busy
    // says nothing about the password, and its attempt is given back.
    const refused = isUpstreamError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
    await (refused ? attempt.failed() : attempt.release());
    noteSignInFailure(context.get(requestFactsContext).clientIp, email, signInFailure(error));
    // Right credentials, refused access ('Access denied. Admins only.'): mostly a member who
    // followed a link here. A page that explains and leads to the app, and the server's words as
    // the error toast.
    if (isUpstreamError(error) && error.status === 403) {
      const extra: NotForThisAccount = { notForThisAccount: { offer: appOfferOf(request) } };
      return failedSubmission(403, { toasts: [error.messageOr("An error occurred during login")] }, { extra });
    }
    return failSubmission(error, form.values, "An error occurred during login", { publicPage: true });
  }
}

export const headers = keepRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: "Login · Admin Dashboard" }];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData && "notForThisAccount" in actionData) return <AdminsOnly {...actionData.notForThisAccount} />;
  return <LoginForm loaderData={loaderData} actionData={actionData} />;
}

function LoginForm({
  loaderData,
  actionData,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  actionData: Exclude<Route.ComponentProps["actionData"], NotForThisAccount>;
}) {
  const typed = actionData?.values ?? {};
  const form = useFormCheck(loginSchema, actionData?.errors);

  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Admin Dashboard"
      footer={{ prompt: "Don't have an account?", to: "/get-app", label: "Sign up", reloadDocument: true }}
    >
      <MutationForm {...form.props} className="space-y-5">
        {actionData?.formError ? (
          <FormAlert>{actionData.formError}</FormAlert>
        ) : loaderData.expired ? (
          <FormAlert tone="info">Your session has expired. Please sign in again.</FormAlert>
        ) : null}
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
        <SubmitButton className={buttonClass("primary", "md", "w-full")} pendingLabel="Signing in...">
          Login
        </SubmitButton>
      </MutationForm>
    </AuthCard>
  );
}

function AdminsOnly({ offer }: NotForThisAccount["notForThisAccount"]) {
  return (
    <AuthCard title="This panel is for administrators">
      <div className="space-y-5">
        <AuthNotice
          icon="solid-user-group"
          tone="info"
          actions={
            <div className="space-y-5">
              <AppOfferActions offer={offer} />
              <p className="text-center text-sm text-slate-600">
                Administrator?{" "}
                <Link to="/login" reloadDocument className="font-semibold text-brand-700 hover:text-brand-800">
                  Sign in with another account
                </Link>
              </p>
            </div>
          }
        >
          The Admin Dashboard is where administrators manage the community. Members use the mobile app: posts, invites
          and your account are all there.
        </AuthNotice>
      </div>
    </AuthCard>
  );
}
