/**
 * The action helper's order (docs/request-pipeline.md): method → session →
 * guard → capped read with the schema → feature → answer; no body is read
 * before the guard. In-process, with a test context: no server, no database.
 */
import { redirect, RouterContextProvider } from "react-router";
import { streamedPost } from "#tests/support/streamed-post";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { servicesContext } from "#server/services";
import type { SessionUser } from "~/features/accounts/session.server";
import { testServices } from "~/lib/services.server";
import { action as uploadAction } from "~/routes/api.uploads";
import { UPLOAD_MESSAGES } from "~/features/authoring/uploads.server";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as metadataAction } from "~/routes/api.metadata";
import { defineAction, defineIntents, definePublicAction, intent } from "./action.server";
import { sessionContext } from "./guards.server";
import { testContext } from "./test-context.server";
import { anyString } from "#tests/support/json";

const MB = 1024 * 1024;

function member(role: SessionUser["role"], status: SessionUser["status"] = "approved") {
  return {
    id: `${role}-id`,
    role,
    status,
    email: `${role}@example.com`,
    username: role,
    fullName: null,
    profilePhotoUrl: null,
    profileCompleted: true,
    twoFactorEnabled: false,
    adminNeedsTwoFactor: false,
    sessionId: "s",
  } satisfies SessionUser;
}

/** A context whose session records, in `steps`, when it is asked. */
function recordingContext(actor: SessionUser | null, steps: string[]) {
  const context = new RouterContextProvider();
  context.set(servicesContext, testServices({}));
  const session = {
    then(resolve: (value: SessionUser | null) => unknown) {
      steps.push("session");
      return Promise.resolve(actor).then(resolve);
    },
  } as Promise<SessionUser | null>;
  context.set(sessionContext, session);
  return context;
}

const schema = z.object({ title: z.string().min(1, "Please give a title") });

function titled(steps: string[], result: Parameters<typeof Promise.resolve>[0] = { ok: true }) {
  return defineAction({
    permission: "comment.create",
    schema,
    limit: 1024,
    run: (_services, actor, input) => {
      steps.push(`run ${actor.role} ${input.title}`);
      return Promise.resolve(result as { ok: true });
    },
  });
}

/** What an action gave back, thrown or returned, as status and body. */
async function outcome(work: Promise<unknown>) {
  const value: unknown = await work.catch((thrown: unknown) => thrown);
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("location"),
      cacheControl: value.headers.get("cache-control"),
      retryAfter: value.headers.get("retry-after"),
      body: value.headers.get("content-type")?.includes("json")
        ? ((await value.json()) as unknown)
        : null,
    };
  }
  const given = value as { data: unknown; init: ResponseInit | null };
  return {
    status: given.init?.status ?? 200,
    location: null,
    cacheControl: new Headers(given.init?.headers).get("cache-control"),
    retryAfter: new Headers(given.init?.headers).get("retry-after"),
    body: given.data,
  };
}

describe("defineAction", () => {
  it("runs method, session, guard, body, feature in that order", async () => {
    const steps: string[] = [];
    const result = await outcome(
      titled(steps)({
        request: streamedPost("title=Hello", steps),
        params: {},
        context: recordingContext(member("user"), steps),
      }),
    );
    expect(steps).toEqual(["session", "body", "run user Hello"]);
    expect(result).toMatchObject({ status: 200, body: {} });
    expect(result.cacheControl).toBe("private, no-store");
  });

  it("answers 405 to another method, asking nothing and reading nothing", async () => {
    const steps: string[] = [];
    const result = await outcome(
      titled(steps)({
        request: streamedPost("title=Hello", steps, { method: "PUT" }),
        params: {},
        context: recordingContext(member("user"), steps),
      }),
    );
    expect(result).toMatchObject({ status: 405, body: { error: "Method not allowed" } });
    expect(steps).toEqual([]);
  });

  it("refuses a visitor and a pending member before the body is read", async () => {
    for (const [who, to] of [
      [null, "/login?redirectTo=%2Fapi%2Fthing"],
      [member("user", "pending"), "/pending-approval"],
    ] as const) {
      const steps: string[] = [];
      const result = await outcome(
        titled(steps)({
          request: streamedPost("title=Hello", steps),
          params: {},
          context: recordingContext(who, steps),
        }),
      );
      expect(result).toMatchObject({ status: 302, location: to });
      expect(steps).toEqual(["session"]);
    }
  });

  it("answers 413 past the cap, without calling the feature", async () => {
    const steps: string[] = [];
    const result = await outcome(
      titled(steps)({
        request: streamedPost(`title=${"x".repeat(4096)}`, steps),
        params: {},
        context: testContext({ services: testServices({}), actor: member("user") }),
      }),
    );
    expect(result).toMatchObject({ status: 413, body: { error: "Request too large" } });
    expect(steps).toEqual(["body"]);
  });

  it("answers 400 with the field errors when the schema refuses", async () => {
    const steps: string[] = [];
    const context = testContext({ services: testServices({}), actor: member("user") });
    const result = await outcome(
      titled(steps)({ request: streamedPost("title=", steps), params: {}, context }),
    );
    expect(result).toMatchObject({
      status: 400,
      body: { error: "Invalid request", fieldErrors: { title: "Please give a title" } },
    });
    const own = defineAction({
      permission: "comment.create",
      schema,
      messages: { schemaMessage: true },
      run: () => Promise.resolve({ ok: true as const }),
    });
    expect(
      await outcome(own({ request: streamedPost("title=", []), params: {}, context })),
    ).toMatchObject({ status: 400, body: { error: "Please give a title" } });
  });

  it("sends a feature's refusal with its status, a success as a redirect or data", async () => {
    const context = () => testContext({ services: testServices({}), actor: member("user") });
    const refused = { ok: false, status: 409, error: "Taken", fieldErrors: { title: "Taken" } };
    expect(
      await outcome(
        titled(
          [],
          refused,
        )({ request: streamedPost("title=a", []), params: {}, context: context() }),
      ),
    ).toMatchObject({ status: 409, body: { error: "Taken", fieldErrors: { title: "Taken" } } });
    const moved = await outcome(
      titled([], { ok: true, redirect: "/done" })({
        request: streamedPost("title=a", []),
        params: {},
        context: context(),
      }),
    );
    expect(moved).toMatchObject({
      status: 302,
      location: "/done",
      cacheControl: "private, no-store",
    });
  });

  it("sends a success without the helper's ok, unless the route keeps it (docs/decisions/0220)", async () => {
    const context = () => testContext({ services: testServices({}), actor: member("user") });
    const saved = { ok: true as const, saved: true };
    const request = () => streamedPost("title=a", []);
    expect(
      (await outcome(titled([], saved)({ request: request(), params: {}, context: context() })))
        .body,
    ).toEqual({ saved: true });
    const keeping = defineAction({
      permission: "comment.create",
      schema,
      wire: "ok",
      run: () => Promise.resolve(saved),
    });
    expect(
      (await outcome(keeping({ request: request(), params: {}, context: context() }))).body,
    ).toEqual({ ok: true, saved: true });
  });

  it("dresses its own 405, 413 and 400 as the route's page data, with what was typed", async () => {
    const context = () => testContext({ services: testServices({}), actor: member("user") });
    const page = defineAction({
      permission: "comment.create",
      schema,
      limit: 16,
      messages: { schemaMessage: true, tooLarge: "Too much" },
      refusedBody: ({ problem, error, fields }) => ({
        problem,
        error,
        typed: typeof fields?.title === "string" ? fields.title : null,
      }),
      run: () => Promise.resolve({ ok: true as const }),
    });
    const answers = await Promise.all(
      [
        streamedPost("", [], { method: "PUT" }),
        streamedPost(`title=${"x".repeat(64)}`, []),
        streamedPost("title=", []),
      ].map((request) => outcome(page({ request, params: {}, context: context() }))),
    );
    expect(answers.map((a) => [a.status, a.body, a.cacheControl])).toEqual([
      [405, { problem: "method", error: "Method not allowed", typed: null }, "private, no-store"],
      [413, { problem: "too-large", error: "Too much", typed: null }, "private, no-store"],
      [400, { problem: "invalid", error: "Please give a title", typed: "" }, "private, no-store"],
    ]);
  });

  it("lets a guarded page answer a refused body in its own status, with the member and the request", async () => {
    const context = () => testContext({ services: testServices({}), actor: member("user") });
    const steps: string[] = [];
    const page = defineAction({
      permission: "comment.create",
      schema,
      limit: 16,
      refused: (_services, actor, { problem, fields }, { request }) => {
        steps.push(`refused ${actor?.role} ${request.method}`);
        return {
          ok: false,
          status: 404,
          error: "Not found",
          problem,
          typed: fields?.title ?? null,
        };
      },
      run: () => {
        steps.push("run");
        return Promise.resolve({ ok: true as const });
      },
    });
    const answers = await Promise.all(
      [
        streamedPost("", [], { method: "PUT" }),
        streamedPost(`title=${"x".repeat(64)}`, []),
        streamedPost("title=", []),
      ].map((request) => outcome(page({ request, params: {}, context: context() }))),
    );
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [405, { error: "Method not allowed" }],
      [404, { error: "Not found", problem: "too-large", typed: null }],
      [404, { error: "Not found", problem: "invalid", typed: "" }],
    ]);
    expect(steps).toEqual(["refused user POST", "refused user POST"]);
  });

  it("puts the action's own headers on every answer it makes, over its no-store", async () => {
    const context = () => testContext({ services: testServices({}), actor: member("user") });
    const page = defineAction({
      permission: "comment.create",
      schema,
      headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
      run: (_services, _actor, { title }) =>
        Promise.resolve(
          title === "no"
            ? { ok: false as const, status: 409, error: "Taken" }
            : { ok: true as const, title },
        ),
    });
    const answers = await Promise.all(
      [
        streamedPost("", [], { method: "PUT" }),
        streamedPost("title=no", []),
        streamedPost("title=yes", []),
      ].map(async (request) => {
        const answer = (await page({ request, params: {}, context: context() })) as {
          init: ResponseInit | null;
        };
        const headers = new Headers(answer.init?.headers);
        return [
          answer.init?.status ?? 200,
          headers.get("cache-control"),
          headers.get("referrer-policy"),
        ];
      }),
    );
    expect(answers).toEqual([
      [405, "no-store", "no-referrer"],
      [409, "no-store", "no-referrer"],
      [200, "no-store", "no-referrer"],
    ]);
  });
});

describe("defineIntents", () => {
  const run = (steps: string[], name: string) => () => {
    steps.push(`run ${name}`);
    return Promise.resolve({ ok: true as const });
  };
  const intents = (steps: string[]) =>
    defineIntents({
      intents: {
        post: intent({ permission: "comment.create", schema, run: run(steps, "post") }),
        broadcast: intent({ permission: "broadcast.send", schema, run: run(steps, "broadcast") }),
      },
    });

  it("lets through, before the body, whoever may do one intent; then the intent's own", async () => {
    const steps: string[] = [];
    const user = recordingContext(member("user"), steps);
    const posted = await outcome(
      intents(steps)({
        request: streamedPost("intent=post&title=a", steps),
        params: {},
        context: user,
      }),
    );
    expect(posted.status).toBe(200);
    expect(steps).toEqual(["session", "body", "run post"]);
    const refused = await outcome(
      intents([])({
        request: streamedPost("intent=broadcast&title=a", []),
        params: {},
        context: recordingContext(member("user"), []),
      }),
    );
    expect(refused.status).toBe(403);
  });

  it("refuses a visitor before the body; answers 400 to an unknown intent", async () => {
    const steps: string[] = [];
    const visitor = await outcome(
      intents(steps)({
        request: streamedPost("intent=post&title=a", steps),
        params: {},
        context: recordingContext(null, steps),
      }),
    );
    expect(visitor).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fapi%2Fthing" });
    expect(steps).toEqual(["session"]);
    const unknown = await outcome(
      intents([])({
        request: streamedPost("intent=other&title=a", []),
        params: {},
        context: recordingContext(member("admin"), []),
      }),
    );
    expect(unknown).toMatchObject({ status: 400, body: { error: "Unknown action" } });
  });
});

describe("POST /api/uploads", () => {
  it("refuses a visitor's 6 MB upload without reading the body", async () => {
    const steps: string[] = [];
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(6 * MB)], { type: "image/png" }), "big.png");
    const encoded = new Request("https://site.test/", { method: "POST", body: form });
    const type = encoded.headers.get("content-type")!;
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const result = await outcome(
      uploadAction({
        request: streamedPost(bytes, steps, { type }),
        params: {},
        context: recordingContext(null, steps),
      }),
    );
    expect(result).toMatchObject({ status: 403, body: { error: UPLOAD_MESSAGES.forbidden } });
    expect(steps).toEqual(["session"]);
  });
});

describe("definePublicAction", () => {
  const titledForAnyone = (record: string[]) =>
    definePublicAction({
      schema,
      limit: 1024,
      run: (_services, actor, input) => {
        record.push(`run ${actor?.role ?? "visitor"} ${input.title}`);
        return Promise.resolve({ ok: true as const, said: input.title });
      },
    });

  it("runs method, session, body, feature in that order; the feature gets the member or null", async () => {
    for (const who of [null, member("user", "pending"), member("user", "blocked")]) {
      const record: string[] = [];
      const result = await outcome(
        titledForAnyone(record)({
          request: streamedPost("title=Hello", record),
          params: {},
          context: recordingContext(who, record),
        }),
      );
      const role = who ? "user" : "visitor";
      expect(record).toEqual(["session", "body", `run ${role} Hello`]);
      expect(result).toMatchObject({ status: 200, body: { said: "Hello" } });
      expect(result.cacheControl).toBe("private, no-store");
    }
  });

  it("answers 405 to GET and to a PUT with a body, asking nothing and reading nothing", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const record: string[] = [];
      const result = await outcome(
        titledForAnyone(record)({
          request: streamedPost("title=Hello", record, { method }),
          params: {},
          context: recordingContext(null, record),
        }),
      );
      expect({ method, ...result }).toMatchObject({
        method,
        status: 405,
        body: { error: "Method not allowed" },
        cacheControl: "private, no-store",
      });
      expect(record).toEqual([]);
    }
  });

  it("answers 413 to a declared length past the cap without pulling a byte", async () => {
    const record: string[] = [];
    const big = `title=${"x".repeat(4096)}`;
    const result = await outcome(
      titledForAnyone(record)({
        request: streamedPost(big, record, { headers: { "content-length": String(big.length) } }),
        params: {},
        context: recordingContext(null, record),
      }),
    );
    expect(result).toMatchObject({ status: 413, body: { error: "Request too large" } });
    expect(record).toEqual(["session"]);
  });

  it("answers 413 to a chunked body past the cap; the feature never runs", async () => {
    const record: string[] = [];
    const result = await outcome(
      titledForAnyone(record)({
        request: streamedPost(`title=${"x".repeat(200 * 1024)}`, record),
        params: {},
        context: recordingContext(null, record),
      }),
    );
    expect(result).toMatchObject({ status: 413, body: { error: "Request too large" } });
    expect(record).toEqual(["session", "body"]);
  });

  it("lets the page answer a refused body in its own words and status, with what was typed", async () => {
    const seen: unknown[] = [];
    const page = definePublicAction({
      schema,
      limit: 64,
      messages: { schemaMessage: true, tooLarge: "Fill in the form", invalid: "Fill in the form" },
      refused: (_services, actor, { problem, error, fields }) => {
        seen.push([problem, actor?.role ?? null]);
        return {
          ok: false as const,
          status: 422,
          error,
          typed: typeof fields?.title === "string" ? fields.title : null,
        };
      },
      run: () => Promise.resolve({ ok: true as const }),
    });
    const context = () => testContext({ services: testServices({}), actor: null });
    const answers = await Promise.all(
      [
        streamedPost("", [], { method: "PUT" }),
        streamedPost(`title=${"x".repeat(128)}`, []),
        streamedPost("title=", []),
        streamedPost("not a form", [], { type: "text/plain" }),
      ].map((request) => outcome(page({ request, params: {}, context: context() }))),
    );
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [405, { error: "Method not allowed" }],
      [422, { error: "Fill in the form", typed: null }],
      [422, { error: "Please give a title", typed: "" }],
      [422, { error: "Fill in the form", typed: null }],
    ]);
    expect(seen).toEqual([
      ["too-large", null],
      ["invalid", null],
      ["unreadable", null],
    ]);
  });

  it("puts the feature's cookies on the answer, a redirect or data, never in the body", async () => {
    const cookies = ["a=1; Path=/; HttpOnly", "b=2; Path=/"];
    const make = (redirect?: string) =>
      definePublicAction({
        schema,
        run: () => Promise.resolve({ ok: true as const, redirect, setCookie: cookies }),
      });
    const context = () => testContext({ services: testServices({}), actor: null });
    const moved = await make("/next")({
      request: streamedPost("title=a", []),
      params: {},
      context: context(),
    }).catch((thrown: unknown) => thrown);
    expect(moved).toBeInstanceOf(Response);
    const response = moved as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/next");
    expect(response.headers.getSetCookie()).toEqual(cookies);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const stayed = (await make()({
      request: streamedPost("title=a", []),
      params: {},
      context: context(),
    })) as unknown as { data: unknown; init: ResponseInit };
    expect(stayed.data).toEqual({});
    expect(new Headers(stayed.init.headers).getSetCookie()).toEqual(cookies);
  });

  it("reads no body when the action takes none (schema: null)", async () => {
    const record: string[] = [];
    const bodiless = definePublicAction({
      schema: null,
      run: (_services, actor, input) => {
        record.push(`run ${actor?.role ?? "visitor"} ${String(input)}`);
        return Promise.resolve({ ok: true as const, redirect: "/" });
      },
    });
    const result = await outcome(
      bodiless({
        request: streamedPost(`x=${"y".repeat(4096)}`, record),
        params: {},
        context: recordingContext(member("mentor"), record),
      }),
    );
    expect(result).toMatchObject({ status: 302, location: "/" });
    expect(record).toEqual(["session", "run mentor undefined"]);
  });
});

describe("the account pages' public actions", () => {
  it("/login and /logout answer 405 to a PUT before reading anything or signing anyone in or out", async () => {
    for (const action of [loginAction, logoutAction]) {
      const record: string[] = [];
      const result = await outcome(
        action({
          request: streamedPost("email=a%40example.com&password=Secret123", record, {
            method: "PUT",
          }),
          params: {},
          context: recordingContext(member("user"), record),
        }),
      );
      expect(result).toMatchObject({ status: 405, body: { error: "Method not allowed" } });
      expect(record).toEqual([]);
    }
  });
});

describe('a JSON body (body: "json")', () => {
  const looked: string[] = [];
  const lookup = defineAction({
    permission: "post.write",
    refusal: { status: 403, error: "Permission denied" },
    body: "json",
    schema: z.object({ url: z.string().max(16) }),
    limit: 1024,
    messages: { invalid: "A valid URL is required" },
    run: (_services, _actor, { url }) => {
      looked.push(url);
      return Promise.resolve({ ok: true as const, url });
    },
  });
  const json = { type: "application/json" };
  const context = () => testContext({ services: testServices({}), actor: member("mentor") });

  it("checks the document with the schema, its strings cleaned; refuses what is not JSON or too large", async () => {
    const answers = await Promise.all(
      [
        streamedPost(JSON.stringify({ url: "https://a.test\u0000" }), [], json),
        streamedPost("url=https://a.test", [], json),
        streamedPost(JSON.stringify({ url: 5 }), [], json),
        streamedPost(JSON.stringify({ url: "x".repeat(4096) }), [], json),
      ].map((request) => outcome(lookup({ request, params: {}, context: context() }))),
    );
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [200, { url: "https://a.test" }],
      [400, { error: "A valid URL is required" }],
      [400, { error: "A valid URL is required", fieldErrors: { url: anyString() } }],
      [413, { error: "Request too large" }],
    ]);
    expect(looked).toEqual(["https://a.test"]);
  });

  it("/api/metadata refuses a visitor and a member with 403 before reading the body", async () => {
    for (const who of [null, member("user")]) {
      const record: string[] = [];
      const result = await outcome(
        metadataAction({
          request: streamedPost(JSON.stringify({ url: "https://a.test/" }), record, json),
          params: {},
          context: recordingContext(who, record),
        }),
      );
      expect(result).toMatchObject({ status: 403, body: { error: "Permission denied" } });
      expect(record).toEqual(["session"]);
    }
  });
});

describe("the options of decision 0252", () => {
  const context = (who: SessionUser | null, steps: string[]) => recordingContext(who, steps);

  it("`before` refuses after the method, before the session and the body", async () => {
    const flood = (steps: string[]) =>
      definePublicAction({
        before: (_services, { request }) => {
          steps.push("before");
          return request.headers.get("x-flood")
            ? {
                ok: false as const,
                status: 429,
                error: "Slow down",
                setHeaders: { "Retry-After": "60" },
              }
            : null;
        },
        schema,
        run: (_services, _actor, input) => {
          steps.push(`run ${input.title}`);
          return Promise.resolve({ ok: true as const });
        },
      });
    const refused: string[] = [];
    const request = streamedPost("title=a", refused, { headers: { "x-flood": "1" } });
    const result = await outcome(
      flood(refused)({ request, params: {}, context: context(null, refused) }),
    );
    expect(result).toMatchObject({ status: 429, body: { error: "Slow down" } });
    expect(result.retryAfter).toBe("60");
    expect(refused).toEqual(["before"]);

    const put: string[] = [];
    const wrong = streamedPost("title=a", put, { method: "PUT" });
    expect(
      (await outcome(flood(put)({ request: wrong, params: {}, context: context(null, put) })))
        .status,
    ).toBe(405);
    expect(put).toEqual([]);

    const let_: string[] = [];
    await outcome(
      flood(let_)({
        request: streamedPost("title=a", let_),
        params: {},
        context: context(null, let_),
      }),
    );
    expect(let_).toEqual(["before", "session", "body", "run a"]);
  });

  it("`session: false` asks for no member unless the feature does (extra.session)", async () => {
    const steps: string[] = [];
    const lazy = definePublicAction({
      session: false,
      schema,
      run: async (_services, actor, input, extra) => {
        steps.push(`run ${actor === null ? "nobody" : "someone"}`);
        if (input.title === "who")
          steps.push(`asked ${(await extra.session())?.role ?? "visitor"}`);
        return { ok: true as const };
      },
    });
    await outcome(
      lazy({
        request: streamedPost("title=a", steps),
        params: {},
        context: context(member("user"), steps),
      }),
    );
    expect(steps).toEqual(["body", "run nobody"]);
    steps.length = 0;
    await outcome(
      lazy({
        request: streamedPost("title=who", steps),
        params: {},
        context: context(member("user"), steps),
      }),
    );
    expect(steps).toEqual(["body", "run nobody", "session", "asked user"]);
  });

  it("answers an empty outcome with its status and no body", async () => {
    const beacon = definePublicAction({
      session: false,
      schema: null,
      run: (_services, _actor, _input, { request }) =>
        Promise.resolve({
          ok: request.headers.get("x-ok") === "1",
          status: request.headers.get("x-ok") === "1" ? 204 : 429,
          empty: true as const,
        }),
    });
    for (const [ok, status] of [
      ["1", 204],
      ["0", 429],
    ] as const) {
      const steps: string[] = [];
      const request = streamedPost("ignored", steps, { headers: { "x-ok": ok } });
      const res = (await beacon({
        request,
        params: {},
        context: context(null, steps),
      })) as Response;
      expect(res).toBeInstanceOf(Response);
      expect([res.status, await res.text(), res.headers.get("content-type")]).toEqual([
        status,
        "",
        null,
      ]);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(steps).toEqual([]);
    }
  });

  it('reads JSON or a form by the content type (body: "form-or-json"), each with its own shape', async () => {
    const either = definePublicAction({
      body: "form-or-json",
      schema: z.discriminatedUnion("format", [
        z.object({ format: z.literal("json"), body: z.object({ n: z.number() }) }),
        z.object({ format: z.literal("form"), body: z.object({ s: z.string().min(1) }) }),
      ]),
      run: (_services, _actor, input, { format }) =>
        Promise.resolve({ ok: true as const, format, value: input.body }),
    });
    const send = (request: Request) =>
      outcome(either({ request, params: {}, context: context(null, []) }));
    const json = { type: "application/json" };
    expect((await send(streamedPost(JSON.stringify({ n: 1 }), [], json))).body).toEqual({
      format: "json",
      value: { n: 1 },
    });
    expect((await send(streamedPost("s=x", []))).body).toEqual({
      format: "form",
      value: { s: "x" },
    });
    expect((await send(streamedPost("n=1", [], json))).status).toBe(400);
    expect((await send(streamedPost(JSON.stringify({ s: "x" }), [], json))).status).toBe(400);
  });

  it("redirects with the route's status, and sends the envelope as run made it (wire)", async () => {
    const back = defineAction({
      permission: "comment.create",
      schema,
      redirectStatus: 303,
      run: () => Promise.resolve({ ok: true as const, redirect: "/back" }),
    });
    const ctx = () => testContext({ services: testServices({}), actor: member("user") });
    expect(
      await outcome(back({ request: streamedPost("title=a", []), params: {}, context: ctx() })),
    ).toMatchObject({ status: 303, location: "/back" });

    const envelope = defineAction({
      permission: "comment.create",
      schema,
      wire: "envelope",
      run: (_services, _actor, { title }) =>
        Promise.resolve(
          title === "no"
            ? { ok: false as const, status: 409, error: "Taken" }
            : { ok: true as const, saved: title },
        ),
    });
    const send = (title: string) =>
      outcome(
        envelope({ request: streamedPost(`title=${title}`, []), params: {}, context: ctx() }),
      );
    expect(await send("no")).toMatchObject({
      status: 409,
      body: { ok: false, status: 409, error: "Taken" },
    });
    expect(await send("yes")).toMatchObject({ status: 200, body: { ok: true, saved: "yes" } });
  });

  it('guards on the route\'s resource; "not-found" refuses with the bodiless 404 before the body', async () => {
    const asked: string[] = [];
    const manage = defineAction({
      permission: "post.write",
      refusal: "not-found",
      resource: (_services, { params }) => {
        asked.push(`resource ${params.id}`);
        return Promise.resolve(
          params.id === "mine"
            ? { kind: "post" as const, authorId: "mentor-id" }
            : params.id === "theirs"
              ? { kind: "post" as const, authorId: "x" }
              : null,
        );
      },
      schema,
      run: (_services, _actor, input) => Promise.resolve({ ok: true as const, title: input.title }),
    });
    for (const [who, id, status] of [
      [null, "mine", 404],
      [member("user"), "mine", 404],
      [member("mentor"), "theirs", 404],
      [member("mentor"), "gone", 404],
      [member("mentor"), "mine", 200],
    ] as const) {
      const steps: string[] = [];
      const result = await outcome(
        manage({
          request: streamedPost("title=a", steps),
          params: { id },
          context: context(who, steps),
        }),
      );
      expect([who?.role ?? "visitor", id, result.status]).toEqual([
        who?.role ?? "visitor",
        id,
        status,
      ]);
      expect(steps).toEqual(status === 200 ? ["session", "body"] : ["session"]);
      if (status === 404) expect(result.body).toBeNull();
    }
    // Only a member whose role may write posts is asked about the post.
    expect(asked).toEqual(["resource theirs", "resource gone", "resource mine"]);
  });
});

describe("a refusal answered as data (refusal: { answer }, decision 0253)", () => {
  it("returns the route's failure for who was refused, before the body; a thrown redirect stays thrown", async () => {
    const answered: string[] = [];
    const save = defineAction({
      permission: "post.write",
      refusal: {
        answer: (who) => {
          answered.push(who?.role ?? "visitor");
          if (who?.adminNeedsTwoFactor) throw redirect("/settings/two-factor?required=admin");
          const status = who ? 403 : 401;
          return { ok: false as const, status, error: `refused ${status}`, fieldErrors: {} };
        },
      },
      schema,
      limit: 1024,
      wire: "envelope",
      run: (_services, _actor, input) => Promise.resolve({ ok: true as const, title: input.title }),
    });
    const held = { ...member("admin"), adminNeedsTwoFactor: true };
    for (const [who, status, body] of [
      [null, 401, { ok: false, status: 401, error: "refused 401", fieldErrors: {} }],
      [member("user"), 403, { ok: false, status: 403, error: "refused 403", fieldErrors: {} }],
      [held, 302, null],
    ] as const) {
      const steps: string[] = [];
      // Past the cap: a read would answer 413 instead.
      const work = save({
        request: streamedPost(`title=${"a".repeat(4096)}`, steps),
        params: {},
        context: recordingContext(who, steps),
      });
      if (status !== 302) {
        // Returned, not thrown: a fetcher's answer, never the error boundary.
        const given = (await work) as unknown as { data: unknown; init: ResponseInit };
        expect(given.init.status).toBe(status);
        expect(given.data).toEqual(body);
      }
      const result = await outcome(work);
      expect(result).toMatchObject({ status, body });
      if (status === 302) expect(result.location).toBe("/settings/two-factor?required=admin");
      else expect(result.cacheControl).toBe("private, no-store");
      expect(steps).toEqual(["session"]);
    }
    expect(answered).toEqual(["visitor", "user", "admin"]);

    const steps: string[] = [];
    const result = await outcome(
      save({
        request: streamedPost("title=Hello", steps),
        params: {},
        context: recordingContext(member("mentor"), steps),
      }),
    );
    expect(result).toMatchObject({ status: 200, body: { ok: true, title: "Hello" } });
    expect(steps).toEqual(["session", "body"]);
    expect(answered).toHaveLength(3);
  });
});
