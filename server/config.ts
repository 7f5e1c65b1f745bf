import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { StorageSettings } from "./storage";

/**
 * The one place configuration is read. Every variable is listed, with its
 * default, in .env.example. Nothing else reads process.env.
 */
const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  // This machine only unless told: a laptop's demo accounts are not for the whole network.
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SITE_URL: z.url().optional(),
  SITE_NAME: z.string().min(1).default("FounderBridge"),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Milliseconds; 0 turns the limit off (docs/decisions/0061).
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  DATA_DIR: z.string().min(1).default("./data"),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DEMO_CONTENT: booleanFromEnv.optional(),
  SEARCH_CACHE: booleanFromEnv.optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("FounderBridge <no-reply@localhost>"),
  // Jobs (e-mails, digests) run at once by this instance; 0: it only enqueues (docs/decisions/0123).
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(100).default(4),
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  LINKEDIN_ISSUER_URL: z.url().default("https://www.linkedin.com/oauth"),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_SESSION_TOKEN: z.string().optional(),
  S3_PUBLIC_URL: z.url().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  S3_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)*\/?$/,
      "must be a folder name such as founderbridge/uploads",
    )
    .optional(),
  GEO_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, "must be a header name, or none")
    .default("cf-ipcountry"),
  GEOIP_DATABASE_PATH: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  ERROR_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Origins (comma-separated) whose pages may read the Content API; "*" for any. */
  CONTENT_API_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const list = (value ?? "")
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
      const origins: string[] = [];
      for (const item of list) {
        if (item === "*") {
          origins.push(item);
          continue;
        }
        try {
          const url = new URL(item);
          if (!/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, ""))
            throw new Error("not an origin");
          origins.push(url.origin);
        } catch {
          ctx.addIssue({
            code: "custom",
            message: `"${item}" is not an origin (https://host[:port])`,
          });
        }
      }
      return origins;
    }),
});

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  host: string;
  port: number;
  siteUrl: string;
  siteName: string;
  /** Absent: the embedded PGlite database in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /**
   * PostgreSQL only, in ms (0: none): the longest a statement may run, a lock
   * be waited for, and a connection (new, or free in the pool) be waited for.
   * Exceeding one answers 503 (docs/decisions/0061).
   */
  databaseTimeouts: { statementMs: number; lockMs: number; connectMs: number };
  dataDir: string;
  authSecret: string;
  /** Load demo content on the first start of an embedded database. */
  demoContent: boolean;
  /** Identical searches share one result for a minute (decision 0161); false: every search runs. */
  searchCache: boolean;
  trustProxy: boolean;
  logLevel: string;
  /** Readable lines in development and on a terminal unless LOG_FORMAT says; JSON lines otherwise. */
  logFormat: "json" | "pretty";
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Jobs run at once by this instance's workers; 0: no workers here (docs/decisions/0123). */
  jobConcurrency: number;
  /**
   * Set only when both LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET are. The
   * issuer's discovery document gives every endpoint (tests point it at a
   * local OpenID Connect provider).
   */
  linkedin: { clientId: string; clientSecret: string; issuerUrl: string } | undefined;
  /** Uploaded files: local disk in `${dataDir}/uploads` (default) or an S3-compatible bucket. */
  storage: StorageSettings;
  /**
   * Where the visitor's country comes from (cookie consent): a request header
   * set by a proxy or CDN (lower case; undefined with GEO_COUNTRY_HEADER=none),
   * then a local MaxMind-format database file looked up by client address.
   */
  geo: { countryHeader: string | undefined; databasePath: string | undefined };
  /** The bearer token /metrics asks for; unset: /metrics answers 404 (docs/decisions/0136). */
  metricsToken: string | undefined;
  /** Origins allowed to read the Content API from a browser (CORS); "*" for any. */
  contentApiOrigins: string[];
  /** Unhandled errors are POSTed here as JSON, rate-limited (docs/decisions/0136). */
  errorWebhookUrl: string | undefined;
};

export class ConfigError extends Error {}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
}

/** Reads the secret kept in the data folder, creating it on first run. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

type Env = z.output<typeof envSchema>;

/** With DATABASE_URL (production) nothing may be guessed: the secret and the address must be set. */
function requireProductionSettings(e: Env) {
  if (!e.DATABASE_URL) return;
  const missing = [
    !e.BETTER_AUTH_SECRET && "BETTER_AUTH_SECRET (a random string of 32+ characters)",
    !e.SITE_URL && "SITE_URL (the public address, e.g. https://founderbridge.example)",
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new ConfigError(
      `DATABASE_URL is set, so these must be set too:\n${missing.map((m) => `  ${m}`).join("\n")}`,
    );
  }
}

/** Local disk, or the S3 bucket STORAGE_DRIVER=s3 names (with its keys in pairs, or none). */
function storageSettings(e: Env): StorageSettings {
  if (e.STORAGE_DRIVER !== "s3") return { driver: "local" };
  const missing = [
    !e.S3_BUCKET && "S3_BUCKET",
    // Keys go in pairs; neither: the AWS credential chain (docs/decisions/0137).
    !e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY && "S3_ACCESS_KEY_ID",
    e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY && "S3_SECRET_ACCESS_KEY",
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new ConfigError(
      `STORAGE_DRIVER=s3, so these must be set too:\n${missing.map((m) => `  ${m}`).join("\n")}`,
    );
  }
  return {
    driver: "s3",
    s3: {
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      sessionToken: e.S3_SESSION_TOKEN,
      publicUrl: e.S3_PUBLIC_URL,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      prefix: e.S3_PREFIX,
    },
  };
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTTY = Boolean(process.stdout.isTTY),
): Config {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${formatIssues(parsed.error)}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);

  requireProductionSettings(e);
  if (e.GEOIP_DATABASE_PATH && !existsSync(e.GEOIP_DATABASE_PATH)) {
    throw new ConfigError(
      `GEOIP_DATABASE_PATH: no file at ${path.resolve(e.GEOIP_DATABASE_PATH)} (a MaxMind .mmdb country database)`,
    );
  }
  const storage = storageSettings(e);

  const host = e.HOST ?? "127.0.0.1";
  const localHost =
    e.HOST === undefined || e.HOST === "0.0.0.0" || e.HOST === "::" ? "localhost" : e.HOST;
  const siteUrl = (e.SITE_URL ?? `http://${localHost}:${e.PORT}`).replace(/\/+$/, "");

  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    host,
    port: e.PORT,
    siteUrl,
    siteName: e.SITE_NAME,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    },
    dataDir,
    authSecret: e.BETTER_AUTH_SECRET ?? embeddedSecret(dataDir),
    demoContent: !e.DATABASE_URL && (e.DEMO_CONTENT ?? true),
    searchCache: e.SEARCH_CACHE ?? true,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === "development" || stdoutIsTTY ? "pretty" : "json"),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jobConcurrency: e.JOB_CONCURRENCY,
    linkedin:
      e.LINKEDIN_CLIENT_ID && e.LINKEDIN_CLIENT_SECRET
        ? {
            clientId: e.LINKEDIN_CLIENT_ID,
            clientSecret: e.LINKEDIN_CLIENT_SECRET,
            issuerUrl: e.LINKEDIN_ISSUER_URL.replace(/\/+$/, ""),
          }
        : undefined,
    storage,
    geo: {
      countryHeader:
        e.GEO_COUNTRY_HEADER.toLowerCase() === "none"
          ? undefined
          : e.GEO_COUNTRY_HEADER.toLowerCase(),
      databasePath: e.GEOIP_DATABASE_PATH ? path.resolve(e.GEOIP_DATABASE_PATH) : undefined,
    },
    metricsToken: e.METRICS_TOKEN,
    contentApiOrigins: e.CONTENT_API_ORIGINS,
    errorWebhookUrl: e.ERROR_WEBHOOK_URL,
  };
}

let current: Config | undefined;

/** The configuration of this process, read once. */
export function config(): Config {
  current ??= loadConfig();
  return current;
}
