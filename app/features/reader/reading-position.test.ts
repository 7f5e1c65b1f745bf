import { describe, expect, it } from "vitest";
import {
  entryKey,
  followPost,
  READING_STATE,
  recordReading,
  savedOffset,
  type HistoryLike,
} from "./reading-position";

/** A history with one entry, as window.history behaves for replaceState. */
function fakeHistory(initial: unknown, path = "/post/a") {
  const entry = { state: initial, path, writes: 0 };
  const history: HistoryLike & { entry: typeof entry } = {
    entry,
    get state() {
      return entry.state;
    },
    replaceState(data, _unused, url) {
      entry.state = structuredClone(data);
      if (url) entry.path = String(url);
      entry.writes += 1;
    },
  };
  return history;
}

describe("reading position in the history entry", () => {
  it("following another post changes the address and the key, keeping the router's index", () => {
    const history = fakeHistory({ usr: null, key: "k1", idx: 3 });
    const key = followPost(history, "/post/b", { slug: "b", offset: 120 });
    expect(key).not.toBe("k1");
    expect(history.entry.path).toBe("/post/b");
    expect(history.state).toEqual({
      usr: null,
      key,
      idx: 3,
      [READING_STATE]: { slug: "b", offset: 120 },
    });
    expect(entryKey(history)).toBe(key);
    // The same post in another address form keeps the key it is given.
    expect(followPost(history, "/post/b", { slug: "b", offset: 0 }, key)).toBe(key);
  });

  it("records the position only in the page's own entry, and only when it changed", () => {
    const history = fakeHistory({ key: "k1", idx: 0 });
    expect(recordReading(history, "k1", { slug: "a", offset: 40 })).toBe(true);
    expect(savedOffset(history, "a")).toBe(40);
    expect(recordReading(history, "k1", { slug: "a", offset: 40 })).toBe(false);
    expect(history.entry.writes).toBe(1);
    // Back or Forward moved to another entry: it is left alone.
    expect(recordReading(history, "other", { slug: "a", offset: 900 })).toBe(false);
    expect(recordReading(history, undefined, { slug: "a", offset: 900 })).toBe(false);
    expect(savedOffset(history, "a")).toBe(40);
  });

  it("gives a saved offset only for the post it was saved for", () => {
    const history = fakeHistory({ key: "k", [READING_STATE]: { slug: "b", offset: 250.4 } });
    expect(savedOffset(history, "b")).toBe(250);
    expect(savedOffset(history, "a")).toBeNull();
    expect(savedOffset(fakeHistory(null), "b")).toBeNull();
    expect(savedOffset(fakeHistory({ [READING_STATE]: { slug: "b", offset: 0 } }), "b")).toBeNull();
    expect(
      savedOffset(fakeHistory({ [READING_STATE]: { slug: "b", offset: "x" } }), "b"),
    ).toBeNull();
  });
});
