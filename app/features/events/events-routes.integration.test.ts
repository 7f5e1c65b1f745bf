/**
 * Events over HTTP (docs/decisions/0115): the post form offers the event fields for
 * the Events category; the post page shows the date, time zone and place at
 * the top with "Add to calendar" and Event JSON-LD; /post/{slug}/event.ics is
 * a calendar file (404 for a post without an event); /categories/events
 * lists upcoming events under their heading before past ones.
 */
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clearAllCaches } from "#server/cache/cache";
import { categories } from "#server/db/schema";
import { browse, CookieJar } from "#tests/support/http-app";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();

async function categoryId(slug: string) {
  const [row] = await site.testDb.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row!.id;
}

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

describe("events over HTTP", () => {
  it("publishes an event and shows it, with Add to calendar, its .ics and its JSON-LD", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const eventsId = await categoryId("events");

    const form = await site.text(await browse(mentor.jar, `${site.app.url}/create-post`));
    expect(form).toMatch(new RegExp(`<option value="${eventsId}" data-events=""`));
    expect(form).toContain('class="event-fields');
    expect(form).toContain('<option value="Asia/Kolkata">');
    expect(form).toContain('<option value="Europe/London">');

    const save = (fields: Record<string, string>) =>
      browse(mentor.jar, `${site.app.url}/create-post`, {
        method: "POST",
        body: new URLSearchParams({ intent: "publish", category_id: eventsId, ...fields }),
        headers: { origin: site.app.url },
      });
    const event = {
      title: "London founders breakfast",
      excerpt: "Coffee and introductions before work.",
      event_starts_at: "2030-06-12T08:00",
      event_ends_at: "2030-06-12T09:30",
      event_time_zone: "Europe/London",
      event_venue: "The Trampery, Old Street, London",
      event_booking_url: "https://tickets.example/breakfast",
    };
    // A mistake comes back beside its field, with everything typed kept.
    const wrong = await save({ ...event, event_ends_at: "2030-06-12T07:00" });
    expect(wrong.status).toBe(400);
    const wrongHtml = await site.text(wrong);
    expect(wrongHtml).toContain('id="post-event_ends_at-error"');
    expect(wrongHtml).toContain("The event must end after it starts");
    expect(wrongHtml).toContain('value="The Trampery, Old Street, London"');

    expect((await save(event)).status).toBe(302);
    clearAllCaches();
    const page = await site.text(
      await site.get(new CookieJar(), "/post/london-founders-breakfast"),
    );
    expect(page).toContain('aria-label="Event details"');
    expect(page).toContain("Wednesday 12 June 2030");
    expect(page).toContain("08:00 – 09:30");
    expect(page).toContain("Europe/London (GMT+1)");
    expect(page).toMatch(/datetime="2030-06-12T08:00:00\+01:00"/i);
    expect(page).toContain("The Trampery, Old Street, London");
    expect(page).toContain("Add to calendar");
    expect(page).toContain('href="/post/london-founders-breakfast/event.ics"');
    expect(page).toMatch(
      /href="https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE[^"]*dates=20300612T070000Z%2F20300612T083000Z/,
    );
    expect(page).toMatch(
      /href="https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?[^"]*startdt=2030-06-12T07%3A00%3A00\.000Z/,
    );
    const ld = jsonLdOf(page).find((b) => b["@type"] === "Event");
    expect(ld).toMatchObject({
      name: "London founders breakfast",
      startDate: "2030-06-12T08:00:00+01:00",
      endDate: "2030-06-12T09:30:00+01:00",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: "The Trampery, Old Street, London" },
      offers: { url: "https://tickets.example/breakfast" },
    });

    const ics = await site.get(new CookieJar(), "/post/london-founders-breakfast/event.ics");
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(ics.headers.get("content-disposition")).toBe(
      'attachment; filename="london-founders-breakfast.ics"',
    );
    const vevent = new ICAL.Component(
      ICAL.parse(await ics.text()) as unknown[],
    ).getFirstSubcomponent("vevent")!;
    const parsed = new ICAL.Event(vevent);
    expect(parsed.startDate.toJSDate().toISOString()).toBe("2030-06-12T07:00:00.000Z");
    expect(parsed.endDate.toJSDate().toISOString()).toBe("2030-06-12T08:30:00.000Z");
    expect(parsed.summary).toBe("London founders breakfast");
    expect(parsed.location).toBe("The Trampery, Old Street, London");
    expect(vevent.getFirstPropertyValue("url")).toBe("https://tickets.example/breakfast");

    // The same fields on a Guides post are dropped: no event, no .ics.
    const guidesId = await categoryId("guides");
    expect((await save({ ...event, title: "A guide", category_id: guidesId })).status).toBe(302);
    clearAllCaches();
    const guide = await site.text(await site.get(new CookieJar(), "/post/a-guide"));
    expect(guide).not.toContain("Add to calendar");
    expect(jsonLdOf(guide).some((b) => b["@type"] === "Event")).toBe(false);
    expect((await site.get(new CookieJar(), "/post/a-guide/event.ics")).status).toBe(404);
    expect((await site.get(new CookieJar(), "/post/no-such-post/event.ics")).status).toBe(404);

    // A plain member cannot post an event at all.
    const member = await signedInMember(site.app, site.testDb.db, { role: "user" });
    const refused = await browse(member.jar, `${site.app.url}/create-post`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "publish",
        category_id: eventsId,
        ...event,
        title: "Mine",
      }),
      headers: { origin: site.app.url },
    });
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect((await site.get(new CookieJar(), "/post/mine")).status).toBe(404);
  });

  it("lists upcoming events first, then past ones, on /categories/events", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const eventsId = await categoryId("events");
    const year = new Date().getUTCFullYear();
    for (const [title, start, end] of [
      ["Later meetup", `${year + 2}-01-20T18:00`, `${year + 2}-01-20T20:00`],
      ["Past AMA", `${year - 2}-05-01T15:00`, `${year - 2}-05-01T16:00`],
      ["Sooner meetup", `${year + 1}-01-20T18:00`, `${year + 1}-01-20T20:00`],
      ["Older AMA", `${year - 3}-05-01T15:00`, `${year - 3}-05-01T16:00`],
    ] as const) {
      const res = await browse(mentor.jar, `${site.app.url}/create-post`, {
        method: "POST",
        body: new URLSearchParams({
          intent: "publish",
          title,
          category_id: eventsId,
          event_starts_at: start,
          event_ends_at: end,
          event_time_zone: "Asia/Kolkata",
          event_online_url: "https://meet.example/room",
        }),
        headers: { origin: site.app.url },
      });
      expect(res.status, title).toBe(302);
    }
    clearAllCaches();
    const html = await site.text(await site.get(new CookieJar(), "/categories/events"));
    const order = [
      "Upcoming events",
      "Sooner meetup",
      "Later meetup",
      "Past events",
      "Past AMA",
      "Older AMA",
    ].map((text) => html.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain("18:00 – 20:00 · Asia/Kolkata (GMT+5:30)</time> · Online");
  });
});
