/**
 * The account deletion page's server half (docs/product.md#delete-account): which step shows,
 * and the action of both steps.
 */
import { createCookie, data, redirect, type RouterContextProvider } from "react-router";
import * as z from "zod/mini";

import { tokenPageHeaderValues } from "~/components/account/token-page";
import { env } from "~/config/env.server";
import {
  DeleteAccountEmailSchema,
  DeleteAccountIntentSchema,
  DeleteAccountKeySchema,
  INVALID_EMAIL_MESSAGE,
} from "~/forms/account";
import { DELETION_KEY_STEP_URL } from "~/forms/account-steps";
import { errorToast, type FailedSubmission, invalidSubmission } from "~/forms/failure.server";
import { echoable, parseForm, submittedForm } from "~/forms/form-data.server";
import { EMAIL_MAX } from "~/forms/fields";
import { actionOnce } from "~/recipe/once.server";
import { publicFailure } from "~/routes/auth/public-failure.server";
import { rateLimit } from "~/session/rate-limit.server";
import { isSecureRequest } from "~/session/request.server";
import { redirectWithError, redirectWithSuccess } from "~/session/toast.server";
import { deleteAccount, generateDeletionKey } from "~/upstream/account.server";

// Where the email of step 2 lives: a short-lived signed cookie, set when the key is sent.
// - Not the URL: it would end up in history, proxy logs and Referer headers.
// - Not only a hidden field: Post/Redirect/Get after generate-key means a reload (or a
//   visitor without JavaScript) lands on a GET of `?step=key`, which must still know the email.
// - Signed with SESSION_SECRET, HttpOnly, 15 minutes like the key itself; cleared on success.
// Its path is "/": with JavaScript the page's data requests go to `/delete-account.data`,
// which a cookie path of "/delete-account" would not match.
const PENDING_DELETION_MAX_AGE = 15 * 60;
// After the deletion the same cookie says so (`deleted`) for what is left of its 15 minutes: the
// confirmation at ?step=done lasts (a reload, a later look) instead of a 5-second toast.
const DONE_STEP_URL = "/delete-account?step=done";

let pendingDeletion: ReturnType<typeof createCookie> | undefined;

function pendingDeletionCookie() {
  pendingDeletion ??= createCookie("account_deletion", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: PENDING_DELETION_MAX_AGE,
    secrets: [env().SESSION_SECRET],
  });
  return pendingDeletion;
}

const PendingDeletionSchema = z.object({
  email: z.string().check(z.minLength(1)),
  deleted: z.optional(z.literal(true)),
});

async function rememberedDeletion(request: Request) {
  const value: unknown = await pendingDeletionCookie().parse(request.headers.get("cookie"));
  const parsed = z.safeParse(PendingDeletionSchema, value);
  return parsed.success ? parsed.data : undefined;
}

/** The email of a deletion waiting for its key (not one already done). */
async function pendingEmail(request: Request): Promise<string | undefined> {
  const remembered = await rememberedDeletion(request);
  return remembered && !remembered.deleted ? remembered.email : undefined;
}

function rememberEmail(request: Request, email: string, deleted?: true): Promise<string> {
  return pendingDeletionCookie().serialize(deleted ? { email, deleted } : { email }, {
    secure: isSecureRequest(request),
  });
}

/** Which step the page shows: the email, the key (with its pending email) or the lasting confirmation. */
export async function loadDeletionStep(request: Request) {
  const step = new URL(request.url).searchParams.get("step");
  if (step === "done") {
    const remembered = await rememberedDeletion(request);
    if (remembered?.deleted) return { step: "done" as const, email: remembered.email };
    throw redirect("/delete-account", { headers: tokenPageHeaderValues("same-origin") });
  }
  if (step !== "key") return { step: "email" as const };
  const email = await pendingEmail(request);
  // The key step without its email (expired, or a pasted link) starts over.
  if (!email) throw redirect("/delete-account", { headers: tokenPageHeaderValues("same-origin") });
  return { step: "key" as const, email };
}

/** The two steps' one action: send the security key, or delete the account with it. Both count against the rate limit. */
export const deleteAccountAction = actionOnce(async function deleteAccountAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  // Both steps count: the key step too, so a 6-digit key cannot be guessed by brute force.
  const formData = await submittedForm(request);
  // Only the fields this page has go back to it.
  const typed = Object.fromEntries(
    ["intent", "email"].map((name) => [name, echoable(formData.get(name) ?? "", EMAIL_MAX)]),
  );
  const limited = await rateLimit(context, "account-deletion", typed);
  if (limited) return limited;
  const intent = z.safeParse(DeleteAccountIntentSchema, formData.get("intent"));
  if (!intent.success) throw data({ message: "Unknown intent" }, { status: 400 });
  return intent.data === "generate-key" ? sendSecurityKey(request, formData) : deleteTheAccount(request, formData);
});

async function sendSecurityKey(request: Request, formData: FormData) {
  const form = parseForm(formData, DeleteAccountEmailSchema);
  if (!form.ok) {
    // docs/product.md#delete-account: 'Invalid Email' inline and as a toast.
    const body: FailedSubmission = {
      errors: form.errors,
      values: form.values,
      toast: errorToast(form.errors.email?.message ?? INVALID_EMAIL_MESSAGE),
    };
    return data(body, { status: 400 });
  }

  const { email } = form.data;
  try {
    const { data: answer } = await generateDeletionKey(request, email);
    return redirectWithSuccess(request, DELETION_KEY_STEP_URL, answer.message, {
      headers: { "Set-Cookie": await rememberEmail(request, email) },
    });
  } catch (error) {
    return publicFailure(error, form.values, "Something went wrong");
  }
}

async function deleteTheAccount(request: Request, formData: FormData) {
  const email = await pendingEmail(request);
  if (!email) {
    return redirectWithError(
      request,
      "/delete-account",
      "Your security key request has expired. Please request a new key.",
    );
  }
  const form = parseForm(formData, DeleteAccountKeySchema);
  if (!form.ok) return invalidSubmission(form.errors, form.values);

  try {
    const { data: answer } = await deleteAccount(request, { email, securityKey: form.data.securityKey });
    // A lasting confirmation; its "Delete another account" is the email step with cleared fields
    // (docs/product.md#delete-account).
    return redirectWithSuccess(request, DONE_STEP_URL, answer.message, {
      headers: { "Set-Cookie": await rememberEmail(request, email, true) },
    });
  } catch (error) {
    // A wrong key comes back in its field (selected, with JavaScript) so a typo can be corrected.
    return publicFailure(error, form.values, "Something went wrong", { securityKey: form.data.securityKey });
  }
}
