/**
 * The admin pages' actions in-process (docs/request-pipeline.md "Testing a
 * loader or action in-process"): each route's action with a test context, an
 * admin as the actor, and the database. What each answers, the helper's own
 * 405, 413 and 400 included, is the page's action data (the form as typed
 * kept); the guard itself is the access-control matrix's, over HTTP.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config";
import { categories, contentApiKeys } from "#server/db/schema";
import { createLogger } from "#server/logger";
import { createStorage } from "#server/storage";
import { createUser } from "#tests/support/factories";
import { sessionUserOf } from "#tests/support/session-user";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import type { SessionUser } from "~/features/accounts/session.server";
import { UPLOAD_MESSAGES } from "~/features/authoring/uploads.server";
import { DIGEST_SETTINGS_MESSAGES } from "~/features/email/digest-settings";
import { IMPORT_MESSAGES } from "~/features/import/import-upload.server";
import { SITE_SETTINGS_MESSAGES } from "~/features/site-settings/settings-schema";
import { testServices } from "~/lib/services.server";
import type { ActionArgs } from "~/pipeline/action.server";
import { testContext } from "~/pipeline/test-context.server";
import { action as categoryAction } from "~/routes/admin.category";
import { action as contentApiAction } from "~/routes/admin.content-api";
import { action as emailAction } from "~/routes/admin.email";
import { action as importAction } from "~/routes/admin.import";
import { action as reportsAction } from "~/routes/admin.reports";
import { action as siteSettingsAction } from "~/routes/admin.site-settings";
import { action as webhooksAction } from "~/routes/admin.webhooks";
import { CATEGORY_EDITOR_MESSAGES } from "./category-editor.server";

const testDb = testDatabaseForThisFile();
const dataDir = mkdtempSync(path.join(tmpdir(), "founderbridge-admin-actions-"));
const config = loadConfig({
  NODE_ENV: "test",
  SITE_URL: "http://site.test",
  DATA_DIR: dataDir,
  BETTER_AUTH_SECRET: "an-admin-actions-test-secret-of-32-characters",
  LOG_LEVEL: "silent",
});

async function anAdmin(): Promise<SessionUser> {
  const user = await createUser(testDb.db, { role: "admin" });
  return sessionUserOf({
    id: user.id,
    role: "admin",
    status: "approved",
    email: user.email,
    username: user.username,
    sessionId: "s",
  });
}

type Action = (args: ActionArgs) => Promise<unknown>;

/** POSTs `body` to `action` as an admin: the status, the redirect's location and the body. */
async function send(
  action: Action,
  body: URLSearchParams | FormData | null,
  {
    params = {},
    method = "POST",
    headers = {},
  }: { params?: Record<string, string>; method?: string; headers?: Record<string, string> } = {},
) {
  const services = testServices({
    db: testDb.db,
    config,
    storage: createStorage({ dataDir }),
    log: createLogger("silent"),
  });
  const context = testContext({ services, actor: await anAdmin() });
  const request = new Request("http://site.test/admin/page", { method, body, headers });
  const value: unknown = await action({ request, params, context }).catch((e: unknown) => e);
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("location"), body: null };
  }
  const given = value as { data: unknown; init: ResponseInit | null };
  return { status: given.init?.status ?? 200, location: null, body: given.data };
}

const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) params.append(name, one);
  }
  return params;
};

describe("/admin/categories/:id", () => {
  it("creates and goes back to the tab; a refusal keeps what was typed", async () => {
    const made = await send(categoryAction, form({ name: "Ideas", slug: "ideas" }), {
      params: { categoryId: "new" },
    });
    expect(made).toMatchObject({
      status: 302,
      location: "/admin?tab=categories&done=category-created",
    });
    expect((await testDb.db.select().from(categories)).map((c) => c.slug)).toContain("ideas");

    const typed = { name: "Ideas", slug: "Not A Slug" };
    const refused = await send(categoryAction, form(typed), { params: { categoryId: "new" } });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: CATEGORY_EDITOR_MESSAGES.badSlug,
        values: { ...typed, description: "", sidebar_widget: "", sidebar_widget_2: "" },
      },
    });
    const taken = await send(categoryAction, form({ name: "Again", slug: "ideas" }), {
      params: { categoryId: "new" },
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { error: CATEGORY_EDITOR_MESSAGES.slugTaken },
    });
    const put = await send(categoryAction, null, { params: { categoryId: "new" }, method: "PUT" });
    expect(put).toEqual({
      status: 405,
      location: null,
      body: { error: "Method not allowed", values: null },
    });
  });
});

describe("/admin/content-api", () => {
  it("creates a key once, keeps a name typed, refuses an unknown key", async () => {
    const made = await send(contentApiAction, form({ intent: "create", name: "Partner" }));
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ error: null, typedName: "", created: { name: "Partner" } });
    expect(made.body).not.toHaveProperty("ok");
    expect(await testDb.db.select().from(contentApiKeys)).toHaveLength(1);
    const unnamed = await send(contentApiAction, form({ intent: "create", name: " " }));
    expect(unnamed).toMatchObject({
      status: 400,
      body: { error: "Please give the key a name", typedName: " ", notice: null, created: null },
    });
    const unknown = await send(
      contentApiAction,
      form({ intent: "revoke", id: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: "This key does not exist or is already revoked.", created: null },
    });
  });
});

describe("/admin/email", () => {
  it("saves the digest's day and time; a refusal keeps the fields typed", async () => {
    const saved = await send(emailAction, form({ enabled: "on", day: "2", time: "09:30" }));
    expect(saved).toEqual({
      status: 200,
      location: null,
      body: { saved: true, error: null, fields: null },
    });
    const typed = { enabled: "on", day: "9", time: "09:30" };
    const refused = await send(emailAction, form(typed));
    expect(refused).toMatchObject({
      status: 400,
      body: { saved: false, error: DIGEST_SETTINGS_MESSAGES.badDay, fields: typed },
    });
  });
});

describe("/admin/import", () => {
  it("answers a missing file, a bad address and a body too large beside their fields", async () => {
    const none = await send(importAction, form({ intent: "dry-run", author: "@asha" }));
    expect(none).toMatchObject({
      status: 400,
      body: {
        report: null,
        error: { field: "file", message: IMPORT_MESSAGES.noFile },
        values: { author: "asha", sourceUrl: "" },
      },
    });
    const badAddress = await send(importAction, form({ sourceUrl: "ghost.example" }));
    expect(badAddress).toMatchObject({
      status: 400,
      body: {
        error: { field: "sourceUrl", message: IMPORT_MESSAGES.sourceUrl },
        values: { author: "", sourceUrl: "ghost.example" },
      },
    });
    const big = await send(importAction, form({ intent: "dry-run" }), {
      headers: { "content-length": String(7 * 1024 * 1024) },
    });
    expect(big).toMatchObject({
      status: 413,
      body: { error: { field: "file", message: IMPORT_MESSAGES.tooLarge } },
    });
  });
});

describe("/admin/reports", () => {
  it("refuses an unknown decision and an item that is gone", async () => {
    const unknown = await send(
      reportsAction,
      form({ intent: "keep", kind: "post", id: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: "Invalid request: choose dismiss or delete", confirmStep: null },
    });
    const gone = await send(reportsAction, form({ intent: "dismiss", kind: "page", id: "x" }));
    expect(gone).toMatchObject({ status: 404, body: { confirmStep: null } });
  });
});

describe("/admin/site-settings", () => {
  it("saves, and refuses a body beyond the banner's size before reading it", async () => {
    const saved = await send(
      siteSettingsAction,
      form({ cookie_banner_message: "Cookies.", time_zone: "Europe/London" }),
    );
    expect(saved).toMatchObject({
      status: 200,
      body: { message: { text: SITE_SETTINGS_MESSAGES.saved }, values: null, field: null },
    });
    const big = await send(siteSettingsAction, form({ cookie_banner_message: "x" }), {
      headers: { "content-length": String(7 * 1024 * 1024) },
    });
    expect(big).toMatchObject({
      status: 413,
      body: { message: { text: UPLOAD_MESSAGES.tooLarge }, values: null, field: null },
    });
    const put = await send(siteSettingsAction, null, { method: "PUT" });
    expect(put).toMatchObject({
      status: 405,
      body: { message: { text: SITE_SETTINGS_MESSAGES.failed }, values: null, field: null },
    });
  });
});

describe("/admin/webhooks", () => {
  it("keeps an address typed when the form is refused; refuses an unknown hook", async () => {
    const refused = await send(
      webhooksAction,
      form({ intent: "create", url: "not an address", events: ["post.published"] }),
    );
    expect(refused).toEqual({
      status: 400,
      location: null,
      body: {
        notice: null,
        error: "Please enter a valid http(s) URL",
        urlError: null,
        typed: { url: "not an address", events: ["post.published"] },
      },
    });
    const unknown = await send(
      webhooksAction,
      form({ intent: "delete", id: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: "This webhook does not exist.", urlError: null, typed: null },
    });
  });
});
