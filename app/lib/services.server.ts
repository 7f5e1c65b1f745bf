/**
 * The services through React Router's context (docs/request-pipeline.md):
 * `services(context)` in a loader or action, passed on to the feature as its
 * first argument. server/app.ts sets them once per request; a test builds a
 * context with its own (testContext, app/pipeline/test-context.server.ts).
 */
import type { RouterContextProvider } from "react-router";
import { servicesContext, systemClock, type Services } from "#server/services";

export type { Clock, Services } from "#server/services";

type Context = Readonly<RouterContextProvider>;

export function services(context: Context): Services {
  return context.get(servicesContext);
}

/**
 * Services for a test: those given; any other one throws when a feature asks
 * for it (so a test shows what the code under test uses). The job queue is
 * the exception: none given reads as a queue not started (undefined), as in
 * a process before start() (decision 0251).
 */
const SERVICE_NAMES = ["db", "listener", "storage", "log", "auth", "mailer", "clock", "config"];

export function testServices(given: Partial<Services>): Services {
  const all: Partial<Services> = { clock: systemClock, ...given };
  return new Proxy(all as Services, {
    get(target, name: string | symbol) {
      const value = (target as Record<string | symbol, unknown>)[name];
      if (value === undefined && typeof name === "string" && SERVICE_NAMES.includes(name)) {
        throw new Error(`testServices: the test gave no "${name}"`);
      }
      return value;
    },
  });
}
