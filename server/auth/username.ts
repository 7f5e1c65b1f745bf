import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

const MAX_BASE = 20;
const MIN_LENGTH = 3;

/** Lower-case letters, digits and single underscores from a name or e-mail part ("" if none). */
export function usernameBase(seed: string): string {
  return seed
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, MAX_BASE)
    .replace(/_+$/, "");
}

/** The first candidate of a name, else of the e-mail's local part, else "member". */
export function usernameSeed(name: string | null | undefined, email: string): string {
  const base = usernameBase(name ?? "") || usernameBase(email.split("@")[0] ?? "") || "member";
  return base.length < MIN_LENGTH ? `${base}_member` : base;
}

/**
 * A username no auth user and no profile holds: the seed, else seed_2, seed_3…
 * (sign-ups through LinkedIn, which gives no username).
 */
export async function deriveUsername(
  db: Database,
  name: string | null | undefined,
  email: string,
): Promise<string> {
  const seed = usernameSeed(name, email);
  // "_" is a LIKE wildcard: the pattern may match more rows, never fewer.
  const result = (await db.execute(
    sql`SELECT lower(username) AS u FROM users WHERE lower(username) LIKE ${`${seed}%`}
        UNION SELECT lower(username) AS u FROM profiles WHERE lower(username) LIKE ${`${seed}%`}`,
  )) as { rows: { u: string }[] };
  const taken = new Set(result.rows.map((r) => r.u));
  if (!taken.has(seed)) return seed;
  for (let n = 2; ; n++) if (!taken.has(`${seed}_${n}`)) return `${seed}_${n}`;
}
