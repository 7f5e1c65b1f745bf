import { describe, expect, it, vi } from "vitest";
import { createErrorReporter, type ErrorReport } from "./error-reporter";

function fakeFetch(status = 204) {
  const sent: ErrorReport[] = [];
  const fn = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
    sent.push(JSON.parse(init?.body as string) as ErrorReport);
    return Promise.resolve(new Response(null, { status }));
  });
  return { sent, fn: fn as unknown as typeof fetch };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("the error webhook", () => {
  it("posts the error as the log keeps it, with the request's path", async () => {
    const { sent, fn } = fakeFetch();
    const report = createErrorReporter({
      url: "https://errors.example/hook",
      siteUrl: "https://site.example",
      appVersion: "1.2.3",
      log: { warn() {} },
      fetch: fn,
    });
    const error = Object.assign(new Error("boom\nsecond line with user text"), {
      code: "23505",
      query: "SELECT secret",
    });
    report(error, { method: "GET", path: "/post/x", requestId: "r1" });
    await flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      site: "https://site.example",
      app: "1.2.3",
      request: { method: "GET", path: "/post/x", requestId: "r1" },
      dropped: 0,
    });
    expect(JSON.stringify(sent[0])).not.toContain("SELECT secret");
    expect(JSON.stringify(sent[0])).not.toContain("user text");
  });

  it("sends at most the limit a minute and says how many it dropped", async () => {
    const { sent, fn } = fakeFetch();
    const warn = vi.fn();
    const report = createErrorReporter({
      url: "https://errors.example/hook",
      siteUrl: "https://site.example",
      appVersion: "1",
      log: { warn },
      fetch: fn,
      limit: 3,
    });
    for (let i = 0; i < 10; i += 1) report(new Error(`e${i}`));
    await flush();
    expect(sent).toHaveLength(3);
  });

  it("warns once when the tracker fails, and counts what was lost", async () => {
    const { sent, fn } = fakeFetch(500);
    const warn = vi.fn();
    const report = createErrorReporter({
      url: "https://errors.example/hook",
      siteUrl: "https://site.example",
      appVersion: "1",
      log: { warn },
      fetch: fn,
    });
    report(new Error("one"));
    await flush();
    report(new Error("two"));
    await flush();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(sent[1]!.dropped).toBe(1);
  });
});
