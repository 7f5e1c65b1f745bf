import path from "node:path";
import { createLocalStorage } from "./local";
import { createS3Storage, type S3Settings } from "./s3";
import type { Storage } from "./storage";

export { createLocalStorage, type LocalStorage, type LocalStorageOptions } from "./local";
export { createS3Storage, S3Error, type S3Settings, type S3Storage } from "./s3";
export { StorageKeyError, assertValidKey, type Storage, type StoredObject } from "./storage";

/** Where the HTTP server serves the local driver's files. */
export const UPLOADS_PUBLIC_PATH = "/uploads";

/** The local driver's folder inside the data folder. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/** Which driver, from server/config.ts (STORAGE_DRIVER and the S3_* variables). */
export type StorageSettings = { driver: "local" } | { driver: "s3"; s3: S3Settings };

export type StorageConfig = { dataDir: string; storage?: StorageSettings };

/**
 * The process's storage driver: local disk in `<dataDir>/uploads`, served at
 * /uploads (default), or an S3-compatible bucket with STORAGE_DRIVER=s3.
 */
export function createStorage(config: StorageConfig): Storage {
  if (config.storage?.driver === "s3") return createS3Storage(config.storage.s3);
  return createLocalStorage({ root: uploadsDir(config.dataDir), publicPath: UPLOADS_PUBLIC_PATH });
}
