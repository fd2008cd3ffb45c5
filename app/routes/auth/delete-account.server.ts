/**
 * The account deletion page's server half (docs/product.md#delete-account): which step shows,
 * and the action of both steps.
 */
import { type Cookie, data, redirect, type RouterContextProvider } from "react-router";
import * as z from "zod/mini";

import { tokenPageHeaderValues } from "~/components/account/token-page";
import { env } from "~/config/env.server";
import { signedCookie } from "~/lib/signed-cookie.server";
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
import { keyGuessSecondsUntilAllowed, rateLimit, tooManyAttempts } from "~/session/rate-limit.server";
import { isSecureRequest } from "~/lib/request-url";
import { redirectWithError, redirectWithSuccess } from "~/session/toast.server";
import { deleteAccount, generateDeletionKey } from "~/upstream/account.server";
import { isUpstreamError, UpstreamError } from "~/upstream/errors";

// Where the email of step 2 lives: a short-lived signed cookie, set when the key is sent.
// - Not the URL: it would end up in history, proxy logs and Referer headers.
// - Not only a hidden field: Post/Redirect/Get after generate-key means a reload (or a
//   visitor without JavaScript) lands on a GET of `?step=key`, which must still know the email.
// - Signed with SESSION_SECRET, HttpOnly, 15 minutes like the key itself; cleared on success.
// Its path is "/": with JavaScript the page's data requests go to `/delete-account.data`,
// which a cookie path of "/delete-account" would not match.
const PENDING_DELETION_MAX_AGE = 15 * 60;
// After the deletion the page returns to step 1 with cleared fields (spec 2.7), and the same
// cookie says what was deleted (`deleted`) for what is left of its 15 minutes: a notice above the
// form that outlasts the 5-second toast (a reload, a later look).
const EMAIL_STEP_URL = "/delete-account";
// Known and unknown emails get the same answers (decision 035): the page is no account oracle.
// The upstream's own texts would tell them apart ('User not found'), so the panel says these.
const KEY_SENT_MESSAGE = "If an account with that email exists, a security key has been sent to your email.";
const WRONG_KEY_MESSAGE = "Invalid security key";

let pendingDeletion: Cookie | undefined;

function pendingDeletionCookie() {
  pendingDeletion ??= signedCookie("account_deletion", env().SESSION_SECRET, { maxAge: PENDING_DELETION_MAX_AGE });
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

/**
 * Which step the page shows: the email (with the account this browser just deleted, if any) or the
 * key (with its pending email).
 */
export async function loadDeletionStep(request: Request) {
  if (new URL(request.url).searchParams.get("step") !== "key") {
    const remembered = await rememberedDeletion(request);
    return { step: "email" as const, deleted: remembered?.deleted ? remembered.email : undefined };
  }
  const email = await pendingEmail(request);
  // The key step without its email (expired, or a pasted link) starts over.
  if (!email) throw redirect(EMAIL_STEP_URL, { headers: tokenPageHeaderValues("same-origin") });
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
    await generateDeletionKey(request, email);
  } catch (error) {
    // An unknown email moves on to the key step just like a known one; its key then fails as a
    // wrong key does (deleteTheAccount).
    if (!isUnknownAccount(error)) return publicFailure(error, form.values, "Something went wrong");
  }
  return redirectWithSuccess(request, DELETION_KEY_STEP_URL, KEY_SENT_MESSAGE, {
    headers: { "Set-Cookie": await rememberEmail(request, email) },
  });
}

/**
 * A refused key (400 without field errors) and a key for an unknown email (404) as one answer:
 * the same status and text, whatever the upstream said.
 */
function asWrongKey(error: unknown): unknown {
  if (!isUpstreamError(error) || Object.keys(error.fieldErrors).length > 0) return error;
  if (error.status !== 400 && error.status !== 404) return error;
  return new UpstreamError(400, WRONG_KEY_MESSAGE, {}, "http", true);
}

/** The upstream's 404 for an email without an account (docs/demo-api.md: 'User not found'). */
function isUnknownAccount(error: unknown): boolean {
  return isUpstreamError(error) && error.status === 404;
}

async function deleteTheAccount(request: Request, formData: FormData) {
  const email = await pendingEmail(request);
  if (!email) {
    return redirectWithError(
      request,
      EMAIL_STEP_URL,
      "Your security key request has expired. Please request a new key.",
    );
  }
  const form = parseForm(formData, DeleteAccountKeySchema);
  if (!form.ok) return invalidSubmission(form.errors, form.values);
  // Guesses count per account from every address together, before the upstream hears of them.
  const wait = await keyGuessSecondsUntilAllowed(email);
  if (wait !== null) return tooManyAttempts(wait, form.values);

  try {
    const { data: answer } = await deleteAccount(request, { email, securityKey: form.data.securityKey });
    // Step 1 with cleared fields and the server's message (docs/product.md#delete-account).
    return redirectWithSuccess(request, EMAIL_STEP_URL, answer.message, {
      headers: { "Set-Cookie": await rememberEmail(request, email, true) },
    });
  } catch (error) {
    // A wrong key comes back in its field (selected, with JavaScript) so a typo can be corrected.
    return publicFailure(asWrongKey(error), form.values, "Something went wrong", {
      securityKey: form.data.securityKey,
    });
  }
}
