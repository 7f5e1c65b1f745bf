/**
 * What can be checked of the container packaging without a container engine
 * (README, Deployment): the Dockerfile's rules and the compose file's shape.
 * The image itself is built and run by `docker build` / `docker compose up`.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { stringMatching } from "#tests/support/json";

const dockerfile = readFileSync("Dockerfile", "utf8");
/** Instructions with their continuation lines joined, comments left out. */
const instructions = dockerfile
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
const stages = instructions.filter((line) => /^FROM /i.test(line));
const runtime = instructions.slice(instructions.lastIndexOf(stages.at(-1)!));

describe("Dockerfile", () => {
  it("builds in stages and runs from a slim stage with production dependencies only", () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(stages.at(-1)).toMatch(/^FROM node:\$\{NODE_VERSION\}-bookworm-slim AS runtime$/);
    expect(instructions).toContain("RUN npm run build");
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(runtime.join("\n")).toMatch(/COPY --from=prod-deps \/app\/node_modules/);
    expect(runtime.join("\n")).not.toMatch(/RUN npm ci(?! --omit=dev)/);
  });

  it("runs as a non-root user, on all interfaces, with a health check on /api/health", () => {
    const user = runtime.filter((line) => /^USER /.test(line)).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)\b/);
    expect(runtime.join("\n")).toMatch(/HOST=0\.0\.0\.0/);
    const health = runtime.find((line) => /^HEALTHCHECK /.test(line));
    expect(health).toMatch(/\/api\/health'/);
    expect(runtime.at(-1)).toBe('CMD ["node", "server.js"]');
  });

  it("pins no secret and keeps data out of the image", () => {
    expect(dockerfile).not.toMatch(/BETTER_AUTH_SECRET|PASSWORD|SECRET_ACCESS_KEY/);
    const ignored = readFileSync(".dockerignore", "utf8").split("\n");
    for (const entry of ["node_modules", "data", "build", ".env", ".git", "backups"]) {
      expect(ignored).toContain(entry);
    }
  });
});

describe("the image's parts that only show when it runs", () => {
  it("installs the font the demo content's images draw their text in", () => {
    // sharp draws <text> through fontconfig: without a font and its configuration, empty boxes.
    const images = readFileSync("server/db/demo-content/images.ts", "utf8");
    const font = /const FONT = "([^",]+)/.exec(images)?.[1];
    expect(font).toBe("DejaVu Sans");
    const install = runtime.find((line) => /apt-get install/.test(line));
    expect(install).toMatch(/\bfonts-dejavu-core\b/);
    expect(install).toMatch(/\bfontconfig-config\b/);
  });

  it("builds with podman in the docker format, which keeps the HEALTHCHECK", () => {
    // Podman's default OCI format drops HEALTHCHECK with only a warning (docs/decisions/0159).
    const docs = ["README.md", "docs/deployment.md", "Dockerfile"].map((f) =>
      readFileSync(f, "utf8"),
    );
    const builds = docs.flatMap((text) => text.match(/podman build -[^\n`]*/g) ?? []);
    expect(builds.length).toBeGreaterThan(0);
    for (const command of builds) expect(command).toMatch(/--format docker/);
  });

  it("makes the base image locally for the Dockerfile's Node version", () => {
    const nodeMajor = /^ARG NODE_VERSION=(\d+)$/m.exec(dockerfile)?.[1];
    expect(nodeMajor).toBe(readFileSync(".nvmrc", "utf8").trim());
    const script = readFileSync("scripts/make-base-image.sh", "utf8");
    expect(/^NODE_VERSION="\$\{NODE_VERSION:-(\d+)\./m.exec(script)?.[1]).toBe(nodeMajor);
    expect(script).toContain(`TAG="\${TAG:-docker.io/library/node:${nodeMajor}-bookworm-slim}"`);
  });
});

describe("compose.yaml", () => {
  // Compose merges `<<: *app` (YAML 1.1 merge keys).
  const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
    services: Record<string, Record<string, unknown>>;
    configs: Record<string, { content: string }>;
  };
  const { services } = compose;

  it("has two app instances, PostgreSQL, an S3-compatible store, an SMTP catcher and a proxy", () => {
    expect(Object.keys(services).sort()).toEqual(
      ["app1", "app2", "db", "mail", "proxy", "s3", "s3-bucket"].sort(),
    );
    expect(services.db!.image).toMatch(/^postgres:/);
    expect(services.s3!.image).toMatch(/minio/);
    expect(services.mail!.image).toMatch(/mailpit/);
  });

  it("configures both instances alike, for PostgreSQL, S3 and SMTP, behind a trusted proxy", () => {
    const env = (name: string) => services[name]!.environment as Record<string, string>;
    expect(env("app1")).toEqual(env("app2"));
    expect(env("app1")).toMatchObject({
      DATABASE_URL: stringMatching(/^postgres:\/\/.+@db:5432\//),
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: "http://s3:9000",
      SMTP_URL: "smtp://mail:1025",
      TRUST_PROXY: "true",
    });
    // The secret comes from the operator's environment, never from the file.
    expect(env("app1").BETTER_AUTH_SECRET).toMatch(/^\$\{BETTER_AUTH_SECRET:\?/);
    expect(services.app1!.depends_on).toMatchObject({ db: { condition: "service_healthy" } });
  });

  it("balances both instances on their readiness and allows the 8 MB upload bodies", () => {
    const caddyfile = compose.configs.caddyfile!.content;
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddyfile).toMatch(/health_uri \/api\/health\/ready/);
    expect(caddyfile).toMatch(/max_size 8MB/);
  });
});
