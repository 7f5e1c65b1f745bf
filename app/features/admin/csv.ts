/**
 * The users export (docs/product/administration.md#export Export Users CSV): RFC 4180 quoting, and
 * cells that a spreadsheet would run as a formula (starting with = + - @, or
 * a tab or carriage return) neutralised with a leading apostrophe.
 */

export const USERS_CSV_HEADER = [
  "Username",
  "Full Name",
  "Email",
  "Role",
  "Status",
  "Created At",
  "Last Login",
] as const;

export type ExportedUser = {
  username: string;
  fullName: string | null;
  email: string | null;
  role: string;
  status: string;
  createdAt: Date;
  lastLoginAt: Date | null;
};

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly (string | null | undefined)[]): string {
  return cells.map(csvCell).join(",");
}

/** The whole file: a UTF-8 byte order mark (so spreadsheets read names right), CRLF lines. */
export function usersCsv(users: readonly ExportedUser[]): string {
  const lines = [csvRow(USERS_CSV_HEADER)];
  for (const u of users) {
    lines.push(
      csvRow([
        u.username,
        u.fullName,
        u.email,
        u.role,
        u.status,
        u.createdAt.toISOString(),
        u.lastLoginAt ? u.lastLoginAt.toISOString() : "Never",
      ]),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** users-export-{date}.csv, the date as YYYY-MM-DD (UTC). */
export function usersCsvFileName(now: Date = new Date()): string {
  return `users-export-${now.toISOString().slice(0, 10)}.csv`;
}
