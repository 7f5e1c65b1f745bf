/**
 * The services a loader or action uses, handed to it through React Router's
 * context (docs/request-pipeline.md, docs/decisions/0181). server/app.ts puts
 * one Services in every request's context (getLoadContext); app code reads it
 * with `services(context)` (app/lib/services.server.ts) and passes it to the
 * feature, whose signature then shows everything it uses. Tests build their
 * own (testServices in app/lib/services.server.ts) and never set a global.
 */
import { createContext } from "react-router";
import { auth, mailer, type Auth } from "./auth";
import type { Mailer } from "./mail";
import type { Config } from "./config";
import { db, getDatabaseHandle, type Database, type DatabaseHandle } from "./db/client";
import { currentJobQueue, type JobQueue } from "./jobs/queue";
import type { Logger } from "./logger";
import { runtime } from "./runtime";
import type { Storage } from "./storage";

export type Clock = { now(): Date };

export type Services = {
  db: Database;
  /**
   * The database's LISTEN (server/realtime): the same object for the process,
   * as the notification hub listens once per handle.
   */
  listener: Pick<DatabaseHandle, "listen">;
  storage: Storage;
  /** The process's logger (a request's own logger is requestContext's `log`). */
  log: Logger;
  auth: Auth;
  /** The e-mail sender (the one the auth instance sends its codes with). */
  mailer: Mailer;
  /**
   * The job queue (e-mails, webhooks) once start() has started it; undefined
   * before, and in scripts and most tests: a feature that enqueues skips the
   * job or refuses, as it decides (decision 0251).
   */
  jobs: JobQueue | undefined;
  clock: Clock;
  config: Config;
};

export const systemClock: Clock = { now: () => new Date() };

export const servicesContext = createContext<Services>();

/**
 * The process's services, read from what start() set up. Getters, so that a
 * service made on first use (the auth instance) or started after the app (the
 * job queue) is asked for only when a feature uses it.
 */
export function processServices(): Services {
  return {
    get db() {
      return db();
    },
    get listener() {
      return getDatabaseHandle();
    },
    get storage() {
      return runtime().storage;
    },
    get log() {
      return runtime().log;
    },
    get auth() {
      return auth();
    },
    get mailer() {
      return mailer();
    },
    get jobs() {
      return currentJobQueue();
    },
    clock: systemClock,
    get config() {
      return runtime().config;
    },
  };
}
