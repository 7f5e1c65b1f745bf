/**
 * Where uploaded and generated files live. Drivers: local disk (default) and
 * S3-compatible object storage (s3.ts, docs/decisions/0008), chosen by
 * STORAGE_DRIVER; callers see only this interface.
 *
 * Keys are relative, slash-separated paths such as
 * `profiles/<user id>/1767000000000.webp`. The same rules hold for every
 * driver so that a key valid on a laptop is valid in the cloud.
 */
export type StoredObject = {
  key: string;
  /** Address a browser can fetch the object from. */
  url: string;
};

export interface Storage {
  readonly driver: "local" | "s3";
  /** Writes (or replaces) the object at `key`. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredObject>;
  /** The public address of `key`; does not check that the object exists. */
  url(key: string): string;
  /** Keys starting with `prefix`, sorted, at most `limit` (default 1000). */
  list(prefix?: string, limit?: number): Promise<string[]>;
  /** Removes the object at `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every key list(prefix) would show (a folder such as
   * `profile-images/<user id>/`, or the start of a name); returns how many.
   * The empty prefix is refused: it would empty the whole store.
   */
  deletePrefix(prefix: string): Promise<number>;
  /** Throws unless an object can be written, read back and deleted (health check). */
  check(): Promise<void>;
  /**
   * Removes what checks of a process that died mid-check left behind (older
   * than `olderThanMs`, default a minute); returns how many. Run at start.
   * Local driver only: on S3 a bucket lifecycle rule on `.health/` does it.
   */
  removeLeftovers?(olderThanMs?: number): Promise<number>;
}

export class StorageKeyError extends Error {
  override name = "StorageKeyError";
}

export const DEFAULT_LIST_LIMIT = 1000;
const MAX_KEY_LENGTH = 512;

/**
 * A segment starts with a letter or digit (so no `.`, `..` or hidden files)
 * and holds only characters that need no escaping on disk or in a URL.
 */
const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Throws StorageKeyError unless `key` is a safe relative key. */
export function assertValidKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new StorageKeyError(`Storage key must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  for (const segment of key.split("/")) {
    if (!KEY_SEGMENT.test(segment)) {
      throw new StorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
    }
  }
}

/**
 * A list prefix is a key, or the start of one (it may end in `/`). Empty
 * means everything.
 */
export function assertValidPrefix(prefix: string): void {
  if (prefix === "") return;
  const trimmed = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  // A partial last segment ("posts/ab") is fine: it is checked as a key.
  assertValidKey(trimmed);
}

/**
 * Content types we store, with the file extensions that serve as them. The
 * local driver's files are served by extension, so the extension must agree
 * with the declared type: an `.html` key can never carry an "image".
 * SVG is absent on purpose: it can carry script.
 */
const EXTENSIONS_BY_TYPE: Record<string, readonly string[]> = {
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "image/gif": ["gif"],
  "image/avif": ["avif"],
  "audio/mpeg": ["mp3"],
  "audio/wav": ["wav"],
  "audio/x-wav": ["wav"],
  "audio/mp4": ["m4a", "mp4"],
  "video/mp4": ["mp4"],
  "application/pdf": ["pdf"],
  "text/plain": ["txt"],
  "text/vtt": ["vtt"],
};

/** Throws StorageKeyError unless the content type is allowed and matches the key's extension. */
export function assertContentTypeMatchesKey(key: string, contentType: string): void {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  const allowed = EXTENSIONS_BY_TYPE[type];
  if (!allowed) throw new StorageKeyError(`Content type not allowed: ${contentType}`);
  const dot = key.lastIndexOf(".");
  const extension = dot > key.lastIndexOf("/") ? key.slice(dot + 1).toLowerCase() : "";
  if (!allowed.includes(extension)) {
    throw new StorageKeyError(
      `Key ${JSON.stringify(key)} must end in .${allowed.join(" or .")} for ${type}`,
    );
  }
}

/** As assertValidPrefix, and never empty (deletePrefix). */
export function assertValidDeletePrefix(prefix: string): void {
  if (prefix === "") throw new StorageKeyError("Refusing to delete with an empty prefix");
  assertValidPrefix(prefix);
}

/** list() without a cap, for deletePrefix. */
export const UNLIMITED = Number.MAX_SAFE_INTEGER;

export function normaliseListLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIST_LIMIT;
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RangeError(`List limit must be a non-negative integer, got ${limit}`);
  }
  return limit;
}
