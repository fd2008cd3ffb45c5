import type { RouterContextProvider } from "react-router";

import { readForm } from "~/forms/form-data.server";
import { SecondFactorSettingsSchema } from "~/forms/second-factor";
import { failedSubmission, invalidSubmission, tooManyAttempts } from "~/recipe/failure.server";
import { reserveSignInAttempt } from "~/routes/auth/sign-in.server";
import { recordAuditEntry } from "~/audit/record.server";
import { ENROLMENT_PATH } from "~/session/second-factor.server";
import { secondFactors } from "~/session/second-factor-store.server";
import { replaceWithSuccess } from "~/session/toast.server";
import { requireUser, type SignedInUser } from "~/session/user.server";

const WRONG_CODE = "Invalid authentication code";

/** The answer to a wrong code: on the field, kept out of the echoed values. */
function wrongCode() {
  return failedSubmission(400, { errors: { code: { type: "invalid", message: WRONG_CODE } }, toasts: [WRONG_CODE] });
}

/**
 * The enrolment page's action (docs/product.md#second-factor), switched on `intent`: `confirm`
 * turns the second factor on with a code of the new key and answers the recovery codes (once, in
 * this answer only); `turn-off` turns it off with a code or a recovery code. A wrong code counts
 * against the sign-in limits, like one typed at sign-in, and each outcome is an audit entry.
 */
export async function secondFactorAction(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await requireUser(request);
  const form = await readForm(request, SecondFactorSettingsSchema);
  if (!form.ok) return invalidSubmission(form.errors, {});
  const email = user.email ?? user.userName;
  const reservation = await reserveSignInAttempt(context, request, email);
  if (reservation.wait !== null) return tooManyAttempts(reservation.wait);
  const { attempt } = reservation;
  const outcome =
    form.data.intent === "confirm" ? await turnOn(user, form.data.code) : await turnOff(request, user, form.data.code);
  await (outcome.ok ? attempt.succeeded() : attempt.failed());
  return outcome.answer;
}

// The recovery codes are the answer's data, on a page the panel never lets be cached (every page
// is `private, no-store`).
type Outcome = { ok: boolean; answer: Response | ReturnType<typeof wrongCode> | { recoveryCodes: string[] } };

async function turnOn(user: SignedInUser, code: string): Promise<Outcome> {
  const action = "turn-on-second-factor";
  const admin = user.email;
  const confirmed = await secondFactors().confirm(user.userId, code);
  if (!confirmed) {
    await recordAuditEntry({ admin, action, result: "failed", detail: "wrong authentication code" });
    return { ok: false, answer: wrongCode() };
  }
  await recordAuditEntry({ admin, action, result: "done" });
  return { ok: true, answer: { recoveryCodes: confirmed.recoveryCodes } };
}

async function turnOff(request: Request, user: SignedInUser, code: string): Promise<Outcome> {
  const action = "turn-off-second-factor";
  const admin = user.email;
  const accepted = await secondFactors().verify(user.userId, code);
  if (!accepted) {
    await recordAuditEntry({ admin, action, result: "failed", detail: "wrong authentication code" });
    return { ok: false, answer: wrongCode() };
  }
  if (accepted === "recovery-code")
    await recordAuditEntry({ admin, action: "use-recovery-code", result: "done", detail: "turning two-factor off" });
  await secondFactors().remove(user.userId);
  await recordAuditEntry({ admin, action, result: "done" });
  return {
    ok: true,
    answer: await replaceWithSuccess(request, ENROLMENT_PATH, "Two-factor authentication turned off"),
  };
}
