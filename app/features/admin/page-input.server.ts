/**
 * What the admin pages read alike (the dashboard, Redirects, Banned Words,
 * Reports): the POST's `intent` and `confirmed=1` (a change that asks first),
 * and `?done=`, which names the change made (PRG) and is shown as its
 * message; any other value shows nothing.
 */
import { z } from "zod";
import { formText, onceTextOrNull } from "~/lib/read-input.server";

/** A page's POST: which button (`intent`), and `confirmed=1` once the question is answered. */
export const intentForm = z.object({ intent: onceTextOrNull, confirmed: formText });

/** ?done=, after a change. */
export const donePageQuery = z.object({ done: formText });
export type DonePageQuery = z.output<typeof donePageQuery>;

/** `key`'s message in `messages`, or null when it names none ("" names none). */
export function messageFor(messages: Readonly<Record<string, string>>, key: string): string | null {
  return key && Object.hasOwn(messages, key) ? messages[key]! : null;
}
