import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "../db/client";
import {
  accounts,
  profiles,
  rateLimits,
  sessions,
  twoFactors,
  users,
  verifications,
} from "../db/schema";

const authSchema = { users, sessions, accounts, verifications, rateLimits, twoFactors };

type AdapterFactory = ReturnType<typeof drizzleAdapter>;
type AdapterInstance = ReturnType<AdapterFactory>;
type CreateArgs = Parameters<AdapterInstance["create"]>[0];

/**
 * Better Auth's Drizzle adapter on our plural tables, with one addition: a new
 * auth user and its profile (role user, status pending, profile_completed
 * false — the column defaults) are written in one database transaction, so a
 * user never exists without a profile (docs/decisions/0004).
 */
export function profileCreatingAdapter(db: Database): AdapterFactory {
  const base = drizzleAdapter(db, { provider: "pg", usePlural: true, schema: authSchema });
  return (options: Parameters<AdapterFactory>[0]) => {
    const instance = base(options);
    const create = async <T extends Record<string, unknown>>(args: CreateArgs): Promise<T> => {
      if (args.model !== "user") return instance.create<Record<string, unknown>, T>(args);
      return db.transaction(async (tx) => {
        const inTx = drizzleAdapter(tx, {
          provider: "pg",
          usePlural: true,
          schema: authSchema,
        })(options);
        const created = (await inTx.create(args)) as unknown as {
          id: string;
          email: string;
          name: string;
          image?: string | null;
          username?: string | null;
        };
        if (!created.username) throw new Error("A new user needs a username for its profile.");
        await tx.insert(profiles).values({
          id: created.id,
          email: created.email.toLowerCase(),
          username: created.username.toLowerCase(),
          fullName: created.name || null,
          profilePhotoUrl: created.image ?? null,
        });
        return created as unknown as T;
      });
    };
    const wrapped = { ...instance, create } as AdapterInstance;
    // Better Auth runs multi-step work through adapter.transaction(cb); without
    // adapter-level transactions (the default) cb gets this same adapter, so the
    // user-with-profile create above is always the one used.
    wrapped.transaction = (async (cb: (trx: AdapterInstance) => Promise<unknown>) =>
      cb(wrapped)) as AdapterInstance["transaction"];
    return wrapped;
  };
}
