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
   * The request asks for loader data only (a client navigation's `.data`),
   * not a document: what a document carries in its markup must be in the data.
   */
  dataRequest: boolean;
  /**
   * The members' shared page is being rendered (decision 0154): the request's
   * auth cookies were taken off; the document renders the member's slots empty.
   */
  sharedMemberPage?: boolean;
};

export const requestContext = createContext<RequestContext>();
