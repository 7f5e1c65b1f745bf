/**
 * A fixed-window counter per key, in this process. Used where a limit only
 * protects this instance (e.g. its log volume); limits that must hold across
 * instances (sign-up, login) are kept in PostgreSQL.
 */
const everyLimiter = new Set<Map<string, unknown>>();

/**
 * Forgets every window of every limiter in this process: a new app starts with
 * its per-instance limits unused (createApp; a test worker starts one app per
 * file, decision 0240). At a process's start there is nothing to forget.
 */
export function forgetAllWindows() {
  for (const windows of everyLimiter) windows.clear();
}

export function createWindowLimiter(options: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}) {
  const { limit, windowMs, maxKeys = 10_000 } = options;
  const windows = new Map<string, { start: number; count: number }>();
  everyLimiter.add(windows);

  return function allow(key: string, now = Date.now()): boolean {
    let entry = windows.get(key);
    if (!entry || now - entry.start >= windowMs) {
      if (!entry && windows.size >= maxKeys) {
        // Forget expired windows first; if none, the oldest one.
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
      }
      entry = { start: now, count: 0 };
      windows.set(key, entry);
    }
    entry.count += 1;
    return entry.count <= limit;
  };
}
