import { expect, test } from "./fixtures";

// POST /api/logs (server/http/client-logs.ts). Serial and in this order: the
// last test uses up this client's per-minute allowance.
test.describe.configure({ mode: "serial" });

const entry = (overrides: Record<string, unknown> = {}) => ({
  level: "error",
  message: "e2e: something broke",
  timestamp: new Date().toISOString(),
  context: { url: "/e2e" },
  ...overrides,
});

test("a valid entry is accepted with 204", async ({ request }) => {
  const response = await request.post("/api/logs", { data: entry() });
  expect(response.status()).toBe(204);
  expect(await response.text()).toBe("");
  const warn = await request.post("/api/logs", {
    data: entry({ level: "warn", context: undefined }),
  });
  expect(warn.status()).toBe(204);
});

test("an invalid entry is refused with 400", async ({ request }) => {
  for (const bad of [
    entry({ level: "info" }),
    entry({ message: "" }),
    entry({ timestamp: "yesterday" }),
    { level: "error" },
  ]) {
    const response = await request.post("/api/logs", { data: bad });
    expect(response.status(), JSON.stringify(bad)).toBe(400);
  }
  const notJson = await request.post("/api/logs", {
    headers: { "Content-Type": "application/json" },
    data: "{not json",
  });
  expect(notJson.status()).toBe(400);
});

test("an entry over 8 KB is refused with 413", async ({ request }) => {
  const response = await request.post("/api/logs", {
    data: entry({ context: { stack: "x".repeat(9 * 1024) } }),
  });
  expect(response.status()).toBe(413);
});

test("more than 30 entries a minute from one address are refused with 429", async ({ request }) => {
  const post = async (i: number) =>
    (await request.post("/api/logs", { data: entry({ message: `e2e ${i}` }) })).status();
  // Earlier tests (and pages that reported errors) used part of this minute's allowance,
  // so the refusal comes at the latest with the 31st entry.
  const statuses: number[] = [];
  for (let i = 0; i < 31 && !statuses.includes(429); i++) statuses.push(await post(i));
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.slice(0, -1).every((s) => s === 204)).toBe(true);
  // And it stays refused.
  expect(await post(99)).toBe(429);
});
