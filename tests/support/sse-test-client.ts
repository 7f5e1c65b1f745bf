/** Reads `event: notifications` messages from an event-stream response (tests). */
import type { BellState } from "~/features/notifications/notification-rules";

export function readEvents(response: Response, timeoutMs = 5_000) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    async next(): Promise<BellState> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split("\n");
          if (lines.includes("event: notifications")) {
            const data = lines.find((l) => l.startsWith("data: "))!.slice(6);
            return JSON.parse(data) as BellState;
          }
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no event in time");
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error("no event in time")), left),
          ),
        ]);
        if (chunk.done) throw new Error("stream ended");
        buffer += chunk.value;
      }
    },
  };
}
