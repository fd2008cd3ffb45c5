import { createContext, useContext } from "react";

/**
 * The page's nonce in the browser, read from its first nonced script: the browser blanks nonce
 * attributes once parsed but keeps the `nonce` property, which is what React compares when it
 * hydrates. Elements rendered with it (React Router's <Links>) then match the server's HTML.
 */
function documentNonce(): string {
  return document.querySelector<HTMLElement>("script[nonce]")?.nonce ?? "";
}

const NonceContext = createContext(typeof document === "undefined" ? "" : documentNonce());

/** Provides the response's CSP nonce to the document during server rendering. */
export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response: the server's per request, the page's own in the browser. */
export function useNonce(): string {
  return useContext(NonceContext);
}
