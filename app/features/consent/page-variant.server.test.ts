import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countryDatabase } from "./mmdb-fixture.test-helper";
import { pageCacheVariantFor } from "./page-variant.server";

const GEO = { countryHeader: "cf-ipcountry", databasePath: undefined };
const variant = (headers: Record<string, string>) => pageCacheVariantFor(headers, GEO);

describe("pageCacheVariant", () => {
  it("is the same for every visitor outside the UK, whatever they chose", () => {
    const values = new Set([
      variant({}),
      variant({ "cf-ipcountry": "US" }),
      variant({ "cf-ipcountry": "IN", cookie: "cookie_consent=all" }),
      variant({ "cf-ipcountry": "FR", cookie: "cookie_consent=essential; other=1" }),
      variant({ "cf-ipcountry": "XX", cookie: "cookie_consent=all" }),
      variant({ cookie: "cookie_consent=essential" }),
    ]);
    expect([...values]).toEqual(["needs:0"]);
  });

  it("tells UK visitors apart by their choice: none, essential or all", () => {
    expect(variant({ "cf-ipcountry": "GB" })).toBe("consent:none;needs:1");
    expect(variant({ "cf-ipcountry": "GB", cookie: "session=abc" })).toBe("consent:none;needs:1");
    expect(variant({ "cf-ipcountry": "GB", cookie: "cookie_consent=bogus" })).toBe(
      "consent:none;needs:1",
    );
    expect(variant({ "cf-ipcountry": "gb", cookie: "cookie_consent=essential" })).toBe(
      "consent:essential;needs:1",
    );
    expect(variant({ "cf-ipcountry": "GB", cookie: "a=1; cookie_consent=all" })).toBe(
      "consent:all;needs:1",
    );
  });

  it("reads Fetch headers as well as Node's", () => {
    expect(
      pageCacheVariantFor(new Headers({ "CF-IPCountry": "GB", Cookie: "cookie_consent=all" }), GEO),
    ).toBe("consent:all;needs:1");
  });
});

describe("pageCacheVariant with a GeoIP database", () => {
  it("follows the client address the server decided", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "geo-")), "country.mmdb");
    writeFileSync(file, countryDatabase("81.2.69.0/24", "GB"));
    const geo = { countryHeader: undefined, databasePath: file };
    expect(
      pageCacheVariantFor(
        { "x-founderbridge-client-ip": "81.2.69.7", cookie: "cookie_consent=essential" },
        geo,
      ),
    ).toBe("consent:essential;needs:1");
    expect(
      pageCacheVariantFor(
        { "x-founderbridge-client-ip": "8.8.4.4", cookie: "cookie_consent=essential" },
        geo,
      ),
    ).toBe("needs:0");
  });
});
