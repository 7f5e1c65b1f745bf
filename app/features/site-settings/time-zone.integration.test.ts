/**
 * The site's time zone (docs/decisions/0144) over HTTP: the default,
 * Europe/London, on a post's page, in the feeds and in an e-mail sent to a
 * real SMTP server; an admin changes it in Site Settings and each of them
 * follows at once (the page cache's copy too); a zone that is not one is refused
 * beside its field and changes nothing; every other role is refused.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  notifications,
  profiles,
  SITE_SETTINGS_ID,
  siteSettings,
} from "#server/db/schema";
import { clearAllCaches } from "#server/cache/cache";
import { createLogger } from "#server/logger";
import { createMailer, type Mailer } from "#server/mail";
import { CookieJar, TEST_SECRET } from "#tests/support/http-app";
import { createPost, createUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink";
import { runMailJob, siteForEmail } from "~/features/email/jobs.server";
import { SITE_SETTINGS_MESSAGES } from "./settings-schema";

const site = siteOverHttpForThisFile({ pageCache: true });
const { get, post, text } = site;

/**
 * 20:00 UTC on the day London's clocks went forward: 21:00 BST, 29 March, in
 * London; 01:30 IST, 30 March, in Kolkata.
 */
const PUBLISHED = new Date("2026-03-29T20:00:00Z");

const FORM = {
  scripts_enabled: "on",
  cookie_consent_enabled: "on",
  require_consent_for_uk: "on",
  cookie_banner_message: "We use essential and analytics cookies.",
  cookie_policy_content: "<p>Our policy</p>",
};

let smtp: SmtpSink;
let mailer: Mailer;
let slug: string;
let reader: { id: string; email: string };

beforeAll(async () => {
  smtp = await startSmtpSink();
  mailer = createMailer({
    smtpUrl: smtp.url,
    from: "FounderBridge <no-reply@founderbridge.test>",
    dataDir: "/nonexistent",
    log: createLogger("silent"),
  });
});
// The tables are emptied between tests: each starts from the default zone with one post.
beforeEach(async () => {
  const author = await createUser(site.testDb.db, { role: "mentor", fullName: "Asha Rao" });
  slug = (
    await createPost(site.testDb.db, {
      authorId: author.id,
      slug: "late-evening-in-london",
      title: "Late evening in London",
      publishedAt: PUBLISHED,
    })
  ).slug;
  reader = await createUser(site.testDb.db);
});
afterAll(async () => {
  await smtp?.close();
});

async function zoneInDatabase() {
  const [row] = await site.testDb.db
    .select({ timeZone: siteSettings.timeZone })
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
  return row!.timeZone;
}

/** The byline's date on the post's page, as a visitor gets it (from the page cache when it has it). */
async function postPageDate(): Promise<string> {
  const res = await get(new CookieJar(), `/post/${slug}`);
  expect(res.status).toBe(200);
  const html = await text(res);
  const found = /<time dateTime="2026-03-29T20:00:00.000Z">([^<]+)<\/time>/.exec(html);
  expect(found, "the post's date on its page").not.toBeNull();
  return found![1]!;
}

async function feedDates() {
  const rss = await text(await get(new CookieJar(), "/rss.xml"));
  const item = rss.split("<item>").find((part) => part.includes(`/post/${slug}<`))!;
  const json = (await (await get(new CookieJar(), "/feed.json")).json()) as {
    items: { url: string; date_published: string }[];
  };
  return {
    pubDate: /<pubDate>([^<]+)<\/pubDate>/.exec(item)![1],
    published: json.items.find((i) => i.url.endsWith(`/post/${slug}`))!.date_published,
  };
}

/** A reply notification made at PUBLISHED, e-mailed through the mail job to the SMTP sink. */
async function emailedDateLine(): Promise<string> {
  const [n] = await site.testDb.db
    .insert(notifications)
    .values({
      userId: reader.id,
      type: "reply",
      title: "Asha replied to your comment",
      message: "Thanks, that helps.",
      link: `/post/${slug}`,
      createdAt: PUBLISHED,
    })
    .returning();
  const before = smtp.received.length;
  const db = site.testDb.db;
  await runMailJob(
    {
      db,
      mailer: () => mailer,
      site: () =>
        siteForEmail(db, {
          siteName: "FounderBridge",
          siteUrl: site.app.url,
          authSecret: TEST_SECRET,
        }),
    },
    site.app.jobs,
    { kind: "notification", notificationId: n!.id, userId: reader.id },
  );
  expect(smtp.received.length).toBe(before + 1);
  const mail = smtp.received.at(-1)!;
  expect(mail.to).toEqual([reader.email]);
  const line = /Replies · [^\r\n<]+/.exec(mail.text)?.[0];
  expect(line, mail.text).toBeDefined();
  // The HTML part says the same.
  expect(mail.html).toContain(line!);
  return line!;
}

describe("the site time zone", () => {
  it("is Europe/London until an admin changes it; the page, the feeds and the e-mails follow", async () => {
    expect(await zoneInDatabase()).toBe("Europe/London");
    expect(await postPageDate()).toBe("29 Mar 2026");
    // A second visit is the page cache's copy: it must be dropped by the change below.
    expect(await postPageDate()).toBe("29 Mar 2026");
    expect(await feedDates()).toEqual({
      pubDate: "Sun, 29 Mar 2026 21:00:00 +0100",
      published: "2026-03-29T21:00:00+01:00",
    });
    expect(await emailedDateLine()).toBe("Replies · 29 Mar 2026");

    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const page = await text(await get(admin.jar, "/admin/site-settings"));
    expect(page).toContain("Site time zone");
    expect(page).toMatch(/<option value="Europe\/London" selected="">/);
    const saved = await post(admin.jar, "/admin/site-settings", {
      ...FORM,
      time_zone: "Asia/Kolkata",
    });
    expect(saved.status).toBe(200);
    const body = await text(saved);
    expect(body).toContain(SITE_SETTINGS_MESSAGES.saved);
    expect(body).toMatch(/<option value="Asia\/Kolkata" selected="">/);
    expect(await zoneInDatabase()).toBe("Asia/Kolkata");
    const [audit] = await site.testDb.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.actorId, admin.id), eq(adminAuditLog.action, "settings.update")))
      .orderBy(desc(adminAuditLog.createdAt))
      .limit(1);
    expect((audit!.details as { changed: string[] }).changed).toContain("time_zone");

    expect(await postPageDate()).toBe("30 Mar 2026");
    expect(await feedDates()).toEqual({
      pubDate: "Mon, 30 Mar 2026 01:30:00 +0530",
      published: "2026-03-30T01:30:00+05:30",
    });
    // The app's settings cache was dropped by the save; this file's own copy of the module
    // (the test imports it beside the app's build) hears no NOTIFY, so it is cleared by hand.
    clearAllCaches();
    expect(await emailedDateLine()).toBe("Replies · 30 Mar 2026");
    // The browser formats with the zone the server used: the root loader's data carries it.
    const html = await text(await get(new CookieJar(), `/post/${slug}`));
    expect(html).toMatch(/"timeZone\\?",\\?"Asia\/Kolkata/);

    // Back to the default for the tests that follow.
    const back = await post(admin.jar, "/admin/site-settings", {
      ...FORM,
      time_zone: "Europe/London",
    });
    expect(back.status).toBe(200);
    expect(await postPageDate()).toBe("29 Mar 2026");
  }, 90_000);

  it("refuses a name that is not a time zone beside its field, keeps it, changes nothing", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    for (const typed of [
      "Mars/Olympus_Mons",
      "Europe/Londn",
      "GMT+5:30",
      "../../etc/passwd",
      `Europe/${"x".repeat(120)}`,
    ]) {
      const res = await post(admin.jar, "/admin/site-settings", {
        ...FORM,
        header_banner_text: "Kept as typed",
        time_zone: typed,
      });
      expect([typed, res.status]).toEqual([typed, 400]);
      const html = await text(res);
      expect(html).toContain(SITE_SETTINGS_MESSAGES.timeZone);
      expect(html).toMatch(/id="settings-time_zone"[^>]*aria-invalid="true"/);
      expect(html).toContain('id="settings-time_zone-error"');
      expect(html).toContain('value="Kept as typed"');
      expect(await zoneInDatabase()).toBe("Europe/London");
    }
    // Empty is the default, not an error.
    const empty = await post(admin.jar, "/admin/site-settings", { ...FORM, time_zone: "" });
    expect(empty.status).toBe(200);
    expect(await zoneInDatabase()).toBe("Europe/London");
  });

  it("refuses the page and the save to every role but admin", async () => {
    const db = site.testDb.db;
    const blocked = await signedInMember(site.app, db, { role: "mentor" });
    await db.update(profiles).set({ status: "blocked" }).where(eq(profiles.id, blocked.id));
    const jars: Record<string, CookieJar> = {
      visitor: new CookieJar(),
      pending: (await signedInMember(site.app, db, { status: "pending" })).jar,
      user: (await signedInMember(site.app, db)).jar,
      mentor: (await signedInMember(site.app, db, { role: "mentor" })).jar,
      blocked: blocked.jar,
    };
    for (const [role, jar] of Object.entries(jars)) {
      const page = await get(jar, "/admin/site-settings");
      expect([role, page.status]).toEqual([role, 302]);
      expect(await text(page)).not.toContain("Site time zone");
      const save = await post(jar, "/admin/site-settings", { ...FORM, time_zone: "Asia/Kolkata" });
      expect([role, save.status]).toEqual([role, 302]);
      expect(save.headers.get("location")).not.toBe("/admin/site-settings");
      expect([role, await zoneInDatabase()]).toEqual([role, "Europe/London"]);
    }
    expect(await postPageDate()).toBe("29 Mar 2026");
  });
});
