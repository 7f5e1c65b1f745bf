/**
 * The Activity page and its CSV over HTTP (docs/product/administration.md#activity): every role but
 * admin refused; filters by admin, action and date (both ends included);
 * 50 a page with the filters kept; CSV of the same rows with formulas
 * neutralised; bad filters a 400 with a message.
 */
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "#server/db/schema";
import { NOT_ADMINS, roleJars, signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();
const { get, text } = site;

/** Audit rows as admins' actions would have written them. */
async function audit(
  rows: { who: string; action: string; label: string; at: string; actorId: string }[],
) {
  await site.testDb.db.insert(adminAuditLog).values(
    rows.map((r) => ({
      actorId: r.actorId,
      actorUsername: r.who,
      action: r.action,
      targetType: "post",
      targetLabel: r.label,
      createdAt: new Date(r.at),
    })),
  );
}

describe("activity page", () => {
  it("every role but admin goes to / from the page and the CSV", async () => {
    const jars = await roleJars(site, NOT_ADMINS);
    for (const [who, jar] of Object.entries(jars)) {
      for (const path of ["/admin/activity?action=post.delete", "/admin/activity.csv"]) {
        const res = await get(jar, path);
        expect([who, path, res.status, res.headers.get("location")]).toEqual([who, path, 302, "/"]);
      }
    }
  });

  it("filters by admin, action and date, pages 50 at a time, exports the same rows as CSV", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const actorId = admin.id;
    await audit([
      {
        who: "asha",
        action: "post.delete",
        label: "Old news",
        at: "2026-01-10T09:00:00Z",
        actorId,
      },
      {
        who: "asha",
        action: "post.feature",
        label: "Pricing",
        at: "2026-01-11T23:59:00Z",
        actorId,
      },
      {
        who: "ravi",
        action: "post.delete",
        label: "=HYPERLINK(1)",
        at: "2026-01-12T00:00:00Z",
        actorId,
      },
    ]);
    const page = (q: string) => get(admin.jar, `/admin/activity${q}`).then(text);

    const all = await page("");
    expect(all).toContain("Showing 1 to 3 of 3");
    expect(all).toMatch(/<th scope="col"[^>]*>When<\/th>/);
    expect(all).toContain("Deleted post");
    const byAdmin = await page("?admin=asha");
    expect(byAdmin).toContain("Showing 1 to 2 of 2");
    expect(byAdmin).not.toContain("=HYPERLINK(1)");
    const byAction = await page("?action=post.delete");
    expect(byAction).toContain("Showing 1 to 2 of 2");
    expect(byAction).not.toContain(">Pricing<");
    // Both ends of the range are whole days (UTC).
    const byDate = await page("?from=2026-01-11&to=2026-01-11");
    expect(byDate).toContain("Showing 1 to 1 of 1");
    expect(byDate).toContain(">Pricing<");
    const combined = await page("?admin=ravi&action=post.delete&from=2026-01-12&to=2026-01-12");
    expect(combined).toContain("Showing 1 to 1 of 1");
    expect(combined).toContain(
      'href="/admin/activity.csv?admin=ravi&amp;action=post.delete&amp;from=2026-01-12&amp;to=2026-01-12"',
    );

    const csv = await get(admin.jar, "/admin/activity.csv?action=post.delete");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="admin-activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await csv.arrayBuffer());
    // A UTF-8 byte order mark first, so spreadsheets read names right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe("When,Admin,Action,Target Type,Target,Target Id");
    expect(lines.slice(1, -1)).toEqual([
      "2026-01-12T00:00:00.000Z,ravi,Deleted post,post,'=HYPERLINK(1),",
      "2026-01-10T09:00:00.000Z,asha,Deleted post,post,Old news,",
    ]);

    await audit(
      Array.from({ length: 60 }, (_, i) => ({
        who: "mina",
        action: "user.approve",
        label: `member_${i}`,
        at: new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString(),
        actorId,
      })),
    );
    const first = await page("?admin=mina");
    expect(first).toContain("Showing 1 to 50 of 60");
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain('href="/admin/activity?admin=mina&amp;page=2"');
    const second = await page("?admin=mina&page=2");
    expect(second).toContain("Showing 51 to 60 of 60");
    expect(second).toContain(">member_9<");
  });

  it("bad filters answer 400 with a message, never a 500", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    for (const [q, message] of [
      ["?action=drop.tables", "Unknown filter"],
      ["?from=yesterday", "Dates must be written YYYY-MM-DD"],
      ["?from=2026-02-30", "Dates must be written YYYY-MM-DD"],
      ["?from=2026-03-02&to=2026-03-01", "The start date must not be after the end date"],
      ["?page=0", "Page must be a whole number from 1"],
    ] as const) {
      const res = await get(admin.jar, `/admin/activity${q}`);
      expect([q, res.status]).toEqual([q, 400]);
      expect(await text(res)).toContain(message);
      expect((await get(admin.jar, `/admin/activity.csv${q}`)).status).toBe(400);
    }
  });
});
