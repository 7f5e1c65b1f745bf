/**
 * The banned-words check (spec 2 §7 check_banned_words): does a text contain
 * one of the admins' banned words, as a whole word (or phrase), ignoring case?
 * Used by bios and comments. The list is small and read on each check.
 */
import type { Database } from "#server/db/client";
import { bannedWords } from "#server/db/schema";

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** True when `text` contains a banned word. Throws when the list cannot be read. */
export async function containsBannedWord(db: Database, text: string): Promise<boolean> {
  if (!text.trim()) return false;
  const rows = await db.select({ word: bannedWords.word }).from(bannedWords);
  if (rows.length === 0) return false;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])(?:${rows.map((r) => escape(r.word)).join("|")})(?![\\p{L}\\p{N}_])`,
    "iu",
  );
  return pattern.test(text);
}
