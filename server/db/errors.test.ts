import { describe, expect, it } from "vitest";
import {
  isDatabaseUnavailable,
  isUniqueViolation,
  messageOf,
  noteDatabaseError,
  unavailableCause,
  unavailableKind,
  withDatabaseNotes,
} from "./errors";

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("unavailableKind", () => {
  it("reads a lost connection, a restart, a timeout and a lock timeout", () => {
    expect(
      unavailableKind(pgError("57P01", "terminating connection due to administrator command")),
    ).toBe("connection");
    expect(unavailableKind(pgError("57P03"))).toBe("connection");
    expect(unavailableKind(pgError("08006"))).toBe("connection");
    expect(unavailableKind(pgError("ECONNREFUSED"))).toBe("connection");
    expect(unavailableKind(new Error("Connection terminated unexpectedly"))).toBe("connection");
    expect(
      unavailableKind(new Error("Client has encountered a connection error and is not queryable")),
    ).toBe("connection");
    expect(unavailableKind(new Error("timeout exceeded when trying to connect"))).toBe(
      "connection",
    );
    expect(unavailableKind(pgError("57014", "canceling statement due to statement timeout"))).toBe(
      "statement-timeout",
    );
    expect(unavailableKind(pgError("55P03", "canceling statement due to lock timeout"))).toBe(
      "lock-timeout",
    );
  });

  it("looks through wrappers (Drizzle's cause, an AggregateError's errors)", () => {
    const drizzle = new Error("Failed query: rollback", { cause: pgError("57P01") });
    expect(isDatabaseUnavailable(drizzle)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([pgError("ECONNREFUSED")]))).toBe(true);
  });

  it("leaves the request's own faults and bugs alone", () => {
    expect(isDatabaseUnavailable(pgError("23505", "duplicate key"))).toBe(false);
    expect(isDatabaseUnavailable(pgError("42P01", "relation does not exist"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
  });
});

describe("a request's notes", () => {
  it("keep the first unavailability the request met, and only in that request", async () => {
    const first = pgError("57P01");
    await withDatabaseNotes(async () => {
      noteDatabaseError(pgError("23505"));
      expect(unavailableCause()).toBeUndefined();
      await Promise.resolve();
      noteDatabaseError(first);
      noteDatabaseError(pgError("57014"));
      expect(unavailableCause()).toBe(first);
    });
    await withDatabaseNotes(() => Promise.resolve(expect(unavailableCause()).toBeUndefined()));
    expect(unavailableCause()).toBeUndefined();
  });
});

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
