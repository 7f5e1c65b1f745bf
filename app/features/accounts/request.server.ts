import type { RouterContextProvider } from "react-router";
import { requestContext } from "#server/http/request-context";

/** The client's address for rate limits (set by the Express server; TRUST_PROXY aware). */
export function clientIp(context: Readonly<RouterContextProvider>): string {
  try {
    return context.get(requestContext).ip || "unknown";
  } catch {
    return "unknown";
  }
}
