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
