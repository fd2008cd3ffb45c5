/**
 * The account deletion page's server half (docs/product.md#delete-account): which step shows,
 * and what the action of both steps (delete-account.tsx) sends.
 */
import { type Cookie, redirect } from "react-router";
import * as z from "zod/mini";

import { tokenPageHeaderValues } from "~/components/account/token-page";
import { env } from "~/config/env.server";
import { signedCookie } from "~/lib/signed-cookie.server";
import { echoable } from "~/forms/form-data.server";
import { EMAIL_MAX } from "~/forms/fields";
import { refuseAttempt } from "~/recipe/failure.server";
import { keyGuessSecondsUntilAllowed } from "~/session/rate-limit.server";
import { isSecureRequest } from "~/lib/request-url";
import { redirectWithError } from "~/session/toast.server";
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
export const EMAIL_STEP_URL = "/delete-account";
// Known and unknown emails get the same answers (decision 035): the page is no account oracle.
// The upstream's own texts would tell them apart ('User not found'), so the panel says these.
export const KEY_SENT_MESSAGE = "If an account with that email exists, a security key has been sent to your email.";
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
export async function pendingEmail(request: Request): Promise<string | undefined> {
  const remembered = await rememberedDeletion(request);
  return remembered && !remembered.deleted ? remembered.email : undefined;
}

/** The cookie that remembers the deletion's email: waiting for its key, or `deleted`. */
export function rememberEmail(request: Request, email: string, deleted?: true): Promise<string> {
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

/** The fields this page has, as typed: what a refused attempt (429) hands back. */
export function typedOnDeletionPage(formData: FormData): Record<string, unknown> {
  return Object.fromEntries(["intent", "email"].map((name) => [name, echoable(formData.get(name) ?? "", EMAIL_MAX)]));
}

/**
 * Step 1: mails the security key. An unknown email moves on to the key step just like a known
 * one; its key then fails as a wrong key does (deleteWithKey).
 */
export async function sendSecurityKey(request: Request, email: string): Promise<void> {
  try {
    await generateDeletionKey(request, email);
  } catch (error) {
    if (!isUnknownAccount(error)) throw error;
  }
}

/** Step 2 for a deletion whose email is no longer remembered (15 minutes): start over. */
export function deletionExpired(request: Request) {
  return redirectWithError(request, EMAIL_STEP_URL, "Your security key request has expired. Please request a new key.");
}

/**
 * Step 2: deletes the account with the key; answers the server's message. Guesses count per
 * account from every address together, before the upstream hears of them. A refused key and a
 * key for an unknown email are one answer: the same status and text, whatever the upstream said.
 */
export async function deleteWithKey(request: Request, email: string, securityKey: string) {
  const wait = await keyGuessSecondsUntilAllowed(email);
  if (wait !== null) refuseAttempt(wait);
  try {
    const { data: answer } = await deleteAccount(request, { email, securityKey });
    return answer.message;
  } catch (error) {
    throw asWrongKey(error);
  }
}

/** A refused key (400 without field errors) and a key for an unknown email (404), as one error. */
function asWrongKey(error: unknown): unknown {
  if (!isUpstreamError(error) || Object.keys(error.fieldErrors).length > 0) return error;
  if (error.status !== 400 && error.status !== 404) return error;
  return new UpstreamError(400, WRONG_KEY_MESSAGE, {}, "http", true);
}

/** The upstream's 404 for an email without an account (docs/demo-api.md: 'User not found'). */
function isUnknownAccount(error: unknown): boolean {
  return isUpstreamError(error) && error.status === 404;
}
