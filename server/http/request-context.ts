import type { Logger } from "pino";
import { createContext } from "react-router";

/** Per-request values the Express server hands to loaders, actions and the document. */
export type RequestContext = {
  nonce: string;
  requestId: string;
  log: Logger;
  /** The client's address: X-Forwarded-For counts only with TRUST_PROXY. */
  ip: string;
};

export const requestContext = createContext<RequestContext>();
