import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { randomInt, randomUUID } from "node:crypto";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { accounts, profiles, users } from "#server/db/schema";
import { LIMITS, MESSAGES, passwordProblem, USERNAME_CHARS } from "./rules";

/**
 * `npm run admin:create`: the first administrator, verified and approved, with
 * a password login. The auth user, its credential and its profile are written
 * in one transaction.
 */
export const adminInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(LIMITS.email, MESSAGES.emailInvalid)
    .pipe(z.email(MESSAGES.emailInvalid)),
  username: z
    .string()
    .trim()
    .regex(USERNAME_CHARS, MESSAGES.usernameFormat)
    .min(LIMITS.usernameMin, MESSAGES.usernameLength)
    .max(LIMITS.username, MESSAGES.usernameLength)
    .transform((u) => u.toLowerCase()),
  fullName: z.string().trim().max(LIMITS.name, MESSAGES.fieldTooLong).optional(),
  password: z
    .string()
    .max(LIMITS.password, MESSAGES.fieldTooLong)
    .superRefine((p, ctx) => {
      const problem = passwordProblem(p);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});
export type AdminInput = z.input<typeof adminInputSchema>;

const ALPHABET = {
  upper: "ABCDEFGHJKLMNPQRSTUVWXYZ",
  lower: "abcdefghijkmnopqrstuvwxyz",
  digit: "23456789",
};

/** 20 characters from a crypto source, with at least one upper, lower and digit. */
export function generatePassword(length = 20): string {
  const all = ALPHABET.upper + ALPHABET.lower + ALPHABET.digit;
  const pick = (s: string) => s[randomInt(s.length)]!;
  const chars = [pick(ALPHABET.upper), pick(ALPHABET.lower), pick(ALPHABET.digit)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join("");
}

export class CreateAdminError extends Error {}

export async function createAdmin(
  db: Database,
  raw: AdminInput,
): Promise<{ id: string; email: string; username: string }> {
  const parsed = adminInputSchema.safeParse(raw);
  if (!parsed.success) throw new CreateAdminError(parsed.error.issues[0]!.message);
  const input = parsed.data;
  const passwordHash = await hashPassword(input.password);
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const taken = (await tx.execute(
      sql`SELECT lower(email) AS email, lower(username) AS username FROM users
          WHERE lower(email) = ${input.email} OR lower(username) = ${input.username}`,
    )) as { rows: { email: string; username: string | null }[] };
    if (taken.rows.some((r) => r.email === input.email))
      throw new CreateAdminError(MESSAGES.emailTaken);
    if (taken.rows.length > 0) throw new CreateAdminError(MESSAGES.usernameTaken);
    const name = input.fullName || input.username;
    await tx.insert(users).values({
      id,
      name,
      email: input.email,
      emailVerified: true,
      username: input.username,
      displayUsername: input.username,
    });
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: passwordHash,
    });
    await tx.insert(profiles).values({
      id,
      email: input.email,
      username: input.username,
      fullName: name,
      role: "admin",
      status: "approved",
    });
    return { id, email: input.email, username: input.username };
  });
}
