/** The Content API admin page's data and actions (admins only; the route checks). */
import { z } from "zod";
import type { Database } from "#server/db/client";
import type { Actor } from "~/features/accounts/permissions";
import { formatDate } from "~/lib/format";
import { createApiKey, listApiKeys, revokeApiKey } from "./keys.server";

export const keysActionForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    name: z
      .string()
      .trim()
      .min(1, "Please give the key a name")
      .max(100, "The name can be at most 100 characters"),
  }),
  z.object({ intent: z.literal("revoke"), id: z.uuid() }),
]);
export type KeysAction = z.infer<typeof keysActionForm>;

export type KeyListRow = {
  id: string;
  name: string;
  keyPrefix: string;
  creator: string | null;
  created: string;
  lastUsed: string | null;
  revoked: string | null;
};

/** `timeZone`: the site's, the dates' zone (decision 0144). */
export async function loadKeysPage(
  db: Database,
  timeZone: string,
): Promise<{ keys: KeyListRow[] }> {
  const rows = await listApiKeys(db);
  return {
    keys: rows.map((row) => ({
      id: row.id,
      name: row.name,
      keyPrefix: row.keyPrefix,
      creator: row.creator,
      created: formatDate(row.createdAt, timeZone),
      lastUsed: row.lastUsedAt ? formatDate(row.lastUsedAt, timeZone) : null,
      revoked: row.revokedAt ? formatDate(row.revokedAt, timeZone) : null,
    })),
  };
}

export type KeysActionResult =
  | { ok: true; created: { name: string; key: string } | null; notice: string }
  | { ok: false; status: number; error: string };

export async function runKeysAction(
  db: Database,
  actor: Actor,
  input: KeysAction,
): Promise<KeysActionResult> {
  if (input.intent === "create") {
    const { key } = await createApiKey(db, actor, input.name);
    return {
      ok: true,
      created: { name: input.name, key },
      notice: `Key "${input.name}" created. Copy it now: it will not be shown again.`,
    };
  }
  const revoked = await revokeApiKey(db, actor, input.id);
  return revoked
    ? { ok: true, created: null, notice: "Key revoked." }
    : { ok: false, status: 404, error: "This key does not exist or is already revoked." };
}
