import { createContext, RouterContextProvider } from "react-router";

/** Per-request facts the Express layer hands to React Router. */
export interface RequestFacts {
  /** CSP nonce for every inline and module script of this response. */
  nonce: string;
}

/** Context key under which loaders, actions and entry.server find the request facts. */
export const requestFactsContext = createContext<RequestFacts>({ nonce: "" });

/** Builds the router context for one request from what the Express layer computed. */
export function createRouterContext(facts: RequestFacts): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestFactsContext, facts);
  return context;
}
