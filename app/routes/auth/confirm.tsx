import { data, redirect, redirectDocument } from "react-router";
import * as z from "zod/mini";

import type { Route } from "./+types/confirm";
import { SecondFactorCodeField } from "~/components/account/second-factor-code-field";
import { AuthCard } from "~/components/layout/auth-card";
import { buttonClass } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/form-actions";
import { Link } from "~/components/ui/link";
import { PasswordField } from "~/components/ui/password-field";
import { LoginSchema } from "~/forms/auth";
import { readForm, submittedForm } from "~/forms/form-data.server";
import { SecondFactorSignInSchema } from "~/forms/second-factor";
import { failedSubmission, failSubmission, invalidSubmission, tooManyAttempts } from "~/recipe/failure.server";
import { MutationForm } from "~/recipe/mutation-form";
import { reserveSignInAttempt } from "~/routes/auth/sign-in.server";
import { recordAuditEntry } from "~/audit/record.server";
import { keepRetryAfter } from "~/session/rate-limit.server";
import {
  heldSubmission,
  type HeldSubmission,
  noteReauthenticated,
  REAUTHENTICATION_MINUTES,
  reauthenticatedRecently,
  takeHeldSubmission,
} from "~/session/reauthentication.server";
import { RESUME_FIELD } from "~/session/reauthentication";
import { secondFactors } from "~/session/second-factor-store.server";
import { requireUser, type SignedInUser } from "~/session/user.server";
import { endSessionInBackground, signIn, signOut } from "~/upstream/auth.server";
import { UPSTREAM_SESSION_COOKIE } from "~/upstream/contract/auth";
import { sessionSetCookies, sessionTokenOf } from "~/upstream/session-cookie.server";
import { isUpstreamError } from "~/upstream/errors";

/** The password form of an admin with no second factor: the sign-in's own password field. */
const PasswordSchema = z.pick(LoginSchema, { password: true });

/** What the challenge asks of this admin: their second factor's code, else their password. */
async function asks(user: SignedInUser): Promise<"code" | "password"> {
  return (await secondFactors().status(user.userId)).enrolled ? "code" : "password";
}

/** The page when no submission waits under its key: expired, carried on already, or another session's. */
function gone() {
  return data({ state: "gone" as const }, { status: 410 });
}

/**
 * Carries on with the held submission (decision 080): a POST is sent again by the browser to its own
 * address with the same fields as this form (a 307 keeps them), `_resume` naming it, and the root
 * middleware swaps in what was held; a GET (an export) is taken now and opened again as a document.
 */
async function carryOn(request: Request, key: string, pending: HeldSubmission) {
  if (pending.method === "POST") return redirect(pending.path, 307);
  if (!(await takeHeldSubmission(request, key))) return gone();
  return redirectDocument(pending.path, 303);
}

/** What the page says it confirms when no submission waits: an admin confirming ahead of a series of them. */
const AHEAD = `Sensitive actions for the next ${REAUTHENTICATION_MINUTES} minutes`;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const key = new URL(request.url).searchParams.get("pending");
  // Without a pending submission: confirming ahead (a series of guarded actions, the test suites).
  const pending =
    key === null ? { label: AHEAD, back: "/", method: "POST" as const } : await heldSubmission(request, key);
  if (!pending) return gone();
  if (await reauthenticatedRecently(request)) {
    // Answered already (another tab, a double submit): a download opens, a post waits for Continue.
    if (key !== null && pending.method === "GET") {
      const answer = await carryOn(request, key, pending as HeldSubmission);
      if (answer instanceof Response) throw answer;
      return answer;
    }
    return { state: "ask" as const, key, label: pending.label, back: pending.back, ask: "nothing" as const };
  }
  return { state: "ask" as const, key, label: pending.label, back: pending.back, ask: await asks(user) };
}

/**
 * A password checked by the upstream opens a session there: it is ended at once (the panel keeps
 * its own), in the background if the upstream does not answer now.
 */
async function endCheckSession(setCookies: readonly string[]): Promise<void> {
  for (const line of sessionSetCookies(setCookies, UPSTREAM_SESSION_COOKIE)) {
    const cookie = line.split(";")[0]!.trim();
    const token = sessionTokenOf(cookie.slice(UPSTREAM_SESSION_COOKIE.length + 1));
    if (!token) continue;
    try {
      await signOut(new Request("http://panel.internal/logout", { headers: { cookie } }));
    } catch {
      endSessionInBackground(token);
    }
  }
}

/**
 * The challenge (docs/product.md#re-authentication): a second-factor code, a recovery code, or the
 * password of an admin with none. Each try counts against the sign-in limits before it is checked
 * (decision 063) and is an audit entry, passed or failed; a right one notes the time on the session
 * record and carries on with the held submission.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const sent = (await submittedForm(request)).get(RESUME_FIELD);
  const key = typeof sent === "string" ? sent : null;
  const pending = key === null ? undefined : await heldSubmission(request, key);
  if (key !== null && !pending) return gone();
  const label = pending?.label ?? AHEAD;
  // Carries on with the held submission, or, confirming ahead, goes to the dashboard.
  const proceed = () => (key !== null && pending ? carryOn(request, key, pending) : redirect("/", 303));
  // A second post of a form already answered (a double click) carries on without a code.
  if (await reauthenticatedRecently(request)) return proceed();

  const kind = await asks(user);
  const form =
    kind === "code" ? await readForm(request, SecondFactorSignInSchema) : await readForm(request, PasswordSchema);
  if (!form.ok) return invalidSubmission(form.errors, {});
  const reservation = await reserveSignInAttempt(context, request, user.email ?? "");
  if (reservation.wait !== null) return tooManyAttempts(reservation.wait);
  const { attempt } = reservation;
  const audit = (result: "done" | "failed", detail: string) =>
    recordAuditEntry({
      admin: user.email ?? "",
      action: "reauthenticate",
      result,
      detail: `${detail}: ${label}`,
    });

  let how: string;
  if (kind === "code") {
    const accepted = await secondFactors().verify(user.userId, (form.data as { code: string }).code);
    if (!accepted) {
      await attempt.failed();
      await audit("failed", "wrong authentication code");
      const message = "Invalid authentication code";
      return failedSubmission(400, { errors: { code: { type: "invalid", message } }, toasts: [message] });
    }
    if (accepted === "recovery-code") {
      const left = await secondFactors().status(user.userId);
      await recordAuditEntry({
        admin: user.email ?? "",
        action: "use-recovery-code",
        result: "done",
        detail: `re-authenticating; ${left.enrolled ? left.recoveryLeft : 0} recovery codes left`,
      });
    }
    how = accepted === "code" ? "with an authentication code" : "with a recovery code";
  } else {
    try {
      const { setCookies } = await signIn(request, {
        email: user.email ?? "",
        password: (form.data as { password: string }).password,
      });
      await endCheckSession(setCookies);
    } catch (error) {
      // A refusal is a wrong password; an upstream that failed says nothing about it (given back).
      const refused = isUpstreamError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
      if (!refused) {
        await attempt.release();
        return failSubmission(error, {}, "The password could not be checked. Please try again.");
      }
      await attempt.failed();
      await audit("failed", "wrong password");
      const message = "Incorrect password";
      return failedSubmission(400, { errors: { password: { type: "invalid", message } }, toasts: [message] });
    }
    how = "with the password";
  }
  await attempt.succeeded();
  await noteReauthenticated(request);
  await audit("done", how);
  return proceed();
}

export const headers = keepRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: "Confirm it's you · Admin Dashboard" }];

export default function ConfirmItsYou({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "gone" || (actionData && "state" in actionData)) {
    return (
      <AuthCard title="Confirm it's you">
        <FormAlert>This confirmation has expired or was already used. Nothing was sent.</FormAlert>
        <p className="mt-4 text-sm">
          <Link to="/" className="font-semibold text-brand-700 hover:text-brand-800">
            Back to the dashboard
          </Link>
        </p>
      </AuthCard>
    );
  }
  const { key, label, back, ask } = loaderData;
  const failure = actionData && !("state" in actionData) ? actionData : undefined;
  return (
    <AuthCard
      title="Confirm it's you"
      subtitle={
        ask === "nothing"
          ? "You have confirmed it's you. Continue to go on."
          : ask === "code"
            ? "This action needs a fresh confirmation. Enter the code from your authenticator app, or a recovery code."
            : "This action needs a fresh confirmation. Enter your password."
      }
    >
      <p className="reauth-action">
        <span className="text-slate-600">Action: </span>
        {label}
      </p>
      <MutationForm className="space-y-5">
        {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
        {key === null ? null : <input type="hidden" name={RESUME_FIELD} value={key} />}
        {ask === "code" ? <SecondFactorCodeField error={failure?.errors?.code?.message} autoFocus /> : null}
        {ask === "password" ? (
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            autoFocus
            error={failure?.errors?.password?.message}
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton className={buttonClass("primary", "md")} pendingLabel="Confirming...">
            {ask === "nothing" ? "Continue" : "Confirm"}
          </SubmitButton>
          <Link to={back} className={buttonClass("secondary", "md")}>
            Cancel
          </Link>
        </div>
      </MutationForm>
    </AuthCard>
  );
}
