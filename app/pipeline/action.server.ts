/**
 * The one action helper (docs/request-pipeline.md, docs/decisions/0181).
 * Every action it makes runs, in this order and no other:
 *
 *   1. method   — anything but POST answers 405;
 *   2. session  — the request's member, once (shared with the guards);
 *   3. guard    — a permission from the role table (permissions.ts); a refusal
 *                 answers before a byte of the body is read;
 *   4. input    — the form (or, with `body: "json"`, the JSON document) read
 *                 within a byte cap (413 past it), checked with the zod schema
 *                 (400 with the schema's or the route's words);
 *   5. feature  — `run(services, actor, input, extra)`;
 *   6. answer   — `{ ok: false, status, … }` → data(rest, { status });
 *                 `{ ok: true, redirect }` → a redirect; any other success →
 *                 data(rest): `ok` and `status` are the helper's, never the
 *                 wire's (docs/decisions/0220; `keepOk` for the one JSON that
 *                 has always carried `ok: true`); the outcome's `setCookie` on
 *                 its headers. Always `Cache-Control: private, no-store`.
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
import { can, type Action } from "~/features/accounts/permissions";
import type { SessionUser } from "~/features/accounts/session.server";
import { guard, sessionOf, type Refusal } from "./guards.server";
import { fieldErrorsOf, fieldsOf, type FormFields } from "~/lib/read-input.server";
import { readFormWithin, readJsonWithin } from "~/lib/request-body.server";
import { services as servicesOf } from "~/lib/services.server";
import { clientIp } from "~/features/accounts/request.server";

export const METHOD_NOT_ALLOWED = "Method not allowed";
export const INVALID_REQUEST = "Invalid request";
export const UNKNOWN_INTENT = "Unknown action";

/**
 * What a feature answers when it refuses: the helper sends the rest with its
 * status. `error` is the alert, a string; a page whose failure says it
 * elsewhere (beside a field, in a toast) answers its own shape: null, an
 * `{ field, message }`, or no `error` at all.
 */
export type Failure = {
  ok: false;
  status: number;
  error?: unknown;
  fieldErrors?: Record<string, string>;
};

/**
 * What `run` may return: a failure, a success to redirect, or a success sent
 * as data. `setCookie` (cookies Better Auth set) goes on the answer's headers,
 * never in its body.
 */
export type Outcome = (Failure | { ok: true; redirect?: string }) & {
  setCookie?: readonly string[];
};

/** Beside the typed input: what only the route needs (an idempotency key, a param). */
export type ActionExtra = {
  request: Request;
  params: Params;
  form: FormData;
  fields: FormFields;
  /** The client's address, for rate limits (clientIp: set by the server, TRUST_PROXY aware). */
  ip: string;
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

/** What the actions share past the guard: the body's cap and reading, the answer's shape. */
type ReadSpec<B extends object> = {
  /** The body's byte cap (default TEXT_FORM_LIMIT_BYTES, server/http/limits.ts). */
  limit?: number;
  /** A form (default), or JSON checked by the schema as it is (docs/decisions/0243). */
  body?: BodyFormat;
  messages?: ReadMessages;
  refusedBody?: RefusedBody<B>;
  /** Send success bodies with `ok: true` (api.comments' JSON, as its script reads it). */
  keepOk?: boolean;
  /**
   * Headers of every answer the action makes, over its no-store (a page with
   * its own Cache-Control or Referrer-Policy: /unsubscribe).
   */
  headers?: Record<string, string>;
};

export type ActionSpec<
  S extends z.ZodType,
  R extends Outcome,
  B extends object = Prologue,
  F extends Outcome = never,
> = ReadSpec<B> & {
  permission: Action;
  refusal?: Refusal;
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
  "limit" | "body" | "messages" | "refusal" | "refusedBody" | "keepOk" | "refused" | "headers"
>;

/** The input `run` gets: the schema's output, or nothing for an action that reads no body. */
export type InputOf<S extends z.ZodType | null> = S extends z.ZodType ? z.output<S> : undefined;

export type PublicActionSpec<
  S extends z.ZodType | null,
  R extends Outcome,
  F extends Outcome = never,
  B extends object = Prologue,
> = ReadSpec<B> & {
  /** The form's schema, or null for an action that takes no body (nothing is read). */
  schema: S;
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

/** How the body is read: an HTML form (urlencoded or multipart), or a JSON document. */
export type BodyFormat = "form" | "json";

type Read =
  | { ok: true; value: unknown; form: FormData; fields: FormFields }
  | { ok: false; reason: "too-large" | "unreadable" };

/**
 * The body within the cap: a form as its fields (what the schema checks and
 * the page keeps), or JSON as it is (its fields are then none: no form was read).
 */
async function readBody(request: Request, limit: number, format: BodyFormat): Promise<Read> {
  if (format === "json") {
    const json = await readJsonWithin(request, limit);
    return json.ok ? { ok: true, value: json.value, form: new FormData(), fields: {} } : json;
  }
  const body = await readFormWithin(request, limit);
  if (!body.ok) return body;
  const fields = fieldsOf(body.form.entries());
  return { ok: true, value: fields, form: body.form, fields };
}

/** The headers of an answer made for a signed-in member (loaders use them too). */
export const noStore = { "Cache-Control": PRIVATE_NO_STORE } as const;

/** The wire body of a result: without the helper's `ok`, `status` and `setCookie`. */
type Body<R> = R extends { ok: false }
  ? Omit<R, "ok" | "status" | "setCookie">
  : R extends { redirect: string }
    ? never
    : Omit<R, "ok" | "setCookie">;

/** no-store (or the action's own headers over it), and the cookies the feature set. */
function headersOf(
  setCookie: readonly string[] | undefined,
  own: Record<string, string> | undefined,
): HeadersInit {
  if (!setCookie?.length && !own) return noStore;
  const headers = new Headers(noStore);
  for (const [name, value] of Object.entries(own ?? {})) headers.set(name, value);
  for (const cookie of setCookie ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

function answer<R extends Outcome, B>(result: R, keepOk = false, own?: Record<string, string>) {
  const headers = headersOf(result.setCookie, own);
  if (!result.ok) {
    const { ok: _ok, status, setCookie: _cookies, ...body } = result;
    return data(body as Body<R> | B, { status, headers });
  }
  if (typeof result.redirect === "string") throw redirect(result.redirect, { headers });
  const { ok: _ok, setCookie: _cookies, ...body } = result;
  return data((keepOk ? { ok: true, ...body } : body) as Body<R> | B, { headers });
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

/**
 * The one pipeline of defineAction and definePublicAction: method → session →
 * `admit` (the guard, or nothing) → capped, checked input → run → answer.
 */
function pipeline<
  A extends SessionUser | null,
  S extends z.ZodType | null,
  I,
  R extends Outcome,
  F extends Outcome,
  B extends object,
>(
  admit: (session: SessionUser | null, request: Request) => A,
  spec: ReadSpec<B> & {
    schema: S;
    refused?: RefusedHandler<F>;
    run: (services: Services, actor: A, input: I, extra: ActionExtra) => Promise<R>;
  },
) {
  const { schema, limit = TEXT_FORM_LIMIT_BYTES, body: format = "form", messages = {} } = spec;
  const { refused, headers: own } = spec;
  const shape = { messages, refusedBody: spec.refusedBody, headers: own };
  return async ({ request, params, context }: ActionArgs) => {
    if (request.method !== "POST") return refuse("method", shape);
    const actor = admit(await sessionOf(context, request), request);
    const services = servicesOf(context);
    const ip = clientIp(context);
    /** A refused body: the page's own answer when it gives one, else the helper's. */
    const decline = async (problem: Refused["problem"], read?: ReadRefusal) =>
      refused
        ? answer<F, B>(
            await refused(services, actor, refusedOf(problem, messages, read), {
              request,
              params,
              ip,
            }),
            false,
            own,
          )
        : refuse(problem, shape, read);
    if (schema === null) {
      const extra = { request, params, form: new FormData(), fields: {}, ip };
      return answer<R, B>(await spec.run(services, actor, undefined as I, extra), spec.keepOk, own);
    }
    const body = await readBody(request, limit, format);
    if (!body.ok) return decline(body.reason);
    const { form, fields } = body;
    const input = check(schema, body.value);
    if (!input.ok) return decline("invalid", { fields, invalid: input });
    const extra = { request, params, form, fields, ip };
    return answer<R, B>(await spec.run(services, actor, input.data as I, extra), spec.keepOk, own);
  };
}

/** An action: method → session → guard → capped, checked input → run → answer. */
export function defineAction<
  S extends z.ZodType,
  R extends Outcome,
  B extends object = Prologue,
  F extends Outcome = never,
>(spec: ActionSpec<S, R, B, F>) {
  const { permission, refusal } = spec;
  return pipeline<SessionUser, S, z.output<S>, R, F, B>(
    (session, request) => guard(session, request, permission, refusal),
    spec,
  );
}

/**
 * An action anyone may post to (no guard): method → session (the member or
 * null) → capped, checked input (none when `schema` is null) → run → answer,
 * as defineAction answers. `refused` answers a refused body in the page's own
 * words and status (docs/decisions/0242).
 */
export function definePublicAction<
  S extends z.ZodType | null,
  R extends Outcome,
  F extends Outcome = never,
  B extends object = Prologue,
>(spec: PublicActionSpec<S, R, F, B>) {
  return pipeline<SessionUser | null, S, InputOf<S>, R, F, B>((session) => session, spec);
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
>(spec: {
  intents: I;
  refusal?: Refusal;
  limit?: number;
  messages?: ReadMessages;
  refusedBody?: RefusedBody<B>;
  /** Send success bodies with `ok: true` (api.comments' JSON, as its script reads it). */
  keepOk?: boolean;
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
    const result = await chosen.run(servicesOf(context), member, input.data, extra);
    return answer<Awaited<ReturnType<I[keyof I]["run"]>>, B>(
      result as Awaited<ReturnType<I[keyof I]["run"]>>,
      spec.keepOk,
    );
  };
}
