import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createCache,
  invalidateLocal,
  listenForInvalidations,
  sweepExpired,
  SWEEP_INTERVAL_MS,
} from "./cache";

describe("createCache", () => {
  afterEach(() => vi.useRealTimers());

  it("loads once, then serves the cached value until the TTL passes", async () => {
    let now = 1_000;
    const cache = createCache<{ n: number }>({
      name: "t1",
      ttl: 1000,
      scopes: ["posts"],
      now: () => now,
    });
    let loads = 0;
    const load = () => Promise.resolve({ n: ++loads });
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    now = 2_001;
    expect(await cache.get("k", load)).toEqual({ n: 2 });
  });

  it("shares one load between concurrent callers", async () => {
    const cache = createCache<{ n: number }>({ name: "t2", ttl: 10_000, scopes: ["posts"] });
    let loads = 0;
    const load = () => new Promise<{ n: number }>((r) => setTimeout(() => r({ n: ++loads }), 5));
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
  });

  it("is cleared by an invalidation of one of its scopes, not of others", async () => {
    const cache = createCache<{ n: number }>({ name: "t3", ttl: 10_000, scopes: ["categories"] });
    await cache.get("k", () => Promise.resolve({ n: 1 }));
    invalidateLocal(["settings"]);
    expect(cache.size).toBe(1);
    invalidateLocal(["categories"]);
    expect(cache.size).toBe(0);
  });

  it("does not store a value loaded before an invalidation", async () => {
    const cache = createCache<{ n: number }>({ name: "t4", ttl: 10_000, scopes: ["posts"] });
    let release!: () => void;
    const pending = cache.get("k", () => new Promise((r) => (release = () => r({ n: 1 }))));
    invalidateLocal(["posts"]);
    release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it("sweeps expired entries every 60 seconds", async () => {
    let now = 1_000;
    const cache = createCache<{ n: number }>({
      name: "t5",
      ttl: 1000,
      scopes: ["posts"],
      now: () => now,
    });
    await cache.get("k", () => Promise.resolve({ n: 1 }));
    expect(SWEEP_INTERVAL_MS).toBe(60_000);
    now = 3_000;
    expect(cache.size).toBe(1);
    sweepExpired();
    expect(cache.size).toBe(0);
  });

  it("listens on the invalidation channel and clears the named scopes", async () => {
    const cache = createCache<{ n: number }>({ name: "t6", ttl: 10_000, scopes: ["settings"] });
    await cache.get("k", () => Promise.resolve({ n: 1 }));
    let handler: (payload: string) => void = () => {};
    await listenForInvalidations({
      listen: (channel, fn) => {
        expect(channel).toBe("cache_invalidate");
        handler = fn;
        return Promise.resolve(async () => {});
      },
    });
    handler("posts,settings");
    expect(cache.size).toBe(0);
  });

  it("starts listening from empty caches, and clears them when the connection was reopened", async () => {
    const posts = createCache<{ n: number }>({ name: "t7", ttl: 10_000, scopes: ["posts"] });
    const settings = createCache<{ n: number }>({ name: "t8", ttl: 10_000, scopes: ["settings"] });
    // Read before listening: nothing would have told these entries of a write.
    await posts.get("k", () => Promise.resolve({ n: 1 }));
    let reconnected: (() => void) | undefined;
    await listenForInvalidations({
      listen: (_channel, _fn, onReconnect) => {
        reconnected = onReconnect;
        return Promise.resolve(async () => {});
      },
    });
    expect(posts.size).toBe(0);
    await posts.get("k", () => Promise.resolve({ n: 1 }));
    await settings.get("k", () => Promise.resolve({ n: 1 }));
    expect(posts.size).toBe(1);
    reconnected?.();
    expect(posts.size).toBe(0);
    expect(settings.size).toBe(0);
  });
});
