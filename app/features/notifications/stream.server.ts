/**
 * The member's event stream (GET /api/notifications/stream): the bell's
 * state (unread count and the 5 latest unread) at once and after every
 * change, pushed through the process's one LISTEN (server/realtime); a
 * comment line every 25 s keeps proxies from closing it; it ends when the
 * browser goes away or the server shuts down, and when `stillAllowed` (asked
 * before every push and heartbeat) says no: a member blocked or signed out
 * elsewhere stops receiving at once, and EventSource's reconnect gets a 401.
 */
import { subscribeNotifications } from "#server/realtime/notification-hub";
import type { Services } from "#server/services";
import { bellState } from "./notifications.server";

export const HEARTBEAT_MS = 25_000;
/** Changes arriving together (a broadcast) are sent once. */
const SETTLE_MS = 30;

export function notificationStream(
  { db, listener }: Pick<Services, "db" | "listener">,
  userId: string,
  signal: AbortSignal,
  onError: (error: unknown) => void,
  options: { stillAllowed?: () => Promise<boolean> } = {},
): Response {
  const allowed = allowedCheck(options.stillAllowed, onError);
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const channel = bellChannel(controller, db, userId, allowed, onError);
      cleanup = channel.close;
      signal.addEventListener("abort", channel.close, { once: true });
      channel.write("retry: 2000\n\n");
      try {
        const unsubscribe = await subscribeNotifications(listener, userId, {
          onChange: channel.schedule,
          // The server is shutting down: reconnect soon (spread over 1-3 s), to another instance.
          onClose: () => {
            channel.write(`retry: ${1_000 + Math.floor(Math.random() * 2_000)}\n\n`);
            channel.close();
          },
        });
        // Closed while the subscription opened (the browser left, the server stopped):
        // close() ran with nothing to end, so end the subscription now.
        if (channel.isClosed()) {
          unsubscribe();
          return;
        }
        channel.unsubscribe = unsubscribe;
      } catch (error) {
        onError(error);
        channel.close();
        return;
      }
      if (signal.aborted) channel.close();
      else await channel.send();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "private, no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

/** `stillAllowed`, where an error counts as yes: the next check decides. */
function allowedCheck(
  stillAllowed: (() => Promise<boolean>) | undefined,
  onError: (error: unknown) => void,
): () => Promise<boolean> {
  return async () => {
    if (!stillAllowed) return true;
    try {
      return await stillAllowed();
    } catch (error) {
      // Unknown (e.g. the database is briefly away): keep the stream; the next check decides.
      onError(error);
      return true;
    }
  };
}

/**
 * One open stream: `write` a frame, `send` the bell's state (once for changes
 * that arrive while a send is under way), `schedule` a send after SETTLE_MS,
 * the heartbeat, and `close` (which ends the subscription set in
 * `unsubscribe`).
 */
function bellChannel(
  controller: ReadableStreamDefaultController<Uint8Array>,
  db: Services["db"],
  userId: string,
  allowed: () => Promise<boolean>,
  onError: (error: unknown) => void,
) {
  const encoder = new TextEncoder();
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;
  let again = false;
  const channel = {
    unsubscribe: () => {},
    isClosed: () => closed,
    write: (text: string) => {
      if (closed) return;
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        channel.close();
      }
    },
    send: async () => {
      if (sending) {
        again = true;
        return;
      }
      sending = true;
      try {
        do {
          again = false;
          if (!(await allowed())) {
            channel.close();
            return;
          }
          const state = await bellState(db, userId);
          channel.write(`event: notifications\ndata: ${JSON.stringify(state)}\n\n`);
        } while (again && !closed);
      } catch (error) {
        onError(error);
      } finally {
        sending = false;
      }
    },
    schedule: () => {
      if (timer || closed) return;
      timer = setTimeout(() => {
        timer = undefined;
        void channel.send();
      }, SETTLE_MS);
    },
    close: () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(timer);
      channel.unsubscribe();
      try {
        controller.close();
      } catch {
        // already closed
      }
    },
  };
  const heartbeat = setInterval(() => {
    void allowed().then((ok) => (ok ? channel.write(": heartbeat\n\n") : channel.close()));
  }, HEARTBEAT_MS);
  return channel;
}
