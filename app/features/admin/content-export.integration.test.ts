/**
 * /admin/content.json (docs/milestones.md#issue-22-operate-it): admins download the site's content as
 * JSON; every other role goes to /; e-mail addresses only when asked for,
 * and the audit log records each export.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "#server/db/schema";
import { createPost, createUser } from "#tests/support/factories";
import { NOT_ADMINS, roleJars, signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();

describe("/admin/content.json", () => {
  it("sends every role but admin to /", async () => {
    const jars = await roleJars(site, NOT_ADMINS);
    for (const [who, jar] of Object.entries(jars)) {
      const res = await site.get(jar, "/admin/content.json?emails=1");
      expect([who, res.status, res.headers.get("location")]).toEqual([who, 302, "/"]);
    }
  });

  it("downloads posts with their HTML; e-mail addresses only with ?emails=1; audited", async () => {
    const author = await createUser(site.testDb.db, { role: "mentor" });
    await createPost(site.testDb.db, {
      authorId: author.id,
      slug: "exported",
      content: "<p>Kept as HTML</p>",
    });
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const res = await site.get(admin.jar, "/admin/content.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="founderbridge-content-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = await res.text();
    const content = JSON.parse(body) as {
      posts: { slug: string; html: string }[];
      members: unknown;
    };
    expect(content.posts).toEqual([
      expect.objectContaining({ slug: "exported", html: "<p>Kept as HTML</p>" }),
    ]);
    expect(content.members).toBeNull();
    expect(body).not.toContain(author.email);
    expect(body).not.toContain(admin.email);

    const withEmails = await (await site.get(admin.jar, "/admin/content.json?emails=1")).text();
    expect(withEmails).toContain(author.email);
    const audit = await site.testDb.db
      .select({ details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "content.export"));
    expect(audit.map((a) => a.details)).toEqual([
      { posts: 1, emails: false },
      { posts: 1, emails: true },
    ]);
  });
});
