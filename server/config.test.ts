import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "fb-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("runs on the embedded database at http://localhost:3000 with nothing set", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.dataDir).toBe(dataDir);
    expect(config.demoContent).toBe(true);
    expect(config.isProduction).toBe(true);
    expect(config.trustProxy).toBe(false);
  });

  it("reads the Content API's CORS origins, refusing what is not an origin", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).contentApiOrigins).toEqual([]);
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        CONTENT_API_ORIGINS: "https://front.example, http://localhost:5173/",
      }).contentApiOrigins,
    ).toEqual(["https://front.example", "http://localhost:5173"]);
    expect(loadConfig({ DATA_DIR: dataDir, CONTENT_API_ORIGINS: "*" }).contentApiOrigins).toEqual([
      "*",
    ]);
    for (const bad of ["front.example", "https://front.example/path", "ftp://front.example"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, CONTENT_API_ORIGINS: bad })).toThrow(
        ConfigError,
      );
    }
  });

  it("generates the secret on first run and keeps it in the data folder", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "secret"), "utf8").trim()).toBe(first.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
  });

  it("turns LinkedIn on only with both its id and secret, at LinkedIn's issuer unless told", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, LINKEDIN_CLIENT_ID: "id" }).linkedin).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir, LINKEDIN_CLIENT_ID: "id", LINKEDIN_CLIENT_SECRET: "s" })
        .linkedin,
    ).toEqual({ clientId: "id", clientSecret: "s", issuerUrl: "https://www.linkedin.com/oauth" });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        LINKEDIN_CLIENT_ID: "id",
        LINKEDIN_CLIENT_SECRET: "s",
        LINKEDIN_ISSUER_URL: "http://127.0.0.1:4444/",
      }).linkedin?.issuerUrl,
    ).toBe("http://127.0.0.1:4444");
    expect(() => loadConfig({ DATA_DIR: dataDir, LINKEDIN_ISSUER_URL: "not a url" })).toThrow(
      ConfigError,
    );
  });

  it("reads the visitor's country from CF-IPCountry unless told otherwise; a GeoIP file must exist", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).geo).toEqual({
      countryHeader: "cf-ipcountry",
      databasePath: undefined,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, GEO_COUNTRY_HEADER: "X-Country" }).geo.countryHeader,
    ).toBe("x-country");
    expect(loadConfig({ DATA_DIR: dataDir, GEO_COUNTRY_HEADER: "none" }).geo.countryHeader).toBe(
      undefined,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, GEO_COUNTRY_HEADER: "bad header" })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, GEOIP_DATABASE_PATH: path.join(dataDir, "missing.mmdb") }),
    ).toThrow(/GEOIP_DATABASE_PATH/);
    const secret = path.join(dataDir, "secret");
    expect(loadConfig({ DATA_DIR: dataDir, GEOIP_DATABASE_PATH: secret }).geo.databasePath).toBe(
      secret,
    );
  });

  it("listens on 127.0.0.1 (this machine only) unless HOST is set", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).host).toBe("127.0.0.1");
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "" }).host).toBe("127.0.0.1");
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "0.0.0.0" }).siteUrl).toBe(
      "http://localhost:3000",
    );
    // .env.example shows how to expose it, and does not do so itself.
    expect(readFileSync(".env.example", "utf8")).toMatch(/^# HOST=0\.0\.0\.0$/m);
  });

  it("logs readable lines in development and on a terminal, JSON lines otherwise, unless LOG_FORMAT says", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }, false).logFormat).toBe("json");
    expect(loadConfig({ DATA_DIR: dataDir }, true).logFormat).toBe("pretty");
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "development" }, false).logFormat).toBe(
      "pretty",
    );
    expect(loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: "json" }, true).logFormat).toBe("json");
    expect(loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: "pretty" }, false).logFormat).toBe("pretty");
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: "xml" })).toThrow(ConfigError);
  });

  it("follows PORT, HOST and SITE_URL", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, PORT: "4000" }).siteUrl).toBe("http://localhost:4000");
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "4001" }).siteUrl).toBe(
      "http://127.0.0.1:4001",
    );
    expect(loadConfig({ DATA_DIR: dataDir, SITE_URL: "https://example.org/" }).siteUrl).toBe(
      "https://example.org",
    );
  });

  it("stops with a clear message when DATABASE_URL is set without a secret or site URL", () => {
    const dataDir = tempDir();
    const attempt = () =>
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://u@127.0.0.1:5432/db" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/BETTER_AUTH_SECRET/);
    expect(attempt).toThrow(/SITE_URL/);
    // No secret file is invented for a production database.
    expect(existsSync(path.join(dataDir, "secret"))).toBe(false);
  });

  it("accepts a complete production configuration and never loads demo content there", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: "postgres://u@127.0.0.1:5432/db",
      BETTER_AUTH_SECRET: "x".repeat(32),
      SITE_URL: "https://founderbridge.example",
      DEMO_CONTENT: "true",
    });
    expect(config.databaseUrl).toBe("postgres://u@127.0.0.1:5432/db");
    expect(config.demoContent).toBe(false);
  });

  it("stores uploads on local disk unless STORAGE_DRIVER=s3, which needs a bucket and keys in pairs", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).storage).toEqual({ driver: "local" });
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORAGE_DRIVER: "s3" })).toThrow(
      /STORAGE_DRIVER=s3, so these must be set too:\n {2}S3_BUCKET$/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        STORAGE_DRIVER: "s3",
        S3_BUCKET: "b",
        S3_ACCESS_KEY_ID: "id",
      }),
    ).toThrow(/STORAGE_DRIVER=s3, so these must be set too:\n {2}S3_SECRET_ACCESS_KEY$/);
    // No keys: the AWS credential chain (instance role, web identity, profiles…).
    expect(
      loadConfig({ DATA_DIR: tempDir(), STORAGE_DRIVER: "s3", S3_BUCKET: "b" }).storage,
    ).toMatchObject({ driver: "s3", s3: { bucket: "b", accessKeyId: undefined } });
    const s3 = {
      DATA_DIR: tempDir(),
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(loadConfig(s3).storage).toEqual({
      driver: "s3",
      s3: {
        bucket: "media",
        region: "us-east-1",
        endpoint: undefined,
        accessKeyId: "id",
        secretAccessKey: "secret",
        sessionToken: undefined,
        publicUrl: undefined,
        forcePathStyle: undefined,
        prefix: undefined,
      },
    });
    expect(
      loadConfig({
        ...s3,
        S3_REGION: "auto",
        S3_ENDPOINT: "https://acc.r2.cloudflarestorage.com",
        S3_PUBLIC_URL: "https://media.example.com",
        S3_FORCE_PATH_STYLE: "false",
        S3_PREFIX: "founderbridge/uploads",
      }).storage,
    ).toMatchObject({
      s3: {
        region: "auto",
        endpoint: "https://acc.r2.cloudflarestorage.com",
        publicUrl: "https://media.example.com",
        forcePathStyle: false,
        prefix: "founderbridge/uploads",
      },
    });
    expect(() => loadConfig({ ...s3, STORAGE_DRIVER: "ftp" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: "not a url" })).toThrow(ConfigError);
    for (const prefix of ["../up", "a/../b", "/abs", "a//b"]) {
      expect(() => loadConfig({ ...s3, S3_PREFIX: prefix }), prefix).toThrow(ConfigError);
    }
  });

  it("bounds database waits: 5 s statements, 2 s locks, 10 s connections unless told; 0 turns one off", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).databaseTimeouts).toEqual({
      statementMs: 5_000,
      lockMs: 2_000,
      connectMs: 10_000,
    });
    const set = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_STATEMENT_TIMEOUT_MS: "0",
      DATABASE_LOCK_TIMEOUT_MS: "500",
      DATABASE_CONNECT_TIMEOUT_MS: "3000",
    });
    expect(set.databaseTimeouts).toEqual({ statementMs: 0, lockMs: 500, connectMs: 3_000 });
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_LOCK_TIMEOUT_MS: "soon" })).toThrow(
      /DATABASE_LOCK_TIMEOUT_MS/,
    );
  });

  it("turns demo content off with DEMO_CONTENT=false", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), DEMO_CONTENT: "false" }).demoContent).toBe(false);
  });

  it("rejects malformed values", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: "not-a-port" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SITE_URL: "nope" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), BETTER_AUTH_SECRET: "short" })).toThrow(
      /32 characters/,
    );
  });
});
