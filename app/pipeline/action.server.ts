/**
 * The one action helper (docs/request-pipeline.md, docs/decisions/0181).
 * Every action it makes runs, in this order and no other:
 *
 *   1. method   — anything but POST answers 405;
 *   1b. before  — the route's own refusals that need neither member nor body
 *                 (a cross-site post, a flood), when it gives `before`;
 *   2. session  — the request's member, once (shared with the guards); none
 *                 with `session: false` (public actions: `extra.session()`
 *                 asks for it later, if the feature needs it);
 *   3. guard    — a permission from the role table (permissions.ts), on the
 *                 route's `resource` when it gives one; a refusal answers
 *                 before a byte of the body is read (thrown, or with
 *                 `refusal: { answer }` returned as the page's data);
 *   4. input    — the form (or, with `body: "json"`, the JSON document; with
 *                 "form-or-json", either, by its content type) read
 *                 within a byte cap (413 past it), checked with the zod schema
 *                 (400 with the schema's or the route's words);
 *   5. feature  — `run(services, actor, input, extra)`;
 *   6. answer   — `{ ok: false, status, … }` → data(rest, { status });
 *                 `{ ok: true, redirect }` → a redirect (`redirectStatus`);
 *                 `{ status, empty: true }` → that status, no body; any other
 *                 success → data(rest): `ok` and `status` are the helper's,
 *                 never the wire's (docs/decisions/0220), unless `wire` says
 *                 otherwise (0252: "ok" keeps `ok: true` on successes,
 *                 "envelope" sends the outcome as `run` made it); the
 *                 outcome's `setCookie` on its headers. Always
 *                 `Cache-Control: private, no-store`.
 *
 * defineIntents is the same for a form with several buttons: the guard before
 * the body refuses whoever may do none of the intents; once the body is read,
 * the intent's own permission and schema apply.
 *
 * definePublicAction is the same order without the guard, for the pages
 * anyone may post to (sign-in, sign-up, the codes, sign-out): the feature gets
 * the session's member or null; `schema: null` reads no body (sign-out);
 * `refused` lets the page answer a body it cannot take in its own words and
 * status (docs/decisions/0242). Both share one pipeline (`pipeline` below).
 */
import { data, redirect, type Params, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { TEXT_FORM_LIMIT_BYTES, TOO_LARGE_MESSAGE } from "#server/http/limits";
import { PRIVATE_NO_STORE } from "#server/http/private-cache";
import type { Services } from "#server/services";
import { can, type Action, type Resource } from "~/features/accounts/permissions";
import type { SessionUser } from "~/features/accounts/session.server";
import { guard, sessionOf, type Refusal } from "./guards.server";
import { fieldErrorsOf, fieldsOf, type FormFields } from "~/lib/read-input.server";
import { readFormWithin, readJsonWithin } from "~/lib/request-body.server";
import { services as servicesOf } from "~/lib/services.server";
import { clientIp } from "~/features/accounts/request.server";
import type { Failure, Outcome, Wire } from "./outcome";

export type { Empty, Failure, Outcome, Wire } from "./outcome";

export const METHOD_NOT_ALLOWED = "Method not allowed";
export const INVALID_REQUEST = "Invalid request";
export const UNKNOWN_INTENT = "Unknown action";

/** Beside the typed input: what only the route needs (an idempotency key, a param). */
export type ActionExtra = {
  request: Request;
  params: Params;
  form: FormData;
  fields: FormFields;
  /** The client's address, for rate limits (clientIp: set by the server, TRUST_PROXY aware). */
  ip: string;
  /** Which body was read: "form" or "json" (`body: "form-or-json"` tells them by content type). */
  format: "form" | "json";
  /** The request's member, asked once (for `session: false`: only if the feature asks). */
  session: () => Promise<SessionUser | null>;
};

export type ActionArgs = {
  request: Request;
  params: Params;
  context: Readonly<RouterContextProvider>;
};

/** The 4xx the helper answers itself (its own words, unless the route gives its own). */
export type ReadMessages = {
  /** 413's error (default "Request too large"). */
  tooLarge?: string;
  /** 400's error when the body is not a form or fails the schema (default "Invalid request"). */
  invalid?: string;
  /** 400 answers the schema's first message instead of `invalid`. */
  schemaMessage?: boolean;
  /** defineIntents: 400's error for a missing or unknown intent (default "Unknown action"). */
  unknownIntent?: string;
};

/** A 4xx the helper answers itself, before `run` (405, 413, 400). */
export type Refused = {
  problem: "method" | "too-large" | "unreadable" | "invalid";
  /** Its words: the helper's, or the route's `messages`. */
  error: string;
  /** Each field's first message ("invalid" only). */
  fieldErrors?: Record<string, string>;
  /** What was read (null when nothing could be): what the page shows again. */
  fields: FormFields | null;
};

/** The helper's own 4xx body by default: `{ error }`, with `fieldErrors` for a form the schema refused. */
export type Prologue = { error: string; fieldErrors?: Record<string, string> };

/**
 * The body of the helper's own 4xx, for a page whose action data has more than
 * `{ error }` (the form as typed, its other fields null). Its status stays the
 * helper's.
 */
export type RefusedBody<B extends object = Prologue> = (refused: Refused) => B;

/**
 * The page's own answer to a body the helper refused (413, 400; never the
 * 405): for a page whose spec answers bad input in its words and status, or
 * needs a service to say it (a countdown read from the database). It runs in
 * place of `refusedBody`; nothing of the feature has run.
 */
export type RefusedHandler<F extends Outcome> = (
  services: Services,
  actor: SessionUser | null,
  refused: Refused,
  /** The request (its headers ask the auth service), its params and the client's address. */
  extra: Pick<ActionExtra, "request" | "params" | "ip">,
) => Promise<F> | F;

/** Beside the request: its params and the client's address (what `before` and `resource` get). */
export type RequestExtra = Pick<ActionExtra, "request" | "params" | "ip">;

/**
 * A refusal of the route's own that needs neither the member nor the body (a
 * cross-site post, a flood): an outcome answers at once, null goes on.
 */
export type Before<F extends Outcome = Outcome> = (
  services: Services,
  extra: RequestExtra,
) => F | null | Promise<F | null>;

/** What the actions share past the guard: the body's cap and reading, the answer's shape. */
type ReadSpec<B extends object, W extends Wire = Wire, F extends Outcome = never> = {
  /**
   * Runs after the method and before the session, the guard and the body
   * (docs/decisions/0252); its refusals are the page's own, as `refused`'s.
   */
  before?: Before<F>;
  /** The body's byte cap (default TEXT_FORM_LIMIT_BYTES, server/http/limits.ts). */
  limit?: number;
  /** A form (default), or JSON checked by the schema as it is (docs/decisions/0243). */
  body?: BodyFormat;
  messages?: ReadMessages;
  refusedBody?: RefusedBody<B>;
  /** What goes on the wire of a data answer (default "bare": no `ok`, no `status`). */
  wire?: W;
  /** The status of `{ ok: true, redirect }` (default 302; 303 for a form posted without script). */
  redirectStatus?: 301 | 302 | 303 | 307 | 308;
  /**
   * Headers of every answer the action makes, over its no-store (a page with
   * its own Cache-Control or Referrer-Policy: /unsubscribe).
   */
  headers?: Record<string, string>;
};

/**
 * A refusal answered as the page's own data, not thrown (docs/decisions/0253):
 * `answer` makes the outcome from who was refused (401 for a visitor, 403 for
 * others), sent as `wire` says. For an action a page's script posts to
 * through a fetcher, where a thrown answer would render the error boundary.
 * It may still throw a redirect (a held admin sent to set up two-factor).
 */
export type AnswerRefusal<F extends Outcome> = { answer: (member: SessionUser | null) => F };

export type ActionSpec<
  S extends z.ZodType,
  R extends Outcome,
  B extends object = Prologue,
  F extends Outcome = never,
  W extends Wire = "bare",
> = ReadSpec<B, W, F> & {
  permission: Action;
  /** How the guard refuses (guards.server.ts), or `{ answer }`: the page's own data. */
  refusal?: Refusal | AnswerRefusal<F>;
  /**
   * The thing acted on (a post, by the route's id): the guard asks the role
   * table about `permission` on it; null (not there) is refused as the guard
   * refuses. Asked only of a member whose role may do `permission` at all.
   */
  resource?: (services: Services, extra: RequestExtra) => Promise<Resource | null>;
  schema: S;
  /** The page's own answer to a body the helper refused (its `actor` is the guarded member). */
  refused?: RefusedHandler<F>;
  run: (
    services: Services,
    actor: SessionUser,
    input: z.output<S>,
    extra: ActionExtra,
  ) => Promise<R>;
};

export type IntentSpec<S extends z.ZodType = z.ZodType, R extends Outcome = Outcome> = Omit<
  ActionSpec<S, R>,
  | "limit"
  | "body"
  | "messages"
  | "refusal"
  | "refusedBody"
  | "wire"
  | "refused"
  | "headers"
  | "before"
  | "resource"
  | "redirectStatus"
>;

/** The input `run` gets: the schema's output, or nothing for an action that reads no body. */
export type InputOf<S extends z.ZodType | null> = S extends z.ZodType ? z.output<S> : undefined;

export type PublicActionSpec<
  S extends z.ZodType | null,
  R extends Outcome,
  F extends Outcome = never,
  B extends object = Prologue,
  W extends Wire = "bare",
> = ReadSpec<B, W, F> & {
  /** The form's schema, or null for an action that takes no body (nothing is read). */
  schema: S;
  /**
   * false: the session is not asked before `run` (`actor` is null; a beacon
   * on every page has no use for it); `extra.session()` asks for it if needed.
   */
  session?: boolean;
  refused?: RefusedHandler<F>;
  run: (
    services: Services,
    actor: SessionUser | null,
    input: InputOf<S>,
    extra: ActionExtra,
  ) => Promise<R>;
};

/** One intent of defineIntents, typed on its own schema. */
export function intent<S extends z.ZodType, R extends Outcome>(
  spec: IntentSpec<S, R>,
): IntentSpec<z.ZodType, R> {
  return spec;
}

/**
 * How the body is read: an HTML form (urlencoded or multipart), a JSON
 * document, or either by its Content-Type ("form-or-json": JSON when it says
 * application/json, else a form). For "form-or-json" the schema checks
 * `{ format: "form" | "json", body }`, so one discriminated union gives each
 * its own shape.
 */
export type BodyFormat = "form" | "json" | "form-or-json";

type Read =
  | { ok: true; value: unknown; form: FormData; fields: FormFields; format: "form" | "json" }
  | { ok: false; reason: "too-large" | "unreadable" };

/**
 * The body within the cap: a form as its fields (what the schema checks and
 * the page keeps), or JSON as it is (its fields are then none: no form was read).
 */
async function readBody(request: Request, limit: number, format: BodyFormat): Promise<Read> {
  if (format === "form-or-json") {
    const json = (request.headers.get("content-type") ?? "").includes("application/json");
    const read = await readBody(request, limit, json ? "json" : "form");
    return read.ok ? { ...read, value: { format: read.format, body: read.value } } : read;
  }
  if (format === "json") {
    const json = await readJsonWithin(request, limit);
    return json.ok
      ? { ok: true, value: json.value, form: new FormData(), fields: {}, format: "json" }
      : json;
  }
  const body = await readFormWithin(request, limit);
  if (!body.ok) return body;
  const fields = fieldsOf(body.form.entries());
  return { ok: true, value: fields, form: body.form, fields, format: "form" };
}

/** The headers of an answer made for a signed-in member (loaders use them too). */
export const noStore = { "Cache-Control": PRIVATE_NO_STORE } as const;

/** The wire body of a result: without `setCookie`/`setHeaders`, and without `ok` and `status` as `wire` says. */
type Body<R, W extends Wire = "bare"> = R extends { empty: true }
  ? never
  : R extends { redirect: string }
    ? never
    : W extends "envelope"
      ? Omit<R, "setCookie" | "setHeaders">
      : R extends { ok: false }
        ? Omit<R, "ok" | "status" | "setCookie" | "setHeaders">
        : W extends "ok"
          ? Omit<R, "setCookie" | "setHeaders">
          : Omit<R, "ok" | "setCookie" | "setHeaders">;

/** How an answer is made: what goes on the wire, the action's own headers, its redirects' status. */
type AnswerSpec = { wire?: Wire; headers?: Record<string, string>; redirectStatus?: number };

/** no-store (or the action's own headers over it, then the answer's), and the cookies the feature set. */
function headersOf(
  setCookie: readonly string[] | undefined,
  own: Record<string, string> | undefined,
  answers?: Record<string, string>,
): HeadersInit {
  if (!setCookie?.length && !own && !answers) return noStore;
  const headers = new Headers(noStore);
  for (const [name, value] of Object.entries({ ...own, ...answers })) headers.set(name, value);
  for (const cookie of setCookie ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

function answer<R extends Outcome, B, W extends Wire = "bare">(
  result: R,
  { wire = "bare", headers: own, redirectStatus = 302 }: AnswerSpec = {},
) {
  const headers = headersOf(result.setCookie, own, result.setHeaders);
  if ("empty" in result && result.empty) {
    // An empty body: what a beacon answers (no Content-Type, nothing to parse).
    return new Response(null, { status: result.status, headers });
  }
  const { setCookie: _cookies, setHeaders: _headers, ...whole } = result;
  if (!result.ok) {
    const { ok: _ok, status: _status, ...body } = whole as unknown as Failure;
    return data((wire === "envelope" ? whole : body) as Body<R, W> | B, {
      status: result.status,
      headers,
    });
  }
  if ("redirect" in result && typeof result.redirect === "string") {
    throw redirect(result.redirect, { status: redirectStatus, headers });
  }
  const { ok: _ok, ...body } = whole;
  return data((wire === "bare" ? body : whole) as Body<R, W> | B, { headers });
}

type ReadRefusal = {
  fields: FormFields;
  invalid?: { message: string | null; fieldErrors: Record<string, string> };
};

/** What the helper refused and in which words (its own, or the route's `messages`). */
function refusedOf(
  problem: Refused["problem"],
  messages: ReadMessages,
  read?: ReadRefusal,
): Refused {
  const error =
    problem === "method"
      ? METHOD_NOT_ALLOWED
      : problem === "too-large"
        ? (messages.tooLarge ?? TOO_LARGE_MESSAGE)
        : ((messages.schemaMessage ? read?.invalid?.message : null) ??
          messages.invalid ??
          INVALID_REQUEST);
  return { problem, error, fieldErrors: read?.invalid?.fieldErrors, fields: read?.fields ?? null };
}

/** The helper's own 4xx: 405, 413 or 400, in its words or the route's, shaped by the route. */
function refuse<B extends object>(
  problem: Refused["problem"],
  {
    messages,
    refusedBody,
    headers,
  }: { messages: ReadMessages; refusedBody?: RefusedBody<B>; headers?: Record<string, string> },
  read?: ReadRefusal,
) {
  const status = problem === "method" ? 405 : problem === "too-large" ? 413 : 400;
  const refused = refusedOf(problem, messages, read);
  const { error, fieldErrors } = refused;
  const body = refusedBody
    ? refusedBody(refused)
    : fieldErrors
      ? { error, fieldErrors }
      : { error };
  return data(body as B, { status, headers: headersOf(undefined, headers) });
}

function check<S extends z.ZodType>(schema: S, value: unknown) {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true as const, data: parsed.data }
    : {
        ok: false as const,
        message: parsed.error.issues[0]?.message ?? null,
        fieldErrors: fieldErrorsOf(parsed.error),
      };
}

/** A guard's refusal the pipeline answers as data (`refusal: { answer }`), not thrown. */
class Answered<F extends Outcome> {
  constructor(readonly outcome: F) {}
}

/** Who the pipeline lets past the session: the guard (and its resource), or anyone. */
type Admit<A, F extends Outcome> = (
  session: SessionUser | null,
  services: Services,
  extra: RequestExtra,
) => A | Answered<F> | Promise<A | Answered<F>>;

/**
 * The one pipeline of defineAction and definePublicAction: method → `before`
 * → session (unless `session: false`) → `admit` (the guard, or nothing) →
 * capped, checked input → run → answer.
 */
function pipeline<
  A extends SessionUser | null,
  S extends z.ZodType | null,
  I,
  R extends Outcome,
  F extends Outcome,
  B extends object,
  W extends Wire,
>(
  admit: Admit<A, F>,
  spec: ReadSpec<B, W, F> & {
    schema: S;
    session?: boolean;
    refused?: RefusedHandler<F>;
    run: (services: Services, actor: A, input: I, extra: ActionExtra) => Promise<R>;
  },
) {
  const { schema, limit = TEXT_FORM_LIMIT_BYTES, body: format = "form", messages = {} } = spec;
  const { refused, headers: own, before, session: asked = true } = spec;
  const shape = { messages, refusedBody: spec.refusedBody, headers: own };
  const answering = { wire: spec.wire, headers: own, redirectStatus: spec.redirectStatus };
  return async ({ request, params, context }: ActionArgs) => {
    if (request.method !== "POST") return refuse("method", shape);
    const services = servicesOf(context);
    const ip = clientIp(context);
    const near = { request, params, ip };
    const early = before ? await before(services, near) : null;
    if (early) return answer<F, B, W>(early, answering);
    const session = () => sessionOf(context, request);
    const actor = await admit(asked ? await session() : null, services, near);
    if (actor instanceof Answered) return answer<F, B, W>(actor.outcome, answering);
    /** A refused body: the page's own answer when it gives one, else the helper's. */
    const decline = async (problem: Refused["problem"], read?: ReadRefusal) =>
      refused
        ? answer<F, B, W>(
            await refused(services, actor, refusedOf(problem, messages, read), near),
            answering,
          )
        : refuse(problem, shape, read);
    if (schema === null) {
      const extra = { ...near, form: new FormData(), fields: {}, format: "form" as const, session };
      return answer<R, B, W>(await spec.run(services, actor, undefined as I, extra), answering);
    }
    const body = await readBody(request, limit, format);
    if (!body.ok) return decline(body.reason);
    const { form, fields } = body;
    const input = check(schema, body.value);
    if (!input.ok) return decline("invalid", { fields, invalid: input });
    const extra = { ...near, form, fields, format: body.format, session };
    return answer<R, B, W>(await spec.run(services, actor, input.data as I, extra), answering);
  };
}

/**
 * An action: method → (before) → session → guard (on the route's resource,
 * when it names one) → capped, checked input → run → answer.
 */
export function defineAction<
  S extends z.ZodType,
  R extends Outcome,
  B extends object = Prologue,
  F extends Outcome = never,
  W extends Wire = "bare",
>(spec: ActionSpec<S, R, B, F, W>) {
  const { permission, refusal, resource } = spec;
  return pipeline<SessionUser, S, z.output<S>, R, F, B, W>(async (session, services, extra) => {
    const may = session && can(session, permission);
    const thing = resource && may ? await resource(services, extra) : undefined;
    if (typeof refusal !== "object" || !("answer" in refusal)) {
      return guard(session, extra.request, permission, refusal, thing);
    }
    const admitted = session && thing !== null && can(session, permission, thing);
    return admitted ? session : new Answered(refusal.answer(session));
  }, spec);
}

/**
 * An action anyone may post to (no guard): method → (before) → session (the
 * member or null; none with `session: false`) → capped, checked input (none
 * when `schema` is null) → run → answer, as defineAction answers. `refused`
 * answers a refused body in the page's own words and status (docs/decisions/0242).
 */
export function definePublicAction<
  S extends z.ZodType | null,
  R extends Outcome,
  F extends Outcome = never,
  B extends object = Prologue,
  W extends Wire = "bare",
>(spec: PublicActionSpec<S, R, F, B, W>) {
  return pipeline<SessionUser | null, S, InputOf<S>, R, F, B, W>((session) => session, spec);
}

/** What guard() throws for `permission`: the refusal's answer. */
function refusalFor(
  session: SessionUser | null,
  request: Request,
  permission: Action,
  refusal: Refusal | undefined,
): Response {
  try {
    guard(session, request, permission, refusal);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error(`refusalFor: ${permission} was allowed`);
}

/**
 * Someone who may do none of the intents: refused before the body when every
 * intent would answer alike (a visitor, a blocked member, a held admin,
 * a 403). Only where the answers differ by intent (a pending member: sent to
 * /pending-approval for participation, 403 otherwise) is the body read,
 * within the cap, to tell which answer is theirs; nothing is run for them.
 */
function refuseBeforeReading(
  session: SessionUser | null,
  request: Request,
  specs: IntentSpec[],
  refusal: Refusal | undefined,
) {
  const answers = specs.map((s) => refusalFor(session, request, s.permission, refusal));
  const key = (r: Response) => `${r.status} ${r.headers.get("location") ?? ""}`;
  if (answers.every((r) => key(r) === key(answers[0]!))) throw answers[0]!;
}

/**
 * An action for a form with several buttons, told apart by the `intent`
 * field. Before the body: whoever may do none of the intents is refused
 * (refuseBeforeReading). After: the intent's own permission, schema and run;
 * an unknown intent answers 400.
 */
export function defineIntents<
  I extends Record<string, IntentSpec<z.ZodType, Outcome>>,
  B extends object = Prologue,
  W extends Wire = "bare",
>(spec: {
  intents: I;
  refusal?: Refusal;
  limit?: number;
  messages?: ReadMessages;
  refusedBody?: RefusedBody<B>;
  /** What goes on the wire of a data answer (as defineAction's `wire`). */
  wire?: W;
  /** The field naming the intent (default "intent"). */
  field?: string;
}) {
  const { intents, refusal, limit = TEXT_FORM_LIMIT_BYTES, messages = {}, field = "intent" } = spec;
  const shape = { messages, refusedBody: spec.refusedBody };
  const specs = Object.values(intents);
  if (specs.length === 0) throw new Error("defineIntents: no intents");
  return async ({ request, params, context }: ActionArgs) => {
    if (request.method !== "POST") return refuse("method", shape);
    const session = await sessionOf(context, request);
    const anyAllowed = specs.find((s) => session && can(session, s.permission));
    if (!anyAllowed) refuseBeforeReading(session, request, specs, refusal);
    const body = await readFormWithin(request, limit);
    if (!body.ok) return refuse(body.reason, shape);
    const name = body.form.get(field);
    const chosen = typeof name === "string" && Object.hasOwn(intents, name) ? intents[name]! : null;
    const fields = fieldsOf(body.form.entries());
    if (!chosen) {
      const error = messages.unknownIntent ?? UNKNOWN_INTENT;
      return data({ error }, { status: 400, headers: noStore });
    }
    const member = guard(session, request, chosen.permission, refusal);
    const input = check(chosen.schema, fields);
    if (!input.ok) return refuse("invalid", shape, { fields, invalid: input });
    const extra = { request, params, form: body.form, fields, ip: clientIp(context) };
    const result = await chosen.run(servicesOf(context), member, input.data, {
      ...extra,
      format: "form",
      session: () => Promise.resolve(session),
    });
    return answer<Awaited<ReturnType<I[keyof I]["run"]>>, B, W>(
      result as Awaited<ReturnType<I[keyof I]["run"]>>,
      { wire: spec.wire },
    );
  };
}
