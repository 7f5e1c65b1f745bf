/**
 * The banned-words check (docs/product/administration.md#banned-words check_banned_words): does a text contain
 * one of the admins' banned words, as a whole word (or phrase), ignoring case?
 * The one check used by bios and comments.
 *
 * The list is read once into an in-process cache (scope "banned_words") and
 * compiled into one regular expression; any change to the table (the
 * trigger of migration 0006 sends cache_invalidate 'banned_words') clears it
 * on every instance, so a check is not a query.
 */
import { CACHE_TTL, createCache } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import { bannedWords } from "#server/db/schema";

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One pattern for the whole list; null when the list is empty. */
export function bannedWordsPattern(words: readonly string[]): RegExp | null {
  const list = words.map((w) => w.trim()).filter(Boolean);
  if (list.length === 0) return null;
  // Longer words first, so a phrase wins over a word it starts with.
  list.sort((a, b) => b.length - a.length);
  return new RegExp(
    `(?<![\\p{L}\\p{N}_])(?:${list.map(escape).join("|")})(?![\\p{L}\\p{N}_])`,
    "iu",
  );
}

/** True when `text` contains one of `words` as a whole word, ignoring case. */
export function matchesBannedWord(text: string, words: readonly string[]): boolean {
  return bannedWordsPattern(words)?.test(text) ?? false;
}

const cache = createCache<{ pattern: RegExp | null }>({
  name: "banned-words",
  // Invalidated on every change; the lifetime only bounds a missed notification.
  ttl: CACHE_TTL.settings,
  scopes: ["banned_words"],
  max: 1,
});

function compiledList(db: Database) {
  return cache.get("all", async () => {
    // Order does not matter: the pattern sorts the words itself.
    const rows = await db.select({ word: bannedWords.word }).from(bannedWords);
    return { pattern: bannedWordsPattern(rows.map((r) => r.word)) };
  });
}

/** True when `text` contains a banned word. Throws when the list cannot be read. */
export async function containsBannedWord(db: Database, text: string): Promise<boolean> {
  if (!text.trim()) return false;
  const { pattern } = await compiledList(db);
  return pattern?.test(text) ?? false;
}
