import type { MiddlewareFunction } from "react-router";

import { isSessionRevoked } from "~/session/revoked-sessions.server";
import { redirectToLogin } from "~/session/user.server";
import { type PanelSession, panelSessionContext } from "~/upstream/panel-session.server";

/** The panel's session as the upstream client uses it: revocations, the sign-out. */
export const upstreamAccess: PanelSession = {
  isRevoked: isSessionRevoked,
  redirectToLogin,
};

/**
 * Root middleware: hands the upstream client the panel's session through the router context
 * (the upstream layer is below this one and imports nothing of it).
 */
export const provideSessionToUpstream: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(panelSessionContext, upstreamAccess);
  return next();
};
