/**
 * Once per journey run, before any worker starts: the data folders the
 * journeys' own servers copy, with their accounts signed in once
 * (support/site-template.ts). About 30 s, in place of a sign-up, a restart or
 * a demo-content seeding in every journey or worker that needed one.
 */
import { rm } from "node:fs/promises";
import { OwnServer } from "./support/own-server";
import { SITE_ACCOUNTS } from "./support/site-accounts";
import {
  DEMO_PASSWORD,
  demoAccountEmails,
  makeTemplate,
  seedSite,
  setDemoPasswords,
  TEMPLATES_ROOT,
} from "./support/site-template";

async function startOn(dataDir: string, env: Record<string, string>) {
  const server = await OwnServer.start({ dataDir, env });
  return { url: server.url, stop: () => server.stop() };
}

export default async function globalSetup() {
  const started = Date.now();
  await rm(TEMPLATES_ROOT, { recursive: true, force: true });
  // Both at once; allSettled so that neither is left running when the other fails.
  const made = await Promise.allSettled([
    makeTemplate({
      name: "site",
      prepare: seedSite,
      accounts: () => Promise.resolve(SITE_ACCOUNTS),
      start: startOn,
    }),
    makeTemplate({
      name: "demo",
      // The first start seeds the demo content into the empty folder.
      prepare: async (dataDir) => {
        const seeding = await OwnServer.start({ dataDir, env: { DEMO_CONTENT: "true" } });
        await seeding.stop();
      },
      adjust: setDemoPasswords,
      accounts: async (dataDir) =>
        (await demoAccountEmails(dataDir)).map((email) => ({ email, password: DEMO_PASSWORD })),
      start: startOn,
      env: { DEMO_CONTENT: "true" },
    }),
  ]);
  for (const result of made) if (result.status === "rejected") throw result.reason;
  console.log(`journey templates made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return async () => {
    await rm(TEMPLATES_ROOT, { recursive: true, force: true });
  };
}
