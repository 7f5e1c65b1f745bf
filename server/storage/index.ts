import path from "node:path";
import { createLocalStorage } from "./local";
import type { Storage } from "./storage";

export { createLocalStorage, type LocalStorage, type LocalStorageOptions } from "./local";
export { StorageKeyError, assertValidKey, type Storage, type StoredObject } from "./storage";

/** Where the HTTP server serves the local driver's files. */
export const UPLOADS_PUBLIC_PATH = "/uploads";

/** The local driver's folder inside the data folder. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

export type StorageConfig = { dataDir: string };

/**
 * The process's storage driver. Local disk for now; the S3-compatible driver
 * will be chosen here when its settings are present.
 */
export function createStorage(config: StorageConfig): Storage {
  return createLocalStorage({ root: uploadsDir(config.dataDir), publicPath: UPLOADS_PUBLIC_PATH });
}
