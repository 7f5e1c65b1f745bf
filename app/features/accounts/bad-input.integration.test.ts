/**
 * Bad input at the account forms, over HTTP against the whole Express app, as
 * a script or a broken client would send it: missing fields, huge fields,
 * files and JSON where text is expected, repeated fields, the same form again
 * and again. Every answer is a 4xx with a message on the page (or the
 * spec's redirect), never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema";
import { browse, CookieJar, startTestApp, type TestApp } from "#tests/support/http-app";
import { testDatabaseForThisFile } from "#tests/support/test-database";

const testDb = testDatabaseForThisFile();
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ testDb });
});
afterAll(async () => {
  await app?.close();
});

const MB = "x".repeat(1024 * 1024);
/**
 * Far past any field's limit, while a whole form of them stays under the
 * server's 512 KB body cap (decision 0040), so the form's own checks answer.
 */
const HUGE = "x".repeat(40 * 1024);
const FORMS = [
  "/signup",
  "/login",
  "/verify-otp",
  "/forgot-password",
  "/reset-password",
  "/resend-verification",
] as const;

type Answer = { status: number; location: string | null; html: string };

async function post(
  path: string,
  body: BodyInit,
  headers: Record<string, string> = {},
  jar = new CookieJar(),
): Promise<Answer> {
  const response = await browse(jar, `${app.url}${path}`, { method: "POST", body, headers });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: await response.text(),
  };
}

const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
  return params;
};

/** The message in the page's red box. */
const alertOf = (html: string) =>
  /role="alert"[^>]*>([^<]+)</.exec(html)?.[1]?.replaceAll("&#x27;", "'") ?? null;

/** A 4xx with a message, or (verify-otp without an e-mail, docs/product/accounts.md#verification-code) a redirect to /signup. */
function expectClearRefusal(path: string, answer: Answer) {
  if (path === "/verify-otp" && answer.status === 302) {
    expect(answer.location).toBe("/signup");
    return;
  }
  expect(
    answer.status,
    `${path}: ${answer.status} ${answer.html.slice(0, 200)}`,
  ).toBeGreaterThanOrEqual(400);
  expect(answer.status, path).toBeLessThan(500);
  // Without a valid token, /reset-password shows the spec's Invalid Reset Link page.
  if (path === "/reset-password" && answer.html.includes("Invalid Reset Link")) return;
  const message = alertOf(answer.html);
  expect(message, `${path} shows no message`).toBeTruthy();
  expect(message).not.toMatch(/something went wrong|unexpected|error:/i);
}

/** Full, plausible fields for each form. */
const FIELDS: Record<(typeof FORMS)[number], Record<string, string>> = {
  "/signup": {
    fullName: "Asha K",
    username: "asha_k",
    email: "asha@example.com",
    password: "Secret123",
    confirmPassword: "Secret123",
    terms: "on",
    website: "",
    startedAt: "",
  },
  "/login": { email: "asha@example.com", password: "Secret123", redirectTo: "/" },
  "/verify-otp": { email: "asha@example.com", digit: "1" },
  "/forgot-password": { email: "asha@example.com" },
  "/reset-password": { token: "not-a-token", password: "Secret123", confirmPassword: "Secret123" },
  "/resend-verification": { email: "asha@example.com" },
};

describe("account forms refuse bad input with a clear 4xx", () => {
  it.each(FORMS)("%s: an empty form", async (path) => {
    expectClearRefusal(path, await post(path, form({}), urlencoded));
  });

  it.each(FORMS)("%s: a body over the server's cap gets 413 Request too large", async (path) => {
    const answer = await post(
      path,
      form({ ...FIELDS[path], email: `${MB}@example.com` }),
      urlencoded,
    );
    expect(answer.status).toBe(413);
    expect(answer.html).toBe("Request too large");
    expect(await testDb.db.select().from(users)).toEqual([]);
  });

  it.each(FORMS)("%s: every field 40 KB", async (path) => {
    const fields = Object.fromEntries(Object.keys(FIELDS[path]).map((name) => [name, HUGE]));
    // A filled trap field stops sign-up silently (docs/product/accounts.md#sign-up); a bot gets no hint.
    if (path === "/signup") fields.website = "";
    // verify-otp needs a real address to get past the redirect to /signup.
    if (path === "/verify-otp") fields.email = "asha@example.com";
    expectClearRefusal(path, await post(path, form(fields), urlencoded));
    expect(await testDb.db.select().from(users)).toEqual([]);
  });

  it.each(FORMS)("%s: a 40 KB e-mail with the other fields right", async (path) => {
    const answer = await post(
      path,
      form({ ...FIELDS[path], email: `${HUGE}@example.com` }),
      urlencoded,
    );
    expectClearRefusal(path, answer);
  });

  it.each(FORMS)("%s: files where text is expected (multipart)", async (path) => {
    const body = new FormData();
    for (const name of Object.keys(FIELDS[path]))
      body.append(name, new Blob(["asha@example.com"], { type: "text/plain" }), "field.txt");
    expectClearRefusal(path, await post(path, body));
  });

  it.each(FORMS)("%s: a JSON body", async (path) => {
    const answer = await post(path, JSON.stringify(FIELDS[path]), {
      "content-type": "application/json",
    });
    expectClearRefusal(path, answer);
  });

  it.each(FORMS)("%s: a body that is not what its content type says", async (path) => {
    const answer = await post(path, "--not-a-boundary\r\ngarbage", {
      "content-type": "multipart/form-data; boundary=expected",
    });
    expectClearRefusal(path, answer);
  });

  it.each(FORMS)("%s: every field repeated, arrays of values", async (path) => {
    const fields = Object.fromEntries(
      Object.entries(FIELDS[path]).map(([name, value]) => [name, [value, HUGE, ""]]),
    );
    fields.email = ["not-an-email", "asha@example.com"];
    expectClearRefusal(path, await post(path, form(fields), urlencoded));
  });
});

const urlencoded = { "content-type": "application/x-www-form-urlencoded" };

describe("the script client's endpoints (single fetch, /{form}.data)", () => {
  it.each(FORMS)("%s.data: empty, 1 MB and JSON bodies never answer 5xx", async (path) => {
    const big = Object.fromEntries(Object.keys(FIELDS[path]).map((name) => [name, MB]));
    for (const [body, headers] of [
      [form({}), urlencoded],
      [form(big), urlencoded],
      [JSON.stringify(FIELDS[path]), { "content-type": "application/json" }],
    ] as const) {
      const answer = await post(`${path}.data`, body, headers);
      expect(answer.status, `${path}.data answered ${answer.status}`).toBeLessThan(500);
      expect([200, 202, 204].includes(answer.status) || answer.status >= 300).toBe(true);
      expect(answer.html).not.toMatch(/Unexpected Server Error/i);
    }
  });
});

describe("the same form again and again", () => {
  it("/login: wrong passwords from one address end in 429 with a message, never a 500", async () => {
    const answers = await Promise.all(
      Array.from({ length: 35 }, () =>
        post("/login", form({ email: "nobody@example.com", password: "Wrong1234" }), urlencoded),
      ),
    );
    for (const answer of answers) expectClearRefusal("/login", answer);
    const statuses = new Set(answers.map((a) => a.status));
    expect(statuses).toEqual(new Set([401, 429]));
  });

  it.each(["/forgot-password", "/resend-verification"] as const)(
    "%s: repeated requests end in 429 with a message",
    async (path) => {
      const answers: Answer[] = [];
      for (let i = 0; i < 8; i++)
        answers.push(await post(path, form({ email: "asha@example.com" }), urlencoded));
      expect(answers[0]!.status).toBe(200);
      const last = answers.at(-1)!;
      expectClearRefusal(path, last);
      expect(last.status).toBe(429);
    },
  );

  it("/verify-otp: repeated wrong codes and resends answer 4xx with a message", async () => {
    for (let i = 0; i < 7; i++) {
      const wrong = await post(
        "/verify-otp",
        form({ email: "asha@example.com", digit: ["1", "2", "3", "4", "5", "6"] }),
        urlencoded,
      );
      expectClearRefusal("/verify-otp", wrong);
    }
    const resends: Answer[] = [];
    for (let i = 0; i < 3; i++)
      resends.push(
        // As the page's form posts: to its own address, which carries the e-mail.
        await post(
          "/verify-otp?email=asha%40example.com",
          form({ email: "asha@example.com", intent: "resend" }),
          urlencoded,
        ),
      );
    expectClearRefusal("/verify-otp", resends.at(-1)!);
    expect(resends.at(-1)!.status).toBe(429);
  });

  it("/signup: the same sign-up twice is refused the second time", async () => {
    // A time token issued by the page more than 3 seconds ago.
    const page = await browse(new CookieJar(), `${app.url}/signup`);
    const token = /name="startedAt" value="([^"]+)"/.exec(await page.text())![1]!;
    const [issued, signature] = token.split(".");
    expect(issued && signature).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const fields = { ...FIELDS["/signup"], startedAt: token };
    const first = await post("/signup", form(fields), urlencoded);
    expect(first.status).toBe(302);
    const second = await post("/signup", form(fields), urlencoded);
    expectClearRefusal("/signup", second);
    expect(second.status).toBe(409);
    expect(await testDb.db.select().from(users)).toHaveLength(1);
  });
});

describe("without LinkedIn configured", () => {
  it("hides the button and refuses /auth/linkedin with a message", async () => {
    for (const page of ["/login", "/signup"]) {
      const response = await browse(new CookieJar(), `${app.url}${page}`);
      expect(await response.text()).not.toContain("Sign in with LinkedIn");
    }
    const start = await browse(new CookieJar(), `${app.url}/auth/linkedin`);
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("/login?error=linkedin_unavailable");
  });
});
