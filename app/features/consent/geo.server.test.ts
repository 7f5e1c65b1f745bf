import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lookupCountry, normaliseCountry } from "./geo.server";
import { countryDatabase } from "./mmdb-fixture.test-helper";

const HEADER = { countryHeader: "cf-ipcountry", databasePath: undefined };

describe("the visitor's country", () => {
  it("comes from the configured header, in ISO form (UK is GB)", () => {
    expect(lookupCountry({ "cf-ipcountry": "gb" }, HEADER)).toEqual({
      countryCode: "GB",
      source: "header",
    });
    expect(lookupCountry(new Headers({ "CF-IPCountry": "IN" }), HEADER).countryCode).toBe("IN");
    expect(normaliseCountry("UK")).toBe("GB");
  });

  it("counts as US when the lookup fails: no header, unknown, Tor or nonsense (docs/product/privacy.md)", () => {
    for (const value of [undefined, "", "XX", "T1", "GBR", "<script>", "1"]) {
      const headers = value === undefined ? {} : { "cf-ipcountry": value };
      expect([value, lookupCountry(headers, HEADER)]).toEqual([
        value,
        { countryCode: "US", source: "fallback" },
      ]);
    }
  });

  it("ignores the header when none is configured", () => {
    expect(
      lookupCountry({ "cf-ipcountry": "GB" }, { countryHeader: undefined, databasePath: undefined })
        .countryCode,
    ).toBe("US");
    expect(
      lookupCountry({ "x-country": "GB" }, { countryHeader: "x-country", databasePath: undefined })
        .countryCode,
    ).toBe("GB");
  });

  it("counts as US when the GeoIP file cannot be read", () => {
    expect(
      lookupCountry(
        { "x-founderbridge-client-ip": "81.2.69.160" },
        { countryHeader: undefined, databasePath: "/nonexistent/GeoLite2-Country.mmdb" },
      ),
    ).toEqual({ countryCode: "US", source: "fallback" });
  });
});

describe("a local GeoIP database (GEOIP_DATABASE_PATH)", () => {
  it("finds the country of the client address; the header still comes first", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "geo-")), "country.mmdb");
    writeFileSync(file, countryDatabase("81.2.69.0/24", "GB"));
    const geo = { countryHeader: "cf-ipcountry", databasePath: file };
    const ip = (address: string) => ({ "x-founderbridge-client-ip": address });

    expect(lookupCountry(ip("81.2.69.160"), geo)).toEqual({
      countryCode: "GB",
      source: "database",
    });
    expect(lookupCountry(ip("::ffff:81.2.69.1"), geo).countryCode).toBe("GB");
    // Outside the network, an IPv6 address in an IPv4 file, no address: US (docs/product/privacy.md).
    for (const address of ["81.2.70.1", "8.8.8.8", "2001:db8::1", "not an ip"]) {
      expect([address, lookupCountry(ip(address), geo)]).toEqual([
        address,
        { countryCode: "US", source: "fallback" },
      ]);
    }
    expect(lookupCountry({}, geo).source).toBe("fallback");
    expect(lookupCountry({ ...ip("81.2.69.160"), "cf-ipcountry": "IN" }, geo)).toEqual({
      countryCode: "IN",
      source: "header",
    });
  });
});
