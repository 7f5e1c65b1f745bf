/**
 * Content API keys (docs/operations.md#content-api, docs/decisions/0139): an admin creates one,
 * sees it once, and can revoke it; only its SHA-256 is stored. A request
 * names its key as `?key=` or `Authorization: Bearer`.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { contentApiKeys, profiles } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { recordAdminAction } from "~/features/audit/audit.server";

const KEY_PREFIX = "fbk_";
/** How often a key's "last used" time is written (a busy key would write on every call). */
const LAST_USED_EVERY_MS = 60_000;

export const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

export type ApiKeyRow = {
  id: string;
  name: string;
  keyPrefix: string;
  createdAt: Date;
  createdBy: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** A new key: its clear text is returned here only, never stored. */
export async function createApiKey(db: Database, actor: Actor, name: string) {
  const key = KEY_PREFIX + randomBytes(24).toString("base64url");
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(contentApiKeys)
      .values({ name, keyHash: hashKey(key), keyPrefix: key.slice(0, 10), createdBy: actor.id })
      .returning({ id: contentApiKeys.id });
    await recordAdminAction(tx, actor, {
      action: "api_key.create",
      targetType: "api_key",
      targetId: created!.id,
      targetLabel: name,
    });
    return created!;
  });
  return { id: row.id, key };
}

/** Revokes a key; false when there is no such live key. */
export async function revokeApiKey(db: Database, actor: Actor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(contentApiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(contentApiKeys.id, id), isNull(contentApiKeys.revokedAt)))
      .returning({ id: contentApiKeys.id, name: contentApiKeys.name });
    if (!revoked) return false;
    await recordAdminAction(tx, actor, {
      action: "api_key.revoke",
      targetType: "api_key",
      targetId: revoked.id,
      targetLabel: revoked.name,
    });
    return true;
  });
}

/** Every key, live ones first, newest first; callers check admin access. */
export async function listApiKeys(
  db: Database,
): Promise<(ApiKeyRow & { creator: string | null })[]> {
  return db
    .select({
      id: contentApiKeys.id,
      name: contentApiKeys.name,
      keyPrefix: contentApiKeys.keyPrefix,
      createdAt: contentApiKeys.createdAt,
      createdBy: contentApiKeys.createdBy,
      lastUsedAt: contentApiKeys.lastUsedAt,
      revokedAt: contentApiKeys.revokedAt,
      creator: profiles.username,
    })
    .from(contentApiKeys)
    .leftJoin(profiles, eq(profiles.id, contentApiKeys.createdBy))
    .orderBy(contentApiKeys.revokedAt, desc(contentApiKeys.createdAt));
}

/** The key a request names (a Bearer token, else query `key`), or null. */
export function keyOf(authorization: string | null, queryKey: string | null): string | null {
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return bearer;
  return queryKey && queryKey.length <= 200 ? queryKey : null;
}

/** The live key's id, or null; notes when it was last used (at most once a minute). */
export async function liveKeyId(db: Database, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: contentApiKeys.id, lastUsedAt: contentApiKeys.lastUsedAt })
    .from(contentApiKeys)
    .where(and(eq(contentApiKeys.keyHash, hashKey(key)), isNull(contentApiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    const stale = new Date(Date.now() - LAST_USED_EVERY_MS);
    await db
      .update(contentApiKeys)
      .set({ lastUsedAt: new Date() })
      .where(
        and(
          eq(contentApiKeys.id, row.id),
          or(isNull(contentApiKeys.lastUsedAt), lt(contentApiKeys.lastUsedAt, stale)),
        ),
      );
  }
  return row.id;
}
