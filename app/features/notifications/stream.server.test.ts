import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database, DatabaseHandle } from "#server/db/client";
import { closeNotificationHub, openStreamCount } from "#server/realtime/notification-hub";
import { notificationStream } from "./stream.server";

/** A database handle whose LISTEN opens when the test says so. */
function slowListen() {
  let open: (unlisten: () => Promise<void>) => void = () => {};
  const handle = {
    listen: () =>
      new Promise<() => Promise<void>>((resolve) => {
        open = resolve;
      }),
  };
  return { handle: handle as unknown as DatabaseHandle, open: () => open(async () => {}) };
}

describe("notificationStream", () => {
  afterEach(async () => {
    await closeNotificationHub();
  });

  it("ends its subscription when the browser leaves while the LISTEN opens", async () => {
    const listen = slowListen();
    const leave = new AbortController();
    notificationStream(
      { db: {} as Database, listener: listen.handle },
      "member-1",
      leave.signal,
      () => {},
    );
    // The stream subscribed at once and waits for the LISTEN.
    expect(openStreamCount()).toBe(1);

    leave.abort();
    listen.open();

    await vi.waitFor(() => expect(openStreamCount()).toBe(0));
  });
});
