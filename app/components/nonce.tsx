import { createContext, useContext } from "react";

const NonceContext = createContext("");

/** Provides the response's CSP nonce to the document during server rendering. */
export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response (empty in the browser, where scripts are already trusted). */
export function useNonce(): string {
  return useContext(NonceContext);
}
