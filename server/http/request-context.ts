import type { Logger } from "pino";
import { createContext } from "react-router";

/** Per-request values the Express server hands to loaders, actions and the document. */
export type RequestContext = {
  nonce: string;
  requestId: string;
  log: Logger;
  /** The client's address: X-Forwarded-For counts only with TRUST_PROXY. */
  ip: string;
  /**
   * The members' shared page is being rendered (decision 0154): the request's
   * auth cookies were taken off; the document renders the member's slots empty.
   */
  sharedMemberPage?: boolean;
};

export const requestContext = createContext<RequestContext>();
