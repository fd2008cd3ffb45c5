import { createContext } from "react-router";

import { requestContext } from "~/lib/request-context.server";

/**
 * What the upstream client needs of the panel's session: the session layer is above this one, so
 * it hands these in through the router context (the root middleware, app/session/upstream-access.server.ts)
 * rather than being imported here.
 */
export interface PanelSession {
  /** Whether the panel refuses the upstream session `request` carries (decision 033). */
  isRevoked: (request: Request) => Promise<boolean>;
  /** The answer that signs the browser out and sends it to sign in: thrown on a 401 or a refused session. */
  redirectToLogin: (request: Request) => Promise<Response>;
}

/** Where the root middleware puts the panel session for the upstream client. */
export const panelSessionContext = createContext<PanelSession>();

/** The panel session of the request being served. */
export function panelSession(): PanelSession {
  const context = requestContext();
  if (!context)
    throw new Error("The upstream client was called outside a request (see app/lib/request-context.server.ts)");
  return context.get(panelSessionContext);
}
