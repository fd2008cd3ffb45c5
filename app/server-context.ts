import { createContext, RouterContextProvider } from "react-router";

/** Per-request facts the Express layer hands to React Router. */
export interface RequestFacts {
  /** CSP nonce for every inline and module script of this response. */
  nonce: string;
  /** The client's address (the proxy's view when TRUST_PROXY says so), for rate limits. */
  clientIp: string;
}

/** Context key under which loaders, actions and entry.server find the request facts. */
export const requestFactsContext = createContext<RequestFacts>({ nonce: "", clientIp: "unknown" });

/** Builds the router context for one request from what the Express layer computed. */
export function createRouterContext(facts: RequestFacts): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestFactsContext, facts);
  return context;
}
