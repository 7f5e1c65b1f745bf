/**
 * /admin/banned-words (docs/product/administration.md#banned-words Banned Words page, banned word,
 * banned words): the list ordered by word, add (trimmed, lower-cased,
 * inner spaces collapsed), remove. Admins only; every change is recorded in
 * the audit trail in the same transaction. The check itself lives in
 * ~/features/profiles/banned-words.server (containsBannedWord), cached and
 * dropped on every instance when the table changes.
 */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { invalidateLocal } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import type { Services } from "#server/services";
import { bannedWords } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { isUniqueViolation } from "#server/db/errors";
import { recordAdminAction } from "~/features/audit/audit.server";
import { isUuid } from "~/lib/uuid";
import { onceTextOrNull } from "~/lib/read-input.server";
import type { ConfirmStepData } from "./confirm-action";
import { donePageQuery, intentForm, messageFor, type DonePageQuery } from "./page-input.server";

export const BANNED_WORD_MAX = 100;

export const BANNED_WORD_MESSAGES = {
  /** docs/product/administration.md. */
  duplicate: "This word is already in the list",
  addFailed: "Failed to add word",
  removeQuestion: "Are you sure you want to remove this word?",
  empty: "No banned words yet",
  /** Ours, in the same form. */
  required: "Please enter a word",
  tooLong: `A banned word must be at most ${BANNED_WORD_MAX} characters`,
  added: "Word added successfully!",
  removed: "Word removed successfully!",
  removeFailed: "Failed to remove word",
  notFound: "Failed to remove word: it is no longer in the list",
  forbidden: "Permission denied: only admins can do this",
} as const;

export type BannedWord = { id: string; word: string };

/** Trimmed, lower-cased, runs of white space made one space (the check matches phrases literally). */
export function normaliseBannedWord(raw: string): string {
  return raw.trim().replace(/\s+/g, " ").toLowerCase();
}

/** A word as stored: normalised, not empty, at most BANNED_WORD_MAX characters. */
export const bannedWordSchema = z
  .string()
  .transform(normaliseBannedWord)
  .refine((word) => word !== "", { message: BANNED_WORD_MESSAGES.required, abort: true })
  .refine((word) => [...word].length <= BANNED_WORD_MAX, BANNED_WORD_MESSAGES.tooLong);

export async function listBannedWords(
  db: Database,
  actor: Actor | null | undefined,
): Promise<BannedWord[]> {
  assertCan(actor, "admin.access");
  return db
    .select({ id: bannedWords.id, word: bannedWords.word })
    .from(bannedWords)
    .orderBy(asc(bannedWords.word));
}

export type BannedWordResult =
  { ok: true; word: string } | { ok: false; status: 400 | 403 | 404 | 409 | 500; error: string };

export async function addBannedWord(
  db: Database,
  actor: Actor | null | undefined,
  raw: string,
): Promise<BannedWordResult> {
  assertCan(actor, "admin.access");
  const parsed = bannedWordSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0]!.message };
  const word = parsed.data;
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.insert(bannedWords).values({ word }).returning({ id: bannedWords.id });
      await recordAdminAction(tx, actor, {
        action: "banned_word.add",
        targetType: "banned_word",
        targetId: row!.id,
        targetLabel: word,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      return { ok: false, status: 409, error: BANNED_WORD_MESSAGES.duplicate };
    }
    return { ok: false, status: 500, error: BANNED_WORD_MESSAGES.addFailed };
  }
  // Other instances hear the table's NOTIFY; this one need not wait for it.
  invalidateLocal(["banned_words"]);
  return { ok: true, word };
}

export async function removeBannedWord(
  db: Database,
  actor: Actor | null | undefined,
  id: string,
): Promise<BannedWordResult> {
  assertCan(actor, "admin.access");
  try {
    const removed = await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(bannedWords)
        .where(eq(bannedWords.id, id))
        .returning({ id: bannedWords.id, word: bannedWords.word });
      if (!row) return null;
      await recordAdminAction(tx, actor, {
        action: "banned_word.remove",
        targetType: "banned_word",
        targetId: row.id,
        targetLabel: row.word,
      });
      return row.word;
    });
    if (removed === null) return { ok: false, status: 404, error: BANNED_WORD_MESSAGES.notFound };
    invalidateLocal(["banned_words"]);
    return { ok: true, word: removed };
  } catch {
    return { ok: false, status: 500, error: BANNED_WORD_MESSAGES.removeFailed };
  }
}

/** One banned word by id (the confirmation step names it), or null. */
export async function findBannedWord(db: Database, actor: Actor | null | undefined, id: string) {
  assertCan(actor, "admin.access");
  const [row] = await db
    .select({ id: bannedWords.id, word: bannedWords.word })
    .from(bannedWords)
    .where(eq(bannedWords.id, id));
  return row ?? null;
}

// ------------------------------------------------------------- the page

export const BANNED_WORDS_PATH = "/admin/banned-words";
const DONE = { added: BANNED_WORD_MESSAGES.added, removed: BANNED_WORD_MESSAGES.removed };

export type BannedWordsPageData = {
  words: BannedWord[];
  notice: string | null;
  question: string;
};

/** ?done=added|removed, after a change. */
export const bannedWordsPageQuery = donePageQuery;

export async function loadBannedWordsPage(
  { db }: Pick<Services, "db">,
  actor: Actor,
  { done }: DonePageQuery,
): Promise<BannedWordsPageData> {
  return {
    words: await listBannedWords(db, actor),
    notice: messageFor(DONE, done),
    question: BANNED_WORD_MESSAGES.removeQuestion,
  };
}

/** The page's POST as read: intent=add (word) or remove (id, confirmed=1). */
export const bannedWordsActionForm = intentForm.extend({
  word: onceTextOrNull,
  id: onceTextOrNull,
});
export type BannedWordsActionForm = z.output<typeof bannedWordsActionForm>;

export type BannedWordsActionResult =
  | { ok: true; redirect: string }
  | { ok: false; status: number; error: string; word: string }
  | { ok: true; confirmStep: ConfirmStepData };

/**
 * POST intent=add with word; intent=remove with id and confirmed=1 (without
 * it the answer is a confirmation step). Success goes back to the page (PRG);
 * failures answer 4xx (5xx only when the database fails) keeping what was typed.
 */
export async function runBannedWordsAction(
  { db }: Pick<Services, "db">,
  actor: Actor,
  form: BannedWordsActionForm,
): Promise<BannedWordsActionResult> {
  const { intent } = form;
  if (intent === "add") {
    const { word } = form;
    if (word === null)
      return { ok: false, status: 400, error: BANNED_WORD_MESSAGES.required, word: "" };
    if (word.length > 1000) {
      return {
        ok: false,
        status: 400,
        error: BANNED_WORD_MESSAGES.tooLong,
        word: word.slice(0, 1000),
      };
    }
    const result = await addBannedWord(db, actor, word);
    if (!result.ok) return { ok: false, status: result.status, error: result.error, word };
    return { ok: true, redirect: `${BANNED_WORDS_PATH}?done=added` };
  }
  if (intent === "remove") {
    const { id } = form;
    if (!id || !isUuid(id)) {
      return { ok: false, status: 404, error: BANNED_WORD_MESSAGES.notFound, word: "" };
    }
    if (form.confirmed !== "1") {
      const target = await findBannedWord(db, actor, id);
      if (!target)
        return { ok: false, status: 404, error: BANNED_WORD_MESSAGES.notFound, word: "" };
      return {
        ok: true,
        confirmStep: {
          heading: `Remove "${target.word}"?`,
          question: BANNED_WORD_MESSAGES.removeQuestion,
          yes: "Yes, remove",
          action: BANNED_WORDS_PATH,
          fields: { intent: "remove", id },
        },
      };
    }
    const result = await removeBannedWord(db, actor, id);
    if (!result.ok) return { ok: false, status: result.status, error: result.error, word: "" };
    return { ok: true, redirect: `${BANNED_WORDS_PATH}?done=removed` };
  }
  return { ok: false, status: 400, error: "Invalid request: choose add or remove", word: "" };
}
