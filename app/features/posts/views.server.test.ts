import { describe, expect, it } from "vitest";
import { viewerAddress, visitorKey } from "./views.server";

describe("who a view is counted for (decision 0176)", () => {
  it("is the address alone: no User-Agent takes part", () => {
    expect(visitorKey("s", "203.0.113.7")).toBe(visitorKey("s", "203.0.113.7"));
    expect(visitorKey("s", "203.0.113.7")).not.toBe(visitorKey("s", "203.0.113.8"));
  });

  it("takes an IPv6 client by its /64, however the address is written", () => {
    const one = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:aaaa:bbbb:cccc:dddd",
      "2001:0DB8:0001:0002:0000:0000:0000:0099",
    ].map(viewerAddress);
    expect(new Set(one)).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(viewerAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(viewerAddress("::1")).toBe("0:0:0:0::/64");
    expect(viewerAddress("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("keeps IPv4 addresses whole, also when written as IPv6", () => {
    expect(viewerAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(viewerAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(viewerAddress("unknown")).toBe("unknown");
  });
});
