import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { noteDatabaseError } from "#server/db/errors";
import { NonceProvider } from "~/lib/nonce";
import { requestContext } from "#server/http/request-context";
import { reportError } from "#server/http/error-reporter";

export const streamTimeout = 5_000;

/**
 * Logs unexpected errors once, through the request's logger. Answers such as
 * 404 or 405 are expected and are already in the request log line.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A database that is unavailable makes this request's 5xx a 503 (server/http/unavailable.ts).
  noteDatabaseError(error);
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const log = context.get(requestContext).log;
  // The path only, and the error as server/logger.ts keeps it: no user text (docs/milestones.md#issue-13-security).
  const path = new URL(request.url).pathname;
  log.error({ err: error, path }, "route error");
  reportError(error, {
    method: request.method,
    path,
    requestId: context.get(requestContext).requestId,
  });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, log } = loadContext.get(requestContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary (a member's lazily loaded parts, decision 0107) is
        // written in place, never moved to the end of the page behind a script that needs
        // JavaScript to show it (React outlines boundaries past 12,800 bytes otherwise).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        // No loader streams deferred data, so every page is whole as soon as its lazy parts
        // have loaded: it is sent as one buffer (decision 0163). React writes a page in
        // dozens of chunks; each went through a stream bridge, a write and the compressor.
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(Buffer.concat(chunks), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error), { cause: error }));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by React Router.
          if (shellRendered) log.error({ err: error }, "streaming render error");
        },
      },
    );
  });
}
