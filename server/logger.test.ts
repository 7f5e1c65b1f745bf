import { describe, expect, it } from "vitest";
import { safeError } from "./logger";

describe("safeError", () => {
  it("keeps a database error's code and names, never its SQL, parameters or message", () => {
    const cause = Object.assign(
      new Error('invalid input syntax for type uuid: "secret typed text"'),
      {
        code: "22P02",
        routine: "string_to_uuid",
      },
    );
    const error = Object.assign(
      new Error(
        'Failed query: insert into "posts" ("title") values ($1)\nparams: secret typed text',
      ),
      { query: 'insert into "posts" ("title") values ($1)', params: ["secret typed text"], cause },
    );
    const logged = JSON.stringify(safeError(error));
    expect(logged).not.toContain("secret");
    expect(logged).not.toContain("insert into");
    expect(logged).toContain('"code":"22P02"');
    expect(logged).toContain("string_to_uuid");
  });

  it("keeps the first line of other errors' messages and the stack frames", () => {
    const out = safeError(new TypeError("x is not a function\nmore")) as Record<string, string>;
    expect(out.type).toBe("TypeError");
    expect(out.message).toBe("x is not a function");
    expect(out.stack).toMatch(/^\s+at /);
  });
});
