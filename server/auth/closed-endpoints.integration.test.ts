/**
 * docs/security.md#the-auth-librarys-doors: the auth library's own HTTP endpoints are closed. Only the
 * LinkedIn callback reaches Better Auth from the browser; every other path
 * under /api/auth is 404 at the Express layer and again inside the library
 * (disabledPaths). Whatever asks the library for a session, a blocked member
 * or a locked account gets none; a user's image is only https or an upload.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CookieJar } from "#tests/support/http-app";
import { profiles, sessions, users, verifications } from "#server/db/schema";
import { signedInMember, TEST_PASSWORD } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { CLOSED_AUTH_PATHS, IMAGE_REFUSED_MESSAGE, SESSION_REFUSED } from "./auth";

const site = siteOverHttpForThisFile();

async function call(
  path: string,
  init: { method?: string; json?: unknown; jar?: CookieJar } = {},
): Promise<Response> {
  const url = `${site.app.url}${path}`;
  const headers = new Headers({ origin: site.app.url });
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const cookie = init.jar?.header(url);
  if (cookie) headers.set("cookie", cookie);
  const response = await fetch(url, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: "manual",
  });
  await response.body?.cancel();
  return response;
}

/** Every endpoint path the library has (plugins included), parameters filled in. */
function libraryPaths(): string[] {
  return Object.values(site.app.auth.api)
    .map((endpoint) => (endpoint as { path?: string }).path)
    .filter((path): path is string => typeof path === "string" && path.startsWith("/"));
}

const errorCode = (error: unknown) => (error as { body?: { code?: string } }).body?.code;

describe("the auth library's HTTP endpoints", () => {
  it("answer 404 to the issue's attacks: no code is created, no session, no account", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    const sessionsBefore = (await site.testDb.db.select().from(sessions)).length;
    const email = member.email;
    const attacks: [string, unknown][] = [
      ["/api/auth/email-otp/request-password-reset", { email }],
      ["/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" }],
      ["/api/auth/email-otp/send-verification-otp", { email, type: "forget-password" }],
      ["/api/auth/sign-in/email-otp", { email, otp: "000000" }],
      ["/api/auth/email-otp/reset-password", { email, otp: "000000", password: "hijacked1" }],
      ["/api/auth/sign-in/email", { email, password: TEST_PASSWORD }],
      ["/api/auth/sign-in/username", { username: member.username, password: TEST_PASSWORD }],
      [
        "/api/auth/sign-up/email",
        { email: "new@mailinator.com", password: "abcdef", name: "x", username: "newbie" },
      ],
      ["/api/auth/request-password-reset", { email }],
      ["/api/auth/update-user", { name: "Pwned", image: "javascript:alert(1)" }],
      [
        "/api/auth/change-password",
        { currentPassword: TEST_PASSWORD, newPassword: "hijacked1", revokeOtherSessions: true },
      ],
      // docs/decisions/0138: the second factor is turned on, off and checked only by the site's forms.
      ["/api/auth/two-factor/enable", { password: TEST_PASSWORD }],
      ["/api/auth/two-factor/disable", { password: TEST_PASSWORD }],
      ["/api/auth/two-factor/verify-backup-code", { code: "aaaaa-bbbbb" }],
    ];
    for (const [path, json] of attacks) {
      const res = await call(path, { json, jar: member.jar });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions"]) {
      const res = await call(path, { jar: member.jar });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    expect(await site.testDb.db.select().from(verifications)).toEqual([]);
    expect(await site.testDb.db.select().from(sessions)).toHaveLength(sessionsBefore);
    expect(
      await site.testDb.db.select().from(users).where(eq(users.email, "new@mailinator.com")),
    ).toEqual([]);
    const [user] = await site.testDb.db.select().from(users).where(eq(users.id, member.id));
    expect(user!.name).not.toBe("Pwned");
    expect(user!.image).toBeNull();
  });

  it("answer 404 at every path the library has, by GET and POST, but the LinkedIn callback", async () => {
    const paths = libraryPaths();
    expect(paths.length).toBeGreaterThan(40);
    let closed = 0;
    for (const raw of paths) {
      const path = `/api/auth${raw.replace(/:[a-z]+/gi, "linkedin")}`;
      for (const method of ["GET", "POST"]) {
        if (method === "GET" && path === "/api/auth/callback/linkedin") continue;
        const res = await call(path, method === "POST" ? { json: {} } : { method });
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
        closed++;
      }
    }
    expect(closed).toBe(paths.length * 2 - 1);
  });

  it("are closed a second time inside the library (disabledPaths), every one of them", async () => {
    const listed = new Set(CLOSED_AUTH_PATHS);
    const unlisted = libraryPaths().filter((p) => !p.includes(":") && !listed.has(p));
    expect(unlisted).toEqual([]);
    for (const path of CLOSED_AUTH_PATHS) {
      const res = await site.app.auth.handler(
        new Request(`${site.app.url}/api/auth${path}`, {
          method: "POST",
          headers: { origin: site.app.url, "content-type": "application/json" },
          body: "{}",
        }),
      );
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });

  it("still forward the LinkedIn callback to the library", async () => {
    // No state: the library sends the browser to the site's /auth/callback with an error.
    const res = await call("/api/auth/callback/linkedin?code=x&state=y");
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!, site.app.url).pathname).toBe("/auth/callback");
  });
});

describe("sessions from the library", () => {
  it("are refused to a blocked member by password, username and e-mail code", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    await site.testDb.db.delete(sessions);
    await site.testDb.db
      .update(profiles)
      .set({ status: "blocked" })
      .where(eq(profiles.id, member.id));
    const headers = new Headers({ origin: site.app.url });
    const { api } = site.app.auth;
    const asks: [string, () => Promise<unknown>][] = [
      [
        "password",
        () => api.signInEmail({ body: { email: member.email, password: TEST_PASSWORD }, headers }),
      ],
      [
        "username",
        () =>
          api.signInUsername({
            body: { username: member.username, password: TEST_PASSWORD },
            headers,
          }),
      ],
      [
        "e-mail code",
        async () => {
          const otp = await api.createVerificationOTP({
            body: { email: member.email, type: "sign-in" },
          });
          return api.signInEmailOTP({ body: { email: member.email, otp }, headers });
        },
      ],
    ];
    for (const [way, ask] of asks) {
      const code = await ask().then(() => "signed in", errorCode);
      expect({ way, code }).toEqual({ way, code: SESSION_REFUSED.blocked });
    }
    expect(await site.testDb.db.select().from(sessions)).toEqual([]);
  });

  it("are refused to a locked account, and given again once the lock has passed", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    await site.testDb.db.delete(sessions);
    await site.testDb.db
      .update(profiles)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(profiles.id, member.id));
    const signIn = () =>
      site.app.auth.api.signInEmail({
        body: { email: member.email, password: TEST_PASSWORD },
        headers: new Headers({ origin: site.app.url }),
      });
    expect(await signIn().then(() => "signed in", errorCode)).toBe(SESSION_REFUSED.locked);
    expect(await site.testDb.db.select().from(sessions)).toEqual([]);
    await site.testDb.db
      .update(profiles)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, member.id));
    await signIn();
    expect(await site.testDb.db.select().from(sessions)).toHaveLength(1);
  });
});

describe("a user's image", () => {
  it("keeps only an https address or this site's uploads", async () => {
    const { api } = site.app.auth;
    const signUp = async (username: string, image: string) => {
      await api.signUpEmail({
        body: { email: `${username}@example.com`, password: "Secret123", name: username, image },
        headers: new Headers({ origin: site.app.url }),
      });
      const [row] = await site.testDb.db
        .select({ image: users.image, photo: profiles.profilePhotoUrl })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.username, username));
      return row;
    };
    expect(await signUp("script_user", "javascript:alert(1)")).toEqual({
      image: null,
      photo: null,
    });
    expect(await signUp("tab_user", "/\t/evil.example/x.png")).toEqual({
      image: null,
      photo: null,
    });
    expect(await signUp("http_user", "http://cdn.example/x.png")).toEqual({
      image: null,
      photo: null,
    });
    expect(await signUp("cdn_user", "https://cdn.example/x.png")).toEqual({
      image: "https://cdn.example/x.png",
      photo: "https://cdn.example/x.png",
    });

    const member = await signedInMember(site.app, site.testDb.db);
    const headers = new Headers({ cookie: member.jar.header(site.app.url) });
    const update = (image: string) =>
      api.updateUser({ body: { image }, headers }).then(
        () => "saved",
        (error: Error) => error.message,
      );
    for (const image of ["javascript:alert(1)", "/\\evil.example/x.png", "data:image/png,x"]) {
      expect({ image, answer: await update(image) }).toEqual({
        image,
        answer: IMAGE_REFUSED_MESSAGE,
      });
    }
    expect(await update("/uploads/profile-images/a/photo.webp")).toBe("saved");
    const [user] = await site.testDb.db.select().from(users).where(eq(users.id, member.id));
    expect(user!.image).toBe("/uploads/profile-images/a/photo.webp");
  });
});
