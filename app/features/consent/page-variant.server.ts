/**
 * Anonymous pages differ only by the visitor's cookie-consent state: the
 * consent bar and the tracking scripts depend on it (spec 1 §2, §4). The
 * full-page cache keys anonymous HTML on this value, so every visitor gets
 * the page their consent state calls for.
 *
 * Contract: a short string, equal for every request that must see the same
 * HTML. The consent feature owns this function.
 */
import type { IncomingHttpHeaders } from "node:http";

export function pageCacheVariant(headers: IncomingHttpHeaders): string {
  void headers;
  return "";
}
