/**
 * /admin/banned-words over HTTP (admins only; plain forms without
 * JavaScript: add, the confirmation step, remove; the spec's texts; bad input
 * 4xx keeping what was typed), and the one check the bio and comments use:
 * cached (no query per check) and cleared on every instance by the table's
 * NOTIFY.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CookieJar } from "#tests/support/http-app";
import { INVALIDATION_CHANNEL, listenForInvalidations } from "#server/cache/cache";
import { bannedWords, profiles } from "#server/db/schema";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { containsBannedWord, matchesBannedWord } from "../profiles/banned-words.server";

const site = siteOverHttpForThisFile();
const { get, post, text } = site;
const PATH = "/admin/banned-words";

const words = async () =>
  (await site.testDb.db.select({ word: bannedWords.word }).from(bannedWords))
    .map((r) => r.word)
    .sort();

describe("access", () => {
  it("visitor, pending, user, mentor and blocked go to / from the page and the actions", async () => {
    const db = site.testDb.db;
    await db.insert(bannedWords).values({ word: "spam" });
    const [spam] = await db.select().from(bannedWords);
    const blocked = await signedInMember(site.app, db);
    const jars: Record<string, CookieJar> = {
      visitor: new CookieJar(),
      pending: (await signedInMember(site.app, db, { status: "pending" })).jar,
      user: (await signedInMember(site.app, db)).jar,
      mentor: (await signedInMember(site.app, db, { role: "mentor" })).jar,
      blocked: blocked.jar,
    };
    await db.update(profiles).set({ status: "blocked" }).where(eq(profiles.id, blocked.id));
    for (const [who, jar] of Object.entries(jars)) {
      const page = await get(jar, PATH);
      expect([who, page.status, page.headers.get("location")]).toEqual([who, 302, "/"]);
      const attempts: Record<string, string>[] = [
        { intent: "add", word: "fraud" },
        { intent: "remove", id: spam!.id, confirmed: "1" },
      ];
      for (const fields of attempts) {
        const res = await post(jar, PATH, fields);
        expect([who, fields.intent, res.status, res.headers.get("location")]).toEqual([
          who,
          fields.intent,
          302,
          "/",
        ]);
      }
    }
    expect(await words()).toEqual(["spam"]);
  });
});

describe("the page without JavaScript", () => {
  it("shows the empty state, adds trimmed and lower-cased, counts, refuses duplicates and blanks", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const empty = await text(await get(admin.jar, PATH));
    expect(empty).toContain("Banned Words");
    expect(empty).toContain("No banned words yet");
    expect(empty).toContain("Banned words (0)");

    const added = await post(admin.jar, PATH, { intent: "add", word: "  Get   RICH quick " });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(`${PATH}?done=added`);
    await post(admin.jar, PATH, { intent: "add", word: "Scam" });
    expect(await words()).toEqual(["get rich quick", "scam"]);
    const page = await text(await get(admin.jar, `${PATH}?done=added`));
    expect(page).toContain("Banned words (2)");
    expect(page).toContain("Word added successfully!");
    expect(page).not.toContain("No banned words yet");

    const duplicate = await post(admin.jar, PATH, { intent: "add", word: " SCAM" });
    expect(duplicate.status).toBe(409);
    const duplicatePage = await text(duplicate);
    expect(duplicatePage).toContain("This word is already in the list");
    expect(duplicatePage).toContain('value=" SCAM"');

    const blank = await post(admin.jar, PATH, { intent: "add", word: "   " });
    expect(blank.status).toBe(400);
    expect(await text(blank)).toContain("Please enter a word");
    const long = await post(admin.jar, PATH, { intent: "add", word: "x".repeat(101) });
    expect(long.status).toBe(400);
    expect(await words()).toEqual(["get rich quick", "scam"]);
  });

  it("asks first, then removes; bad ids and intents are 4xx, never 500", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    await site.testDb.db.insert(bannedWords).values([{ word: "scam" }, { word: "spam" }]);
    const [scam] = await site.testDb.db
      .select()
      .from(bannedWords)
      .where(eq(bannedWords.word, "scam"));

    const asked = await post(admin.jar, PATH, { intent: "remove", id: scam!.id });
    expect(asked.status).toBe(200);
    const step = await text(asked);
    expect(step).toContain("Are you sure you want to remove this word?");
    expect(step).toContain('Remove "scam"?');
    expect(await words()).toEqual(["scam", "spam"]);

    const removed = await post(admin.jar, PATH, { intent: "remove", id: scam!.id, confirmed: "1" });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe(`${PATH}?done=removed`);
    expect(await words()).toEqual(["spam"]);
    expect(await text(await get(admin.jar, `${PATH}?done=removed`))).toContain(
      "Word removed successfully!",
    );

    for (const [fields, status] of [
      [{ intent: "remove", id: scam!.id, confirmed: "1" }, 404],
      [{ intent: "remove", id: "not-a-uuid", confirmed: "1" }, 404],
      [{ intent: "remove" }, 404],
      [{ intent: "explode" }, 400],
      [{}, 400],
    ] as const) {
      const res = await post(admin.jar, PATH, fields);
      expect([fields, res.status]).toEqual([fields, status]);
    }
  });
});

describe("the check", () => {
  it("matches whole words and phrases, any case", () => {
    const list = ["scam", "get rich"];
    expect(matchesBannedWord("Not a SCAM!", list)).toBe(true);
    expect(matchesBannedWord("scampi and scams", list)).toBe(false);
    expect(matchesBannedWord("How to Get Rich", list)).toBe(true);
    expect(matchesBannedWord("anything", [])).toBe(false);
    expect(matchesBannedWord("a (b) c", ["(b)"])).toBe(true); // taken literally
    expect(matchesBannedWord("a.b", ["a.b"])).toBe(true);
    expect(matchesBannedWord("axb", ["a.b"])).toBe(false);
  });

  it("reads the list once, and again after any change to the table (NOTIFY)", async () => {
    const db = site.testDb.db;
    // The cache's own listener says when it has handled the insert's NOTIFY. A listener of the
    // test's own was not enough: on PostgreSQL each listener has its own connection, so the
    // cache's copy could arrive after the test's, and drop the list the first check had just read.
    let arrived!: () => void;
    const notified = new Promise<void>((resolve) => (arrived = resolve));
    const stop = await listenForInvalidations({
      listen: (channel, onPayload, onReconnect) =>
        site.testDb.handle.listen(
          channel,
          (payload) => {
            onPayload(payload);
            if (channel === INVALIDATION_CHANNEL && payload.includes("banned_words")) arrived();
          },
          onReconnect,
        ),
    });
    try {
      let selects = 0;
      const counting = new Proxy(db, {
        get(target, key, receiver) {
          if (key === "select") selects += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      // Wait for the insert's NOTIFY to reach the cache before counting: arriving after the
      // first check, it would rightly drop the list that check just read.
      await db.insert(bannedWords).values({ word: "spam" });
      await notified;
      await waitFor(async () => (await containsBannedWord(counting, "buy SPAM")) === true);
      selects = 0;
      expect(await containsBannedWord(counting, "spam again")).toBe(true);
      expect(await containsBannedWord(counting, "fine text")).toBe(false);
      expect(selects).toBe(0);

      // A change made elsewhere (another instance, psql) reaches this one.
      await db.delete(bannedWords).where(eq(bannedWords.word, "spam"));
      await waitFor(async () => (await containsBannedWord(counting, "buy spam")) === false);
      expect(selects).toBeGreaterThan(0);
    } finally {
      await stop();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 3000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting for the cache to follow the table");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("the Overview", () => {
  it("lists the admin's actions (who, what, target, when) and the weekly chart as a table", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, {
      role: "admin",
      username: "head_admin",
    });
    const before = await text(await get(admin.jar, "/admin"));
    expect(before).toContain("Recent Admin Activity");
    expect(before).toContain("No admin actions recorded yet");
    expect(before).toContain("Sign-ups and New Posts per Week");
    expect(before.match(/<th scope="row"/g)).toHaveLength(12);
    expect(before).toContain(
      "Last 12 weeks (weeks start on Monday, UTC): 1 sign-ups and 0 new posts.",
    );

    await post(admin.jar, PATH, { intent: "add", word: "Fraud" });
    const after = await text(await get(admin.jar, "/admin"));
    expect(after).not.toContain("No admin actions recorded yet");
    expect(after).toMatch(
      /<td[^>]*>@head_admin<\/td><td[^>]*>Added banned word<\/td><td[^>]*>fraud<\/td><td[^>]*><time dateTime="[^"]+">[^<]+ UTC<\/time>/,
    );
    for (const link of ["/admin/banned-words", "/admin/redirects", "/admin/site-settings"]) {
      expect(after).toContain(`href="${link}"`);
    }
  });
});
