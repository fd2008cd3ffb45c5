import { redirect } from "react-router";

import type { Route } from "./+types/sidebar";
import { sidebarCookie } from "~/components/shell/sidebar-state";
import { submittedForm } from "~/forms/form-data.server";
import { secondsUntilAllowed } from "~/session/rate-limit.server";
import { isSecureRequest } from "~/lib/request-url";
import { safeRedirect } from "~/session/safe-redirect";

/** Without JavaScript the sidebar toggle posts here: store the state, go back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const wait = await secondsUntilAllowed(context, "sidebar");
  if (wait !== null) {
    return new Response(`Too many attempts. Please wait ${wait} seconds and try again.`, {
      status: 429,
      headers: { "Retry-After": String(wait), "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const form = await submittedForm(request);
  const expanded = form.get("expanded") === "true";
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": sidebarCookie(expanded, isSecureRequest(request)) },
  });
}
