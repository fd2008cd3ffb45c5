import { redirect } from "react-router";

import type { Route } from "./+types/logout";
import { redirectWithSuccess } from "~/session/toast.server";
import { setCookieHeaders, signOutCookies } from "~/session/user.server";
import { signOut } from "~/upstream/auth.server";

/** Sign-out is a POST only: a GET (a prefetch, an image tag) must never sign anyone out. */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const headers = setCookieHeaders(await signOutCookies(request));
  try {
    await signOut(request);
  } catch {
    // Spec 4: a failed logout behaves like a successful one, without the toast.
    return redirect("/login", { headers });
  }
  return redirectWithSuccess(request, "/login", "Logged out successfully", { headers });
}
