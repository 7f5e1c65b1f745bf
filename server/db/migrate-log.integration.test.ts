import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase } from "./client";
import { MIGRATIONS_DIR, migrateDatabase } from "./migrate";

it("logs each migration's name when it is applied, and none when there is nothing to apply", async () => {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string }[] };
  const handle = await openDatabase({});
  try {
    const lines: { details: object; message: string }[] = [];
    const log = { info: (details: object, message: string) => lines.push({ details, message }) };
    await migrateDatabase(handle, undefined, log);
    expect(lines.map((l) => l.details)).toEqual(journal.entries.map((e) => ({ migration: e.tag })));
    expect(lines[0]!.message).toBe(`migration applied: ${journal.entries[0]!.tag}`);
    lines.length = 0;
    await migrateDatabase(handle, undefined, log);
    expect(lines).toEqual([]);
  } finally {
    await handle.close();
  }
});
