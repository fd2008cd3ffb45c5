import { redirect, replace } from "react-router";

import type { Route } from "./+types/two-factor";
import { SecondFactorCodeField } from "~/components/account/second-factor-code-field";
import { AuthCard } from "~/components/layout/auth-card";
import { buttonClass } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/form-actions";
import { readForm } from "~/forms/form-data.server";
import { SecondFactorSignInSchema } from "~/forms/second-factor";
import { failedSubmission, invalidSubmission, tooManyAttempts } from "~/recipe/failure.server";
import { MutationForm } from "~/recipe/mutation-form";
import { reserveSignInAttempt, signedIn } from "~/routes/auth/sign-in.server";
import { recordAuditEntry } from "~/audit/record.server";
import { keepRetryAfter } from "~/session/rate-limit.server";
import { safeRedirect } from "~/session/safe-redirect";
import { finishSignIn, forgetPendingSignIn, pendingSignIn } from "~/session/second-factor-sign-in.server";
import { secondFactors } from "~/session/second-factor-store.server";
import { getCurrentUser, setCookieHeaders, startSession } from "~/session/user.server";

/** Without a pending sign-in (expired, finished, or never) the page is the sign-in form again. */
async function requirePendingSignIn(request: Request) {
  const pending = await pendingSignIn(request);
  if (!pending) throw redirect("/login", { headers: setCookieHeaders([await forgetPendingSignIn(request)]) });
  return pending;
}

export async function loader({ request }: Route.LoaderArgs) {
  if (getCurrentUser(request).role) throw redirect("/");
  await requirePendingSignIn(request);
  return null;
}

/**
 * Sign-in's second form (docs/product.md#second-factor): the code of the admin whose password was
 * right. A wrong code counts against the same sign-in limits as a wrong password (decision 063),
 * counted before it is checked, and is an audit entry; a right one starts the session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const pending = await requirePendingSignIn(request);
  const form = await readForm(request, SecondFactorSignInSchema);
  if (!form.ok) return invalidSubmission(form.errors, {});
  const { email } = pending.user;
  const reservation = await reserveSignInAttempt(context, request, email);
  if (reservation.wait !== null) return tooManyAttempts(reservation.wait);
  const { attempt } = reservation;

  const accepted = await secondFactors().verify(String(pending.user.id), form.data.code);
  if (!accepted) {
    await attempt.failed();
    await recordAuditEntry({ admin: email, action: "sign-in", result: "failed", detail: "wrong authentication code" });
    const message = "Invalid authentication code";
    return failedSubmission(400, { errors: { code: { type: "invalid", message } }, toasts: [message] });
  }
  // Two right codes sent at once: the first finishes the sign-in, the other signs in again.
  if (!(await finishSignIn(pending.id))) throw redirect("/login");
  await attempt.succeeded();
  if (accepted === "recovery-code") {
    const left = await secondFactors().status(String(pending.user.id));
    await recordAuditEntry({
      admin: email,
      action: "use-recovery-code",
      result: "done",
      detail: `signing in; ${left.enrolled ? left.recoveryLeft : 0} recovery codes left`,
    });
  }
  const deviceCookie = await signedIn(
    request,
    email,
    accepted === "code" ? "with an authentication code" : "with a recovery code",
  );
  const userCookie = await startSession(request, context, pending.user);
  return replace(safeRedirect(pending.redirectTo ?? null), {
    headers: setCookieHeaders([
      ...pending.upstreamCookies,
      userCookie,
      deviceCookie,
      await forgetPendingSignIn(request),
    ]),
  });
}

export const headers = keepRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: "Two-factor authentication · Admin Dashboard" }];

export default function TwoFactorSignIn({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Two-factor authentication"
      subtitle="Enter the code from your authenticator app to finish signing in."
      footer={{ prompt: "Not you?", to: "/login", label: "Sign in with another account" }}
    >
      <MutationForm className="space-y-5">
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        <SecondFactorCodeField error={actionData?.errors?.code?.message} autoFocus />
        <SubmitButton className={buttonClass("primary", "md", "w-full")} pendingLabel="Verifying...">
          Verify
        </SubmitButton>
      </MutationForm>
    </AuthCard>
  );
}
