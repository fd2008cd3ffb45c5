/**
 * Re-authentication in the recipe (decision 080, app/session/reauthentication.server.ts): the one
 * call an action makes where it knows it needs a fresh confirmation, and the root middleware that
 * carries a held submission on once its challenge is answered.
 */
import type { MiddlewareFunction } from "react-router";
import { redirect } from "react-router";

import { resumeSubmittedForm, submittedForm } from "~/forms/form-data.server";
import { RESUME_FIELD } from "~/session/reauthentication";
import {
  addressOf,
  CHALLENGE_PATH,
  challengeHref,
  heldSubmission,
  reauthenticatedRecently,
  REAUTHENTICATION_TEXTS,
  requireRecentReauthentication,
  takeHeldSubmission,
} from "~/session/reauthentication.server";
import { replaceWithInfo } from "~/session/toast.server";
import { requireUser } from "~/session/user.server";

/**
 * The one call that guards an action (decision 080): returns at once when this session answered a
 * challenge in the last 15 minutes; otherwise holds the submission (its form's text fields) and
 * throws the redirect to the challenge, which carries it on afterwards. Call it before the action's
 * first upstream change, inside runOnce (a thrown answer frees the one-time key for the carried-on
 * run). `label` names the action for the admin ("Ban 60 users"); `back` is where Cancel goes (by
 * default the form's own page).
 */
export async function requireReauthentication(request: Request, label: string, back?: string): Promise<void> {
  const fields = new URLSearchParams();
  if (request.method.toUpperCase() === "POST") {
    for (const [name, value] of await submittedForm(request)) {
      if (name !== RESUME_FIELD && typeof value === "string") fields.append(name, value);
    }
  }
  await requireRecentReauthentication(request, label, { back, fields });
}

/**
 * Root middleware: a POST that names a held submission (`_resume`, re-sent by the browser after the
 * challenge) runs as that submission, taken at most once. Without a recent re-authentication it goes
 * back to the challenge (the submission stays held); a submission gone (taken by a first re-send,
 * expired, another session's, another address's) runs nothing and says so.
 */
export const resumeHeldSubmission: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method.toUpperCase() !== "POST" || new URL(request.url).pathname.startsWith(CHALLENGE_PATH)) {
    return next();
  }
  const key = (await submittedForm(request)).get(RESUME_FIELD);
  if (typeof key !== "string") return next();
  await requireUser(request);
  const here = addressOf(request);
  const mine = await heldSubmission(request, key);
  if (!mine || mine.method !== "POST" || mine.path !== here) {
    throw await replaceWithInfo(request, mine?.back ?? here, REAUTHENTICATION_TEXTS.gone);
  }
  if (!(await reauthenticatedRecently(request))) throw redirect(challengeHref(key), 303);
  const taken = await takeHeldSubmission(request, key);
  if (!taken) throw await replaceWithInfo(request, mine.back, REAUTHENTICATION_TEXTS.gone);
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(taken.body)) form.append(name, value);
  resumeSubmittedForm(form);
  return next();
};
