/**
 * The PostgreSQL pool keeps its slots (docs/milestones.md#issue-14-reliability): a transaction whose BEGIN
 * fails (as when its connection has just dropped) must not leave its client
 * checked out for good. Drizzle sends BEGIN before its try/finally, so the
 * client's guard releases it. PostgreSQL only (the embedded database has no pool).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client";
import { databaseUrlOf } from "#tests/support/server-process";
import { testDatabaseForThisFile } from "#tests/support/test-database";

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the pool after a failed BEGIN (PostgreSQL)",
  () => {
    const testDb = testDatabaseForThisFile({ resetBetweenTests: false });
    let handle: DatabaseHandle;

    beforeAll(async () => {
      handle = await openDatabase({
        url: await databaseUrlOf(testDb.db),
        poolSize: 1,
        applicationName: "pool-test",
        timeouts: { connectMs: 2_000 },
      });
    });

    afterAll(async () => {
      await handle?.close();
    });

    it("gives the client back: the next query gets the pool's only connection", async () => {
      for (let i = 0; i < 3; i++) {
        await expect(
          handle.db.transaction(async () => {}, {
            isolationLevel: "not a level" as "serializable",
          }),
        ).rejects.toThrow();
      }
      await expect(handle.db.execute(sql`SELECT 1 AS one`)).resolves.toMatchObject({
        rows: [{ one: 1 }],
      });
    });
  },
);
