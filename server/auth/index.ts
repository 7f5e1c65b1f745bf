import { db } from "../db/client";
import { createMailer, type Mailer } from "../mail";
import { runtime } from "../runtime";
import { createAuth, type Auth } from "./auth";

export {
  CLIENT_IP_HEADER,
  createAuth,
  LINKEDIN_PROVIDER_ID,
  SESSION_REFUSED,
  TWO_FACTOR_COOKIE,
  type Auth,
} from "./auth";

/**
 * The process's auth instance and mailer, made on first use from the runtime
 * (server/app.ts start()). Tests install their own with setAuthServices().
 */
type Services = { auth: Auth; mailer: Mailer };
const key = Symbol.for("founderbridge.auth");
type GlobalWithAuth = typeof globalThis & { [key]?: Services };

export function setAuthServices(services: Services | undefined) {
  (globalThis as GlobalWithAuth)[key] = services;
}

function services(): Services {
  const g = globalThis as GlobalWithAuth;
  if (!g[key]) {
    const { config, log } = runtime();
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log,
    });
    const auth = createAuth({
      db: db(),
      siteUrl: config.siteUrl,
      siteName: config.siteName,
      secret: config.authSecret,
      mailer,
      linkedin: config.linkedin,
    });
    g[key] = { auth, mailer };
  }
  return g[key];
}

export function auth(): Auth {
  return services().auth;
}

export function mailer(): Mailer {
  return services().mailer;
}
