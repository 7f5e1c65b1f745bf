import { describe, expect, it } from "vitest";
import { isUniqueViolation, messageOf } from "./errors";

const unique = Object.assign(
  new Error('duplicate key value violates unique constraint "posts_slug_key"'),
  {
    code: "23505",
    constraint: "posts_slug_key",
  },
);
const wrapped = new Error("Failed query: insert into posts … params: a,b", { cause: unique });

describe("isUniqueViolation", () => {
  it("reads the driver's error, bare or wrapped by Drizzle", () => {
    expect(isUniqueViolation(unique)).toBe(true);
    expect(isUniqueViolation(wrapped)).toBe(true);
  });

  it("names the constraint when asked", () => {
    expect(isUniqueViolation(wrapped, "posts_slug_key")).toBe(true);
    expect(isUniqueViolation(wrapped, "categories_slug_key")).toBe(false);
  });

  it("is false for other errors", () => {
    expect(isUniqueViolation(Object.assign(new Error("x"), { code: "23503" }))).toBe(false);
    expect(isUniqueViolation(new Error("x"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

describe("messageOf", () => {
  it("gives the innermost cause's message, never the query", () => {
    expect(messageOf(wrapped)).toBe(unique.message);
    expect(messageOf("nope")).toBe("Unknown error");
  });
});
