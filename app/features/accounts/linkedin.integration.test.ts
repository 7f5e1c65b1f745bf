/**
 * Sign in with LinkedIn, end to end over HTTP: the Express app (every route,
 * the real Better Auth) and a real OpenID Connect provider (oidc-provider)
 * standing in for LinkedIn, both on 127.0.0.1. The test plays the browser:
 * it follows every redirect, fills the provider's login and consent forms,
 * and keeps the cookies.
 */
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accounts, loginAttempts, profiles, sessions, users } from "#server/db/schema";
import {
  browse,
  CookieJar,
  listenLocal,
  locationOf,
  startTestApp,
  type TestApp,
} from "#tests/support/http-app";
import { startTestProvider, type TestProvider } from "#tests/support/oidc-provider";
import { createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { LOGIN_ERROR_MESSAGES } from "./linkedin.server";

const testDb = testDatabaseForThisFile();
let app: TestApp;
let idp: TestProvider;

const ASHA = {
  name: "Asha Kapoor",
  given_name: "Asha",
  family_name: "Kapoor",
  picture: "https://media.example/asha.jpg",
  email: "asha@example.com",
  email_verified: true,
};

beforeAll(async () => {
  const appListening = await listenLocal();
  idp = await startTestProvider({
    redirectUri: `${appListening.url}/api/auth/callback/linkedin`,
  });
  app = await startTestApp({
    testDb,
    listening: appListening,
    env: {
      LINKEDIN_CLIENT_ID: idp.clientId,
      LINKEDIN_CLIENT_SECRET: idp.clientSecret,
      LINKEDIN_ISSUER_URL: idp.issuer,
    },
  });
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
});
beforeEach(() => {
  idp.accounts.clear();
  idp.accounts.set("li-asha", { ...ASHA });
  app.mail.length = 0;
});

type Flow = {
  /** The authorization request the app sent the browser to. */
  authorize: URL;
  /** Every address the browser went to, in order. */
  trail: string[];
  /** Where /auth/callback sent the browser. */
  final: string;
  jar: CookieJar;
};

/**
 * Clicks "Sign in with LinkedIn" and plays the browser to the end of
 * /auth/callback: the provider's login form (with `login`), its consent form,
 * back to the app. `cancel` clicks the provider's Cancel link instead;
 * `tamperState` changes the state on the way back.
 */
async function signInWithLinkedIn(
  login: string,
  options: { cancel?: boolean; tamperState?: boolean; jar?: CookieJar } = {},
): Promise<Flow> {
  const jar = options.jar ?? new CookieJar();
  const start = `${app.url}/auth/linkedin`;
  const first = await browse(jar, start);
  expect(first.status).toBe(302);
  let url = locationOf(first, start);
  const authorize = new URL(url);
  const trail = [start];
  for (let hop = 0; hop < 25; hop++) {
    if (options.tamperState && url.startsWith(`${app.url}/api/auth/callback/linkedin`)) {
      const changed = new URL(url);
      changed.searchParams.set("state", "forged-state-0123456789");
      url = changed.href;
    }
    trail.push(url);
    const response = await browse(jar, url);
    if (url.startsWith(`${app.url}/auth/callback`)) {
      expect(response.status).toBe(302);
      return { authorize, trail, final: locationOf(response, url), jar };
    }
    if (response.status >= 300 && response.status < 400) {
      url = locationOf(response, url);
      continue;
    }
    // One of the provider's interaction pages.
    expect(response.status, `${url} answered ${response.status}`).toBe(200);
    const html = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (options.cancel) {
      const cancel = /<a href="([^"]+)">\[ Cancel \]<\/a>/.exec(html)![1]!;
      url = new URL(cancel.replaceAll("&amp;", "&"), url).href;
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    const body = new URLSearchParams(
      prompt === "login" ? { prompt, login, password: "any" } : { prompt: prompt! },
    );
    const submitted = await browse(jar, new URL(action, url).href, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    url = locationOf(submitted, url);
  }
  throw new Error(`the flow did not come back to /auth/callback: ${trail.join("\n")}`);
}

const path = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

const sessionCookie = (jar: CookieJar) => jar.get(app.url, "better-auth.session_token");

async function loginPageText(location: string, jar = new CookieJar()) {
  const response = await browse(jar, new URL(location, app.url).href);
  return { status: response.status, html: await response.text() };
}

async function verifiedMember(email: string, username: string, over = {}) {
  const user = await createUser(testDb.db, { email, username, fullName: "Asha K", ...over });
  await testDb.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await testDb.db.insert(accounts).values({
    id: `acc-${user.id}`,
    accountId: user.id,
    providerId: "credential",
    userId: user.id,
    password: await hashPassword("Secret123"),
  });
  return user;
}

describe("Sign in with LinkedIn (a local OpenID Connect provider)", () => {
  it("shows the button on /login and /signup", async () => {
    for (const page of ["/login", "/signup"]) {
      const { html } = await loginPageText(page);
      expect(html).toContain("Sign in with LinkedIn");
      expect(html).toContain('href="/auth/linkedin"');
    }
  });

  it("signs a new member up: the whole redirect flow, a session cookie, a pending profile", async () => {
    const flow = await signInWithLinkedIn("li-asha");

    // The authorization request went to the provider's endpoint from discovery.
    expect(flow.authorize.origin).toBe(idp.issuer);
    expect(flow.authorize.pathname).toBe("/auth");
    expect(flow.authorize.searchParams.get("client_id")).toBe(idp.clientId);
    expect(flow.authorize.searchParams.get("redirect_uri")).toBe(
      `${app.url}/api/auth/callback/linkedin`,
    );
    expect(flow.authorize.searchParams.get("scope")?.split(" ").sort()).toEqual([
      "email",
      "openid",
      "profile",
    ]);
    expect(flow.authorize.searchParams.get("state")).toBeTruthy();
    // Through the provider's login and consent pages, its callback, then /auth/callback.
    const paths = flow.trail.map(path);
    expect(paths.some((p) => p.startsWith("/interaction/"))).toBe(true);
    expect(paths.some((p) => p.startsWith("/api/auth/callback/linkedin?code="))).toBe(true);
    expect(paths.at(-1)).toBe("/auth/callback");
    // First visit: complete the profile.
    expect(path(flow.final)).toBe("/edit-profile?firstTime=true");
    expect(sessionCookie(flow.jar)).toBeTruthy();

    const [user] = await testDb.db.select().from(users);
    expect(user).toMatchObject({
      email: "asha@example.com",
      emailVerified: true,
      name: "Asha Kapoor",
      username: "asha_kapoor",
    });
    const [profile] = await testDb.db.select().from(profiles);
    expect(profile).toMatchObject({
      id: user!.id,
      email: "asha@example.com",
      username: "asha_kapoor",
      fullName: "Asha Kapoor",
      profilePhotoUrl: "https://media.example/asha.jpg",
      role: "user",
      status: "pending",
      profileCompleted: false,
    });
    expect(profile!.lastLoginAt).toBeInstanceOf(Date);
    const linked = await testDb.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(linked.map((a) => [a.providerId, a.accountId])).toEqual([["linkedin", "li-asha"]]);

    // The cookie is a working session: a pending member may see /pending-approval.
    const pending = await browse(flow.jar, `${app.url}/pending-approval`);
    expect(pending.status).toBe(200);
    expect(await pending.text()).toContain("Account Pending Approval");
    const signedOut = await browse(new CookieJar(), `${app.url}/pending-approval`);
    expect(signedOut.status).toBe(302);
  });

  it("signs the same LinkedIn member in again without a second user, to / once the profile is complete", async () => {
    await signInWithLinkedIn("li-asha");
    await testDb.db.update(profiles).set({ profileCompleted: true });
    const again = await signInWithLinkedIn("li-asha");
    expect(path(again.final)).toBe("/");
    expect(await testDb.db.select().from(users)).toHaveLength(1);
    expect(await testDb.db.select().from(accounts)).toHaveLength(1);
  });

  it("links LinkedIn to an existing account with the same verified e-mail", async () => {
    const member = await verifiedMember("asha@example.com", "asha", { profileCompleted: true });
    const flow = await signInWithLinkedIn("li-asha");
    expect(path(flow.final)).toBe("/");
    expect(sessionCookie(flow.jar)).toBeTruthy();
    const all = await testDb.db.select().from(users);
    expect(all.map((u) => u.id)).toEqual([member.id]);
    const linked = await testDb.db.select().from(accounts).where(eq(accounts.userId, member.id));
    expect(linked.map((a) => a.providerId).sort()).toEqual(["credential", "linkedin"]);
    // The member keeps the username they chose.
    const [profile] = await testDb.db.select().from(profiles);
    expect(profile!.username).toBe("asha");
  });

  it("does not link to an account whose e-mail this site has not verified", async () => {
    const member = await createUser(testDb.db, { email: "asha@example.com", username: "asha" });
    await testDb.db.update(users).set({ emailVerified: false });
    const flow = await signInWithLinkedIn("li-asha");
    expect(path(flow.final)).toBe("/login?error=linkedin_not_linked");
    expect(sessionCookie(flow.jar)).toBeUndefined();
    expect(await testDb.db.select().from(accounts).where(eq(accounts.userId, member.id))).toEqual(
      [],
    );
    const { html } = await loginPageText(flow.final);
    expect(html).toContain(LOGIN_ERROR_MESSAGES.linkedin_not_linked);
  });

  it("treats the e-mail as verified only if LinkedIn says so: no session, the code is mailed", async () => {
    idp.accounts.set("li-asha", { ...ASHA, email_verified: false });
    const flow = await signInWithLinkedIn("li-asha");
    expect(path(flow.final)).toBe("/login?error=unverified");
    expect(sessionCookie(flow.jar)).toBeUndefined();
    expect(await testDb.db.select().from(sessions)).toEqual([]);
    const [user] = await testDb.db.select().from(users);
    expect(user!.emailVerified).toBe(false);
    const [profile] = await testDb.db.select().from(profiles);
    expect(profile!.status).toBe("pending");
    expect(app.mail.map((m) => m.to)).toEqual(["asha@example.com"]);
    const { html } = await loginPageText(flow.final);
    expect(html).toContain(LOGIN_ERROR_MESSAGES.unverified);
  });

  it("derives a unique username: a suffix when the name's is taken", async () => {
    await createUser(testDb.db, { email: "other@example.com", username: "asha_kapoor" });
    await signInWithLinkedIn("li-asha");
    const [profile] = await testDb.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, "asha@example.com"));
    expect(profile!.username).toBe("asha_kapoor_2");
  });

  it("refuses a blocked member (Account access denied) and leaves no session", async () => {
    await signInWithLinkedIn("li-asha");
    await testDb.db.update(profiles).set({ status: "blocked" });
    const flow = await signInWithLinkedIn("li-asha");
    expect(path(flow.final)).toBe("/login?error=blocked");
    expect(sessionCookie(flow.jar)).toBeUndefined();
    expect(await testDb.db.select().from(sessions)).toEqual([]);
    expect((await loginPageText(flow.final)).html).toContain("Account access denied");
  });

  it("refuses a locked account (Account temporarily unavailable) and leaves no session", async () => {
    await signInWithLinkedIn("li-asha");
    await testDb.db.delete(sessions);
    await testDb.db.update(profiles).set({ lockedUntil: new Date(Date.now() + 60_000) });
    const flow = await signInWithLinkedIn("li-asha");
    expect(path(flow.final)).toBe("/login?error=locked");
    expect(sessionCookie(flow.jar)).toBeUndefined();
    expect(await testDb.db.select().from(sessions)).toEqual([]);
    expect((await loginPageText(flow.final)).html).toContain("Account temporarily unavailable");
  });

  it("asks a member with two-factor codes for a code before any session exists", async () => {
    const member = await verifiedMember("asha@example.com", "asha", { profileCompleted: true });
    // Codes turned on through the settings page, signed in with the password.
    const own = new CookieJar();
    const send = (jar: CookieJar, to: string, fields: Record<string, string>) =>
      browse(jar, `${app.url}${to}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      });
    expect(
      (await send(own, "/login", { email: member.email, password: "Secret123", redirectTo: "/" }))
        .status,
    ).toBe(302);
    const started = await (
      await send(own, "/settings/two-factor", { intent: "start", password: "Secret123" })
    ).text();
    const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(started)![1]!;
    // A code is taken once (docs/decisions/0166): the sign-in uses the step after the set-up's.
    const codeNow = (later = 0) =>
      new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
        timestamp: Date.now() + later * 30_000,
      });
    const on = await send(own, "/settings/two-factor", {
      intent: "confirm",
      code: codeNow(),
      totpURI: /name="totpURI" value="([^"]+)"/.exec(started)![1]!.replace(/&amp;/g, "&"),
      recoveryCodes: /name="recoveryCodes" value="([^"]+)"/.exec(started)![1]!,
    });
    expect(on.headers.get("location")).toBe("/settings/two-factor?done=on");
    const sessionsBefore = await testDb.db.select({ id: sessions.id }).from(sessions);

    // LinkedIn (linked to the account by the verified e-mail) makes no session: a code first.
    const flow = await signInWithLinkedIn("li-asha");
    expect(path(flow.final)).toBe("/login/two-factor?redirectTo=%2F");
    expect(sessionCookie(flow.jar)).toBeUndefined();
    expect(await testDb.db.select({ id: sessions.id }).from(sessions)).toEqual(sessionsBefore);
    const notYet = await browse(flow.jar, `${app.url}/settings/two-factor`);
    expect(notYet.status).toBe(302);
    expect(notYet.headers.get("location")).toMatch(/^\/login/);

    const page = await browse(flow.jar, `${app.url}${path(flow.final)}`);
    expect(page.status).toBe(200);
    const wrong = await send(flow.jar, "/login/two-factor", {
      method: "totp",
      code: "000000",
      redirectTo: "/",
    });
    expect(wrong.status).toBe(400);
    expect(sessionCookie(flow.jar)).toBeUndefined();
    const right = await send(flow.jar, "/login/two-factor", {
      method: "totp",
      code: codeNow(1),
      redirectTo: "/",
    });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/");
    expect(sessionCookie(flow.jar)).toBeTruthy();
    const signedIn = await browse(flow.jar, `${app.url}/settings/two-factor`);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain("Turn it off");
  });

  it("sends a cancelled sign-in to /login with a message", async () => {
    const flow = await signInWithLinkedIn("li-asha", { cancel: true });
    expect(path(flow.final)).toBe("/login?error=linkedin_cancelled");
    expect(await testDb.db.select().from(users)).toEqual([]);
    expect((await loginPageText(flow.final)).html).toContain(
      LOGIN_ERROR_MESSAGES.linkedin_cancelled,
    );
  });

  it("refuses a callback whose state was not issued to this browser", async () => {
    const flow = await signInWithLinkedIn("li-asha", { tamperState: true });
    expect(path(flow.final)).toBe("/login?error=linkedin");
    expect(sessionCookie(flow.jar)).toBeUndefined();
    expect(await testDb.db.select().from(users)).toEqual([]);
    expect((await loginPageText(flow.final)).html).toContain(LOGIN_ERROR_MESSAGES.linkedin);
  });

  it("sends /auth/callback without a session or error to /login", async () => {
    const response = await browse(new CookieJar(), `${app.url}/auth/callback`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?error=linkedin");
    expect(await testDb.db.select().from(loginAttempts)).toEqual([]);
  });

  it("shows only known error codes on /login, never text from the address", async () => {
    const { html } = await loginPageText("/login?error=hello");
    expect(html).not.toContain('role="alert"');
    expect((await loginPageText("/login?error=blocked")).html).toMatch(
      /role="alert"[^>]*>Account access denied</,
    );
  });
});
