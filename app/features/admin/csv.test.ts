import { describe, expect, it } from "vitest";
import { csvCell, usersCsv, usersCsvFileName } from "./csv";

describe("users CSV", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("Smith, Jane")).toBe('"Smith, Jane"');
    expect(csvCell('Jane "JJ" Smith')).toBe('"Jane ""JJ"" Smith"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("=1,2")).toBe('"\'=1,2"');
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("jane@example.com")).toBe("jane@example.com");
  });

  it("has the spec's columns, ISO dates and Never for a missing last login", () => {
    const text = usersCsv([
      {
        username: "jane",
        fullName: "Jane, Q",
        email: "jane@example.com",
        role: "mentor",
        status: "approved",
        createdAt: new Date("2026-01-02T03:04:05.000Z"),
        lastLoginAt: null,
      },
      {
        username: "bob",
        fullName: null,
        email: null,
        role: "user",
        status: "pending",
        createdAt: new Date("2026-02-03T00:00:00.000Z"),
        lastLoginAt: new Date("2026-02-04T10:00:00.000Z"),
      },
    ]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.slice(1).split("\r\n")).toEqual([
      "Username,Full Name,Email,Role,Status,Created At,Last Login",
      'jane,"Jane, Q",jane@example.com,mentor,approved,2026-01-02T03:04:05.000Z,Never',
      "bob,,,user,pending,2026-02-03T00:00:00.000Z,2026-02-04T10:00:00.000Z",
      "",
    ]);
  });

  it("names the file users-export-{date}.csv", () => {
    expect(usersCsvFileName(new Date("2026-03-04T23:59:00Z"))).toBe("users-export-2026-03-04.csv");
  });
});
