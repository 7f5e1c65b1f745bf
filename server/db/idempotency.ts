/**
 * Idempotency keys for members' writes (docs/decisions/0064). The browser
 * sends a key per submission (the Idempotency-Key header from scripts, the
 * `idempotencyKey` hidden field from plain forms) and keeps it for retries of
 * that submission. The write claims the key inside its own transaction and
 * records its result there: the key exists exactly when the write committed.
 * A retry with the same key gets the recorded result and writes nothing; a
 * retry racing the first waits for it (the key's unique index holds it until
 * the first commits or rolls back). Keys are the member's own and kept a day.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "./client";
import { idempotencyKeys } from "./schema";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_FIELD = "idempotencyKey";
const KEY = /^[A-Za-z0-9_-]{16,100}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;

/** The request's key (header first, then the form's field), when it has a valid one. */
export function idempotencyKeyOf(request: Request, form?: FormData | null): string | undefined {
  const fromForm = form?.get(IDEMPOTENCY_FIELD);
  const key =
    request.headers.get(IDEMPOTENCY_HEADER) ?? (typeof fromForm === "string" ? fromForm : null);
  return key && KEY.test(key) ? key : undefined;
}

/** A key for a plain form's hidden field (a new one per rendering of the form). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export type Claim<T> =
  /** The key is new: do the write, then recordResult in the same transaction. */
  | { fresh: true }
  /** The key was used for this scope: its write's result; do nothing. */
  | { fresh: false; result: T }
  /** The key was used for something else: refuse. */
  | { fresh: false; mismatch: true };

let claims = 0;

/**
 * Claims `key` for `scope` inside `tx` (the write's transaction). Without a
 * key, every submission is fresh.
 */
export async function claimIdempotencyKey<T>(
  tx: Database,
  userId: string,
  key: string | undefined,
  scope: string,
): Promise<Claim<T>> {
  if (!key) return { fresh: true };
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, scope })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) {
    // Now and then, forget the keys of yesterday.
    claims += 1;
    if (claims % 200 === 0) {
      await tx
        .delete(idempotencyKeys)
        .where(
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${KEEP_MS / 1000})`),
        );
    }
    return { fresh: true };
  }
  const [used] = await tx
    .select({ scope: idempotencyKeys.scope, result: idempotencyKeys.result })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!used || used.scope !== scope) return { fresh: false, mismatch: true };
  return { fresh: false, result: used.result as T };
}

/** Records the write's result on its key (same transaction as the claim). */
export async function recordIdempotentResult(
  tx: Database,
  userId: string,
  key: string | undefined,
  result: unknown,
): Promise<void> {
  if (!key) return;
  await tx
    .update(idempotencyKeys)
    .set({ result })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** What `onceForKey` answers: the write's result (`replayed` when a retry got the first one's). */
export type Once<T> = { replayed: boolean; result: T } | { mismatch: true };

/**
 * The usual shape of a keyed write, inside its transaction `tx`: claims the
 * key, runs `write` when the key is new and records what it answers; a retry
 * gets that answer and `write` does not run. Without a key it simply runs.
 * Results go through JSON (a Date comes back as a string).
 */
export async function onceForKey<T>(
  tx: Database,
  userId: string,
  key: string | undefined,
  scope: string,
  write: () => Promise<T>,
): Promise<Once<T>> {
  const claim = await claimIdempotencyKey<T>(tx, userId, key, scope);
  if (!claim.fresh) return "mismatch" in claim ? claim : { replayed: true, result: claim.result };
  const result = await write();
  await recordIdempotentResult(tx, userId, key, result);
  return { replayed: false, result };
}

/**
 * The result recorded on the member's key, if a write with it committed: for
 * a write that must know before it checks anything (a retried create must
 * not be refused because its first attempt now exists).
 */
export async function findIdempotentResult<T>(
  db: Database,
  userId: string,
  key: string | undefined,
): Promise<{ scope: string; result: T } | undefined> {
  if (!key) return undefined;
  const [used] = await db
    .select({ scope: idempotencyKeys.scope, result: idempotencyKeys.result })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return used && used.result !== null ? { scope: used.scope, result: used.result as T } : undefined;
}
