import { describe, expect, it } from "vitest";
import { prettyLine } from "./log-format";

const at = new Date(2026, 10, 25, 9, 4, 5, 123).getTime();

describe("prettyLine", () => {
  it("a request: time, level, method, path, status and duration, then the request id", () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: "h",
      service: "founderbridge",
      req: { id: "abc123", method: "GET", url: "/login", ip: "127.0.0.1" },
      res: { statusCode: 200 },
      responseTime: 12,
      msg: "request completed",
    });
    expect(prettyLine(line)).toBe("09:04:05.123 INFO GET /login 200 12 ms reqId=abc123");
  });

  it("a message with fields, and an error's stack below it", () => {
    const line = JSON.stringify({
      level: 50,
      time: at,
      service: "founderbridge",
      msg: "route error",
      url: "http://x/a b",
      count: 3,
      err: { type: "Error", message: "boom", stack: "Error: boom\n    at here" },
    });
    expect(prettyLine(line)).toBe(
      '09:04:05.123 ERROR route error url="http://x/a b" count=3\n    Error: boom\n        at here',
    );
  });

  it("colours the level on a terminal; leaves a line that is not JSON as it was", () => {
    const line = JSON.stringify({ level: 40, time: at, msg: "slow" });
    expect(prettyLine(line, { colour: true })).toBe("09:04:05.123 \x1b[33mWARN\x1b[0m slow");
    expect(prettyLine("Demo content loaded.")).toBe("Demo content loaded.");
  });
});
