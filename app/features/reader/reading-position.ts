/**
 * Back and forward with infinite scroll (docs/product/reading.md#infinite-scroll: "back and forward work").
 *
 * The address bar follows the most visible post with history.replaceState,
 * outside the router, as long-read sites do: scrolling never adds history
 * entries, and the entry's address is always the post being read. So the
 * entry's address and its page can differ from what React Router last
 * navigated to, and its scroll restoration (keyed by the entry's key) would
 * put a page that now starts with a later post at the old page's offset.
 *
 * The rules:
 * - when the address follows another post, the entry gets a new key: React
 *   Router then has no saved offset for it and starts it at the top;
 * - the entry's state also keeps where the reader is within the post being
 *   read (its slug and the offset from the top of that post);
 * - coming back to the entry (Back, Forward, reload), the server or the
 *   router loads that post as the page's first post and the page scrolls
 *   to the same place in it.
 */

/** The history state field holding the reading position. */
export const READING_STATE = "fbReading";

export type ReadingPosition = { slug: string; offset: number };

/** The parts of window.history used here (a fake one in tests). */
export type HistoryLike = {
  readonly state: unknown;
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
};

type EntryState = Record<string, unknown> & { key?: string };

function stateOf(history: HistoryLike): EntryState {
  const state = history.state;
  return state && typeof state === "object" ? (state as EntryState) : {};
}

/** A key in React Router's form (its own keys are random base-36 strings). */
export function newEntryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** The key of the current entry, if React Router gave it one. */
export function entryKey(history: HistoryLike): string | undefined {
  const key = stateOf(history).key;
  return typeof key === "string" ? key : undefined;
}

/**
 * The entry now shows another post: its address, a new key (keeping
 * React Router's other fields, such as its index) and the reading position.
 * Returns the new key.
 */
export function followPost(
  history: HistoryLike,
  path: string,
  reading: ReadingPosition,
  key: string = newEntryKey(),
): string {
  history.replaceState({ ...stateOf(history), key, [READING_STATE]: reading }, "", path);
  return key;
}

/**
 * Records the reading position in the current entry, unless the current
 * entry is no longer the one this page owns (the reader went Back or
 * Forward meanwhile): returns whether it wrote.
 */
export function recordReading(
  history: HistoryLike,
  ownKey: string | undefined,
  reading: ReadingPosition,
): boolean {
  const state = stateOf(history);
  if (ownKey === undefined || state.key !== ownKey) return false;
  const current = state[READING_STATE] as ReadingPosition | undefined;
  if (current && current.slug === reading.slug && current.offset === reading.offset) return false;
  history.replaceState({ ...state, [READING_STATE]: reading }, "");
  return true;
}

/** Where to scroll within the post `slug` when its entry is shown again, or null. */
export function savedOffset(history: HistoryLike, slug: string): number | null {
  const reading = stateOf(history)[READING_STATE] as Partial<ReadingPosition> | undefined;
  if (!reading || reading.slug !== slug) return null;
  const offset = Number(reading.offset);
  return Number.isFinite(offset) && offset > 0 ? Math.round(offset) : null;
}
