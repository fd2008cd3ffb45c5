import { redirect } from "react-router";

import type { Route } from "./+types/sidebar";
import { sidebarCookie } from "~/components/shell/sidebar-state";
import { submittedForm } from "~/forms/form-data.server";
import { isSecureRequest } from "~/session/request.server";
import { safeRedirect } from "~/session/safe-redirect";

/** Without JavaScript the sidebar toggle posts here: store the state, go back to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await submittedForm(request);
  const expanded = form.get("expanded") === "true";
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": sidebarCookie(expanded, isSecureRequest(request)) },
  });
}
