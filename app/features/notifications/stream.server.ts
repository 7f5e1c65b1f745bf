/**
 * The member's event stream (GET /api/notifications/stream): the bell's
 * state (unread count and the 5 latest unread) at once and after every
 * change, pushed through the process's one LISTEN (server/realtime); a
 * comment line every 25 s keeps proxies from closing it; it ends when the
 * browser goes away or the server shuts down, and when `stillAllowed` (asked
 * before every push and heartbeat) says no: a member blocked or signed out
 * elsewhere stops receiving at once, and EventSource's reconnect gets a 401.
 */
import { db, getDatabaseHandle } from "#server/db/client";
import { subscribeNotifications } from "#server/realtime/notification-hub";
import { bellState } from "./notifications.server";

export const HEARTBEAT_MS = 25_000;
/** Changes arriving together (a broadcast) are sent once. */
const SETTLE_MS = 30;

export function notificationStream(
  userId: string,
  signal: AbortSignal,
  onError: (error: unknown) => void,
  options: { stillAllowed?: () => Promise<boolean> } = {},
): Response {
  const allowed = async () => {
    if (!options.stillAllowed) return true;
    try {
      return await options.stillAllowed();
    } catch (error) {
      // Unknown (e.g. the database is briefly away): keep the stream; the next check decides.
      onError(error);
      return true;
    }
  };
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let sending = false;
      let again = false;
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const send = async () => {
        if (sending) {
          again = true;
          return;
        }
        sending = true;
        try {
          do {
            again = false;
            if (!(await allowed())) {
              close();
              return;
            }
            const state = await bellState(db(), userId);
            write(`event: notifications\ndata: ${JSON.stringify(state)}\n\n`);
          } while (again && !closed);
        } catch (error) {
          onError(error);
        } finally {
          sending = false;
        }
      };
      const schedule = () => {
        if (timer || closed) return;
        timer = setTimeout(() => {
          timer = undefined;
          void send();
        }, SETTLE_MS);
      };
      const heartbeat = setInterval(() => {
        void allowed().then((ok) => (ok ? write(": heartbeat\n\n") : close()));
      }, HEARTBEAT_MS);
      let unsubscribe = () => {};
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(timer);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      cleanup = close;
      signal.addEventListener("abort", close, { once: true });
      write("retry: 2000\n\n");
      try {
        unsubscribe = await subscribeNotifications(getDatabaseHandle(), userId, {
          onChange: schedule,
          // The server is shutting down: reconnect soon (spread over 1-3 s), to another instance.
          onClose: () => {
            write(`retry: ${1_000 + Math.floor(Math.random() * 2_000)}\n\n`);
            close();
          },
        });
      } catch (error) {
        onError(error);
        close();
        return;
      }
      if (signal.aborted) close();
      else await send();
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
