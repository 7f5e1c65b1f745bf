import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, isoInZone, rfc822Date } from "./format";
import { DEFAULT_SITE_TIME_ZONE, isTimeZone, timeZones } from "./time-zones";

const LONDON = "Europe/London";
const KOLKATA = "Asia/Kolkata";

describe("dates in the site's time zone (decision 0144)", () => {
  it("a post published 2026-03-29T00:30Z: 29 March in London and in Kolkata", () => {
    const at = "2026-03-29T00:30:00Z";
    // 00:30 GMT, half an hour before London's clocks go forward; 06:00 IST.
    expect(formatDate(at, LONDON)).toBe("29 Mar 2026");
    expect(formatDate(at, KOLKATA)).toBe("29 Mar 2026");
    expect(formatDateTime(at, LONDON)).toBe("29 Mar 2026, 00:30 GMT");
    expect(formatDateTime(at, KOLKATA)).toBe("29 Mar 2026, 06:00 GMT+5:30");
  });

  it("the day differs where the zones' midnights fall between", () => {
    // 20:00 UTC: 21:00 BST on the 29th in London, 01:30 IST on the 30th in Kolkata.
    expect(formatDate("2026-03-29T20:00:00Z", LONDON)).toBe("29 Mar 2026");
    expect(formatDate("2026-03-29T20:00:00Z", KOLKATA)).toBe("30 Mar 2026");
    expect(formatDate("2026-03-29T20:00:00Z", "UTC")).toBe("29 Mar 2026");
    // 23:30 UTC on 31 July: still July in UTC, 1 August in London (BST) and in Kolkata.
    expect(formatDate("2026-07-31T23:30:00Z", "UTC")).toBe("31 Jul 2026");
    expect(formatDate("2026-07-31T23:30:00Z", LONDON)).toBe("1 Aug 2026");
    // 19:00 UTC on 31 December: the new year has come in Kolkata only.
    expect(formatDate("2026-12-31T19:00:00Z", LONDON)).toBe("31 Dec 2026");
    expect(formatDate("2026-12-31T19:00:00Z", KOLKATA)).toBe("1 Jan 2027");
  });

  it("follows London's clock changes at their instants; Kolkata's offset never moves", () => {
    // Forward at 01:00 UTC on 29 March 2026 (01:00 GMT becomes 02:00 BST).
    expect(formatDateTime("2026-03-29T00:59:00Z", LONDON)).toBe("29 Mar 2026, 00:59 GMT");
    expect(formatDateTime("2026-03-29T01:00:00Z", LONDON)).toBe("29 Mar 2026, 02:00 BST");
    // Back at 01:00 UTC on 25 October 2026 (02:00 BST becomes 01:00 GMT).
    expect(formatDateTime("2026-10-25T00:59:00Z", LONDON)).toBe("25 Oct 2026, 01:59 BST");
    expect(formatDateTime("2026-10-25T01:00:00Z", LONDON)).toBe("25 Oct 2026, 01:00 GMT");
    expect(isoInZone("2026-03-29T00:59:00Z", LONDON)).toBe("2026-03-29T00:59:00+00:00");
    expect(isoInZone("2026-03-29T01:00:00Z", LONDON)).toBe("2026-03-29T02:00:00+01:00");
    expect(isoInZone("2026-03-29T01:00:00Z", KOLKATA)).toBe("2026-03-29T06:30:00+05:30");
    expect(isoInZone("2026-10-25T01:00:00Z", KOLKATA)).toBe("2026-10-25T06:30:00+05:30");
    // A zone behind UTC, and the moment is the same instant whatever the zone.
    expect(isoInZone("2026-01-15T12:00:00Z", "America/New_York")).toBe("2026-01-15T07:00:00-05:00");
    for (const zone of [LONDON, KOLKATA, "America/New_York", "UTC"]) {
      expect(new Date(isoInZone("2026-10-25T01:00:00Z", zone)).toISOString()).toBe(
        "2026-10-25T01:00:00.000Z",
      );
    }
  });

  it("RSS pubDate: RFC 822 on the zone's clock with a numeric offset", () => {
    expect(rfc822Date("2026-03-29T20:00:00Z", LONDON)).toBe("Sun, 29 Mar 2026 21:00:00 +0100");
    expect(rfc822Date("2026-03-29T20:00:00Z", KOLKATA)).toBe("Mon, 30 Mar 2026 01:30:00 +0530");
    expect(rfc822Date("2026-01-05T09:08:07Z", LONDON)).toBe("Mon, 05 Jan 2026 09:08:07 +0000");
    // September is "Sep" (RFC 822), not en-GB's "Sept"; the parse gives the same instant.
    const september = rfc822Date("2026-09-14T23:15:00Z", "America/New_York");
    expect(september).toBe("Mon, 14 Sep 2026 19:15:00 -0400");
    expect(new Date(september).toISOString()).toBe("2026-09-14T23:15:00.000Z");
    // Midnight is 00, never 24.
    expect(rfc822Date("2026-06-01T23:00:00Z", LONDON)).toBe("Tue, 02 Jun 2026 00:00:00 +0100");
  });

  it("empty values are empty", () => {
    expect(formatDate(null, LONDON)).toBe("");
    expect(formatDate(undefined, LONDON)).toBe("");
    expect(formatDate("", LONDON)).toBe("");
  });
});

describe("time zone names", () => {
  it("knows the IANA zones and refuses the rest", () => {
    expect(DEFAULT_SITE_TIME_ZONE).toBe("Europe/London");
    for (const zone of [
      LONDON,
      KOLKATA,
      "Asia/Calcutta",
      "America/Argentina/Buenos_Aires",
      "UTC",
    ]) {
      expect([zone, isTimeZone(zone)]).toEqual([zone, true]);
    }
    for (const bad of [
      "",
      "Mars/Olympus_Mons",
      "Europe/Londn",
      "GMT+5:30",
      "+05:30",
      "london",
      "../x",
    ]) {
      expect([bad, isTimeZone(bad)]).toEqual([bad, false]);
    }
  });

  it("offers current spellings, sorted, with UTC", () => {
    const zones = timeZones();
    expect(zones).toContain(KOLKATA);
    expect(zones).not.toContain("Asia/Calcutta");
    expect(zones).toContain("UTC");
    expect([...zones].sort()).toEqual(zones);
  });
});
