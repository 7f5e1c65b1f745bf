import { afterAll, beforeAll } from "vitest";
import { browse, type CookieJar, startTestApp, type TestApp } from "#tests/support/http-app";
import { testDatabaseForThisFile, type TestDatabase } from "./test-database";

export type SiteOverHttp = {
  readonly testDb: TestDatabase;
  readonly app: TestApp;
  get: (jar: CookieJar, path: string) => Promise<Response>;
  post: (jar: CookieJar, path: string, fields: Record<string, string>) => Promise<Response>;
  /** The page's HTML with React's escaped apostrophes and quotes put back. */
  text: (res: Response) => Promise<string>;
};

/**
 * The whole app over HTTP on a fresh database for one test file: started
 * before the file, emptied before each test, stopped after the file.
 */
export function siteOverHttpForThisFile(
  options: { pageCache?: boolean; env?: Record<string, string> } = {},
): SiteOverHttp {
  const testDb = testDatabaseForThisFile();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ testDb, pageCache: options.pageCache, env: options.env });
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    get testDb() {
      return testDb;
    },
    get app() {
      return app;
    },
    get: (jar, path) => browse(jar, `${app.url}${path}`),
    post: (jar, path, fields) =>
      browse(jar, `${app.url}${path}`, { method: "POST", body: new URLSearchParams(fields) }),
    text: async (res) => (await res.text()).replace(/&#x27;/g, "'").replace(/&quot;/g, '"'),
  };
}
