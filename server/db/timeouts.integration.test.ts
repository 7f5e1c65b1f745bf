/**
 * Statement and lock timeouts reach every pooled session (docs/decisions/0061),
 * and what they cancel reads as "unavailable" (answered 503). PostgreSQL only:
 * the embedded database has one connection and no other session to wait for.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client";
import { unavailableKind } from "./errors";
import { migrateDatabase } from "./migrate";
import { databaseUrlOf } from "#tests/support/server-process";
import { testDatabaseForThisFile } from "#tests/support/test-database";

describe.skipIf(!process.env.TEST_DATABASE_URL)("database timeouts (PostgreSQL)", () => {
  const testDb = testDatabaseForThisFile({ resetBetweenTests: false });
  let bounded: DatabaseHandle;

  beforeAll(async () => {
    bounded = await openDatabase({
      url: await databaseUrlOf(testDb.db),
      poolSize: 2,
      applicationName: "timeouts-test",
      timeouts: { statementMs: 300, lockMs: 200, connectMs: 5_000 },
    });
  });

  afterAll(async () => {
    await bounded?.close();
  });

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it("cancels a statement that runs too long: a statement timeout", async () => {
    const error = await failure(bounded.db.execute(sql`SELECT pg_sleep(2)`));
    expect(unavailableKind(error)).toBe("statement-timeout");
  });

  it("stops waiting for a lock: a lock timeout", async () => {
    await testDb.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE site_settings IN ACCESS EXCLUSIVE MODE`);
      const error = await failure(bounded.db.execute(sql`SELECT * FROM site_settings`));
      expect(unavailableKind(error)).toBe("lock-timeout");
    });
    // The connection is fine afterwards.
    await expect(bounded.db.execute(sql`SELECT 1`)).resolves.toBeDefined();
  });

  it("migrations are not bounded (they may wait for another instance's)", async () => {
    await testDb.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(724061113)`);
      const migrating = migrateDatabase(bounded);
      await new Promise((r) => setTimeout(r, 600));
      // Still waiting for the lock, not failed by the 300 ms statement timeout.
      expect(
        await Promise.race([
          migrating.then(
            () => "done",
            () => "failed",
          ),
          Promise.resolve("waiting"),
        ]),
      ).toBe("waiting");
    });
    await migrateDatabase(bounded);
    await expect(bounded.db.execute(sql`SELECT pg_sleep(1)`)).rejects.toThrow();
  });
});
