/**
 * A broadcast to 10,000 members (docs/milestones.md#issue-7-administration): every matching member gets exactly
 * one notification, nobody else does, the history has the recipient count,
 * and the notifications go in with ONE insert statement. The statements are
 * counted by the database itself: a statement-level trigger with a
 * transition table logs each INSERT into notifications and its row count
 * (no driver hook, no timing).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Actor } from "~/features/accounts/permissions";
import { createUser, queryRows } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { broadcastHistory, sendBroadcast } from "./broadcasts.server";

const MEMBERS = 10_000;

const t = testDatabaseForThisFile({ resetBetweenTests: false });

/** Members bulk-inserted with one statement per table: `count` of them with `status`. */
async function bulkMembers(prefix: string, count: number, status: string) {
  await t.db.execute(sql`
    INSERT INTO users (id, name, email, username, email_verified)
    SELECT ${prefix} || g, ${prefix} || g, ${prefix} || g || '@example.com', ${prefix} || g, true
    FROM generate_series(1, ${count}::int) g`);
  await t.db.execute(sql`
    INSERT INTO profiles (id, email, username, status)
    SELECT ${prefix} || g, ${prefix} || g || '@example.com', ${prefix} || g, ${status}::account_status
    FROM generate_series(1, ${count}::int) g`);
}

describe("a broadcast to 10,000 members", () => {
  it("reaches each approved member once, in one insert statement, with the count in the history", async () => {
    await bulkMembers("bulk_", MEMBERS, "approved");
    await bulkMembers("waiting_", 25, "pending");
    await bulkMembers("banned_", 25, "blocked");
    const boss = await createUser(t.db, { role: "admin", status: "approved" });
    const admin: Actor = { id: boss.id, role: "admin", status: "approved" };

    await t.db.execute(sql`CREATE TABLE insert_log (rows integer NOT NULL)`);
    await t.db.execute(sql`
      CREATE FUNCTION log_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO insert_log SELECT count(*) FROM inserted; RETURN NULL; END $$`);
    await t.db.execute(sql`
      CREATE TRIGGER log_insert AFTER INSERT ON notifications
      REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION log_insert()`);

    const result = await sendBroadcast(t.db, admin, {
      title: "Demo day",
      message: "Ten thousand founders, one evening",
      link: "/events",
      roleFilter: "all",
      statusFilter: "approved",
    });
    const expected = MEMBERS + 1; // the bulk members and the admin
    expect(result).toEqual({
      ok: true,
      count: expected,
      message: `Notification sent successfully to ${expected} users!`,
    });

    // One INSERT statement carried every row.
    expect(await queryRows(t.db, sql`SELECT rows FROM insert_log`)).toEqual([{ rows: expected }]);

    const [rows] = await queryRows<{ total: number; people: number; approved: number }>(
      t.db,
      sql`SELECT count(*)::int AS total,
                 count(DISTINCT n.user_id)::int AS people,
                 count(*) FILTER (WHERE p.status = 'approved')::int AS approved
          FROM notifications n JOIN profiles p ON p.id = n.user_id
          WHERE n.type = 'broadcast' AND n.title = 'Demo day'
            AND n.message = 'Ten thousand founders, one evening' AND n.link = '/events'
            AND NOT n.is_read`,
    );
    expect(rows).toEqual({ total: expected, people: expected, approved: expected });
    expect(
      await queryRows(
        t.db,
        sql`SELECT count(*)::int AS n FROM notifications
            WHERE user_id LIKE 'waiting_%' OR user_id LIKE 'banned_%'`,
      ),
    ).toEqual([{ n: 0 }]);

    const [latest] = await broadcastHistory(t.db, admin);
    expect(latest).toMatchObject({ title: "Demo day", recipientCount: expected });
  }, 120_000);
});
