import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

const VALID_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** Keeps a well-formed X-Request-Id from the proxy, otherwise makes one; echoes it back. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && VALID_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", id);
  return id;
}
