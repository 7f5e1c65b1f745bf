import { describe, expect, it } from "vitest";
import { FLASH_COOKIE, flashHeaders, readFlash } from "./flash.server";

const MESSAGES = { "post-draft": "Draft saved successfully!" };
const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });

describe("flash", () => {
  it("carries a key to the next request, which reads its message and clears it", () => {
    const set = flashHeaders("post-draft")["Set-Cookie"];
    expect(set).toMatch(/^fb_flash=post-draft; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);
    const read = readFlash(withCookie(`theme=dark; ${set.split(";")[0]}`), MESSAGES);
    expect(read.message).toBe("Draft saved successfully!");
    expect(read.clear?.["Set-Cookie"]).toMatch(new RegExp(`^${FLASH_COOKIE}=; Path=/; Max-Age=0`));
  });

  it("shows nothing for an unknown key (but clears it), and nothing without the cookie", () => {
    const unknown = readFlash(withCookie("fb_flash=toString"), MESSAGES);
    expect(unknown.message).toBeNull();
    expect(unknown.clear).not.toBeNull();
    expect(readFlash(withCookie("other=1"), MESSAGES)).toEqual({ message: null, clear: null });
  });

  it("refuses a key that is not a plain name", () => {
    expect(() => flashHeaders("x; Domain=evil")).toThrow();
  });
});
