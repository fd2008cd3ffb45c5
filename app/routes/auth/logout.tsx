import { redirect } from "react-router";

import type { Route } from "./+types/logout";
import { auditFailedLogout } from "~/session/audit.server";
import { secondsUntilAllowed } from "~/session/rate-limit.server";
import { redirectWithSuccess } from "~/session/toast.server";
import { getCurrentUser, setCookieHeaders, signOutCookies } from "~/session/user.server";
import { signOut } from "~/upstream/auth.server";

/** Sign-out is a POST only: a GET (a prefetch, an image tag) must never sign anyone out. */
export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const headers = setCookieHeaders(await signOutCookies(request));
  // Over the limit the browser is still signed out of the panel (a limit must never keep anyone
  // signed in), but the upstream is not called: what a failed logout does (docs/product.md#user-menu-and-sign-out).
  if ((await secondsUntilAllowed(context, "logout")) !== null) return redirect("/login", { headers });
  try {
    // The upstream client retries it once (see signOut): only the upstream can end its session.
    await signOut(request);
  } catch (error) {
    auditFailedLogout(getCurrentUser(request).email, error);
    // docs/product.md#user-menu-and-sign-out: a failed logout behaves like a successful one, without the toast.
    return redirect("/login", { headers });
  }
  return redirectWithSuccess(request, "/login", "Logged out successfully", { headers });
}
