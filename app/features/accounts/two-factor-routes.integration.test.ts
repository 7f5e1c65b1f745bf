/**
 * docs/decisions/0138 over HTTP against the whole app: /settings/two-factor turns
 * codes on (password, QR code, a code), /login then sends the member to
 * /login/two-factor, where a wrong code is refused beside the field and the
 * right one signs in.
 */
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { browse, CookieJar } from "#tests/support/http-app";
import { signedInMember, TEST_PASSWORD } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { TWO_FACTOR_MESSAGES } from "./two-factor.server";

const site = siteOverHttpForThisFile();

const escaped = (text: string) => text.replace(/'/g, "&#x27;");

async function post(jar: CookieJar, path: string, fields: Record<string, string>) {
  const response = await browse(jar, `${site.app.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: site.app.url },
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: await response.text(),
  };
}

/**
 * The code an authenticator app shows now, or `later` 30-second steps on: a
 * code is taken once (docs/decisions/0166), so a sign-in after the set-up uses the next.
 */
const codeFor = (secret: string, later = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + later * 30_000,
  });

describe("two-factor authentication over HTTP", () => {
  it("sends visitors to /login from the settings page", async () => {
    const response = await browse(new CookieJar(), `${site.app.url}/settings/two-factor`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
  });

  it("is turned on in the settings, then asked for at sign-in", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    const page = await browse(member.jar, `${site.app.url}/settings/two-factor`);
    expect(await page.text()).toContain("Set up an authenticator app");

    const wrongPassword = await post(member.jar, "/settings/two-factor", {
      intent: "start",
      password: "not-it",
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.html).toContain('id="start-password-error"');

    const started = await post(member.jar, "/settings/two-factor", {
      intent: "start",
      password: TEST_PASSWORD,
    });
    expect(started.status).toBe(200);
    expect(started.html).toContain("<svg");
    const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(started.html)?.[1];
    const totpURI = /name="totpURI" value="([^"]+)"/
      .exec(started.html)?.[1]
      ?.replace(/&amp;/g, "&");
    const recoveryCodes = /name="recoveryCodes" value="([^"]+)"/.exec(started.html)?.[1];
    expect(secret && totpURI && recoveryCodes).toBeTruthy();

    const wrongCode = await post(member.jar, "/settings/two-factor", {
      intent: "confirm",
      code: "000000",
      totpURI: totpURI!,
      recoveryCodes: recoveryCodes!,
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.html).toContain(escaped(TWO_FACTOR_MESSAGES.wrongCode));
    expect(wrongCode.html).toContain('aria-describedby="confirm-code-error"');
    expect(wrongCode.html).toContain(secret!);

    const confirmed = await post(member.jar, "/settings/two-factor", {
      intent: "confirm",
      code: codeFor(secret!),
      totpURI: totpURI!,
      recoveryCodes: recoveryCodes!,
    });
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe("/settings/two-factor?done=on");
    const on = await browse(member.jar, `${site.app.url}${confirmed.location}`);
    expect(await on.text()).toContain(TWO_FACTOR_MESSAGES.enabled);

    // A new browser: the password alone gives no session.
    const browser = new CookieJar();
    const login = await post(browser, "/login", {
      email: member.email,
      password: TEST_PASSWORD,
      redirectTo: "/favorites",
    });
    expect(login.status).toBe(302);
    expect(login.location).toBe("/login/two-factor?redirectTo=%2Ffavorites");
    const notYet = await browse(browser, `${site.app.url}/settings/two-factor`);
    expect(notYet.status).toBe(302);

    const wrong = await post(browser, "/login/two-factor", {
      method: "totp",
      code: "000000",
      redirectTo: "/favorites",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain(escaped(TWO_FACTOR_MESSAGES.wrongCode));
    expect(wrong.html).toContain('aria-describedby="code-error"');

    const right = await post(browser, "/login/two-factor", {
      method: "totp",
      code: codeFor(secret!, 1),
      redirectTo: "/favorites",
    });
    expect(right.status).toBe(302);
    expect(right.location).toBe("/favorites");
    const signedIn = await browse(browser, `${site.app.url}/settings/two-factor`);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain("Turn it off");
  });
});
