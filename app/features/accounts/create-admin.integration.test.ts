import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "#server/auth";
import { profiles, users } from "#server/db/schema";
import type { Mailer } from "#server/mail";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { createAdmin, CreateAdminError, generatePassword } from "./create-admin.server";
import { logIn } from "./login.server";
import { MESSAGES } from "./rules";

const testDb = testDatabaseForThisFile();
let auth: Auth;
const mailer: Mailer = { kind: "outbox", send: async () => {}, close: async () => {} };
const SITE = "http://localhost:3999";

beforeAll(() => {
  auth = createAuth({
    db: testDb.db,
    siteUrl: SITE,
    siteName: "FounderBridge",
    secret: "a-test-secret-that-is-long-enough-0123456789",
    mailer,
  });
});

describe("admin:create", () => {
  it("creates a verified, approved admin who can sign in", async () => {
    const password = generatePassword();
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[A-Za-z\d]{20}$/);
    await createAdmin(testDb.db, { email: "Root@Example.com", username: "Root_Admin", password });
    const [user] = await testDb.db.select().from(users);
    expect(user).toMatchObject({
      email: "root@example.com",
      emailVerified: true,
      username: "root_admin",
    });
    const [profile] = await testDb.db.select().from(profiles);
    expect(profile).toMatchObject({ role: "admin", status: "approved", username: "root_admin" });
    const result = await logIn(
      { db: testDb.db, auth },
      { email: "root@example.com", password },
      { ip: "127.0.0.1", userAgent: "vitest", headers: new Headers({ origin: SITE }) },
    );
    expect(result).toMatchObject({ ok: true });
  });

  it("refuses weak passwords, bad usernames and taken e-mails or usernames", async () => {
    const ok = { email: "a@example.com", username: "admin", password: "Secret123" };
    await expect(createAdmin(testDb.db, { ...ok, password: "weak" })).rejects.toThrow(
      MESSAGES.passwordLength,
    );
    await expect(createAdmin(testDb.db, { ...ok, username: "bad name" })).rejects.toThrow(
      MESSAGES.usernameFormat,
    );
    await expect(createAdmin(testDb.db, { ...ok, email: "nope" })).rejects.toThrow(
      CreateAdminError,
    );
    await createAdmin(testDb.db, ok);
    await expect(createAdmin(testDb.db, { ...ok, username: "other" })).rejects.toThrow(
      MESSAGES.emailTaken,
    );
    await expect(createAdmin(testDb.db, { ...ok, email: "b@example.com" })).rejects.toThrow(
      MESSAGES.usernameTaken,
    );
    expect(await testDb.db.select().from(users)).toHaveLength(1);
  });
});

describe("npm run admin:create", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "fb-admin-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    "prints a generated password, or takes one from standard input",
    { timeout: 60_000 },
    async () => {
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        NODE_ENV: "development",
        LOG_LEVEL: "warn",
      };
      const run = promisify(execFile);
      const tsx = path.resolve("node_modules/.bin/tsx");
      const first = await run(
        tsx,
        ["scripts/create-admin.ts", "--email", "one@example.com", "--username", "one"],
        { env },
      );
      expect(first.stdout).toMatch(/Administrator created: one@example.com \(@one\)/);
      expect(first.stdout).toMatch(/Password: [A-Za-z0-9]{20}\n/);

      const child = execFile(
        tsx,
        [
          "scripts/create-admin.ts",
          "--email",
          "two@example.com",
          "--username",
          "two",
          "--password-stdin",
        ],
        { env },
      );
      child.stdin!.end("Another123\n");
      const output = await new Promise<{ code: number | null; out: string }>((resolve) => {
        let out = "";
        child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
        child.on("close", (code) => resolve({ code, out }));
      });
      expect(output.code).toBe(0);
      expect(output.out).toContain("Administrator created: two@example.com");
      expect(output.out).not.toContain("Password:");
    },
  );
});
