import type { Express } from "express";
import type { AddressInfo } from "node:net";

/** Serves an Express app on an ephemeral loopback port for a test. */
export async function listenOnLoopback(app: Express) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
