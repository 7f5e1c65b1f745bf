import { createContext, useContext, type ReactNode } from "react";

// The CSP nonce of this response. The browser hides nonce attributes after
// parsing, so on the client the value is empty and that is fine.
const NonceContext = createContext("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce() {
  return useContext(NonceContext);
}

/**
 * The nonce for React Router's <Links>: this response's on the server; in the
 * hydrating browser the one the server gave the document's links, read from
 * the DOM (an element's `nonce` property keeps the value when the attribute is
 * hidden, and React compares with that property). So the client renders the
 * links with the same attribute (no hydration mismatch in development), and
 * links added by later navigations carry this document's nonce.
 */
export function useLinkNonce(): string | undefined {
  const nonce = useNonce();
  if (typeof document === "undefined") return nonce || undefined;
  return document.querySelector<HTMLElement>("link[nonce]")?.nonce || undefined;
}
