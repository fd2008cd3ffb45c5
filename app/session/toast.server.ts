import { createToastUtilsWithCustomSession, getToast } from "remix-toast";

import { env } from "~/config/env.server";
import { signedCookieSessionStorage } from "~/lib/signed-cookie.server";
import { isSecureRequest } from "~/lib/request-url";

type ToastUtils = ReturnType<typeof createToastUtilsWithCustomSession>;
type ToastStorage = ReturnType<typeof signedCookieSessionStorage>;

/** Name of the flash cookie that carries one toast across a redirect. */
export const TOAST_COOKIE = "toast";

// remix-toast's default storage is signed with a public secret and never Secure,
// so every toast goes through a storage of ours: signed with its own key (signedCookie),
// HttpOnly, SameSite=Lax, and Secure whenever the request came over HTTPS.
const storages = new Map<boolean, { storage: ToastStorage; utils: ToastUtils }>();

function toastsFor(request: Request) {
  const secure = isSecureRequest(request);
  let entry = storages.get(secure);
  if (!entry) {
    const storage = signedCookieSessionStorage(TOAST_COOKIE, env().SESSION_SECRET, { secure });
    entry = { storage, utils: createToastUtilsWithCustomSession(storage) };
    storages.set(secure, entry);
  }
  return entry;
}

const TOAST_COOKIE_SENT = new RegExp(`(?:^|;)\\s*${TOAST_COOKIE}=`);

/**
 * Reads (and clears) the pending toast of this request. Most requests carry none: they skip
 * verifying and re-signing an empty session, which remix-toast would do on every page.
 */
export async function readToast(request: Request): ReturnType<typeof getToast> {
  if (!TOAST_COOKIE_SENT.test(request.headers.get("cookie") ?? "")) return { toast: undefined, headers: new Headers() };
  return getToast(request, toastsFor(request).storage);
}

/** Redirects with a success toast. */
export function redirectWithSuccess(request: Request, to: string, message: string, init?: ResponseInit) {
  return toastsFor(request).utils.redirectWithSuccess(to, message, init);
}

/** Redirects with an error toast. */
export function redirectWithError(request: Request, to: string, message: string, init?: ResponseInit) {
  return toastsFor(request).utils.redirectWithError(to, message, init);
}

/**
 * The recipe's redirects: like redirectWith*, but with JavaScript the target replaces the
 * current history entry (the dialog's), so Back never returns to a confirmation already sent.
 */
export function replaceWithSuccess(request: Request, to: string, message: string, init?: ResponseInit) {
  return toastsFor(request).utils.replaceWithSuccess(to, message, init);
}

/** Like replaceWithSuccess, with an error toast. */
export function replaceWithError(request: Request, to: string, message: string, init?: ResponseInit) {
  return toastsFor(request).utils.replaceWithError(to, message, init);
}

/** Like replaceWithSuccess, with a warning toast (a change sent without an answer in time: it may have happened). */
export function replaceWithWarning(request: Request, to: string, message: string, init?: ResponseInit) {
  return toastsFor(request).utils.replaceWithWarning(to, message, init);
}

/** Like replaceWithSuccess, with an info toast (an action that no longer applied). */
export function replaceWithInfo(request: Request, to: string, message: string, init?: ResponseInit) {
  return toastsFor(request).utils.replaceWithInfo(to, message, init);
}
