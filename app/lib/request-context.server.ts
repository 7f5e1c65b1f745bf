import type { Logger } from "pino";
import { createContext } from "react-router";

/** Per-request values the Express server hands to loaders, actions and the document. */
export type RequestContext = { nonce: string; requestId: string; log: Logger };

export const requestContext = createContext<RequestContext>();
