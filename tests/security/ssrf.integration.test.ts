/**
 * Security suite (docs/security.md#content, docs/decisions/0053): the outbound fetcher behind
 * /api/metadata and the Vimeo stills (app/features/authoring/metadata.server)
 * refuses every spelling of an internal address, directly, through DNS and
 * through a redirect, before connecting. A server on 127.0.0.1 counts what
 * reaches it: 0 internal fetches. The route itself answers them with 400,
 * never 500.
 */
import { lookup } from "node:dns/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchMetadata, MetadataError } from "~/features/authoring/metadata.server";
import { signedInMember } from "../support/signed-in";
import { siteOverHttpForThisFile } from "../support/site-over-http";

const site = siteOverHttpForThisFile();
let server: http.Server;
let port: number;
let internalFetches = 0;
const counts = { cases: 0, refused: 0, fiveHundreds: 0 };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/redirect") {
      // The "public" first hop (allowed by address in the test) sends the fetcher inward.
      res.writeHead(302, { Location: url.searchParams.get("to") ?? "/" });
      res.end();
      return;
    }
    internalFetches++;
    res.setHeader("Content-Type", "text/html");
    res.end("<title>internal</title>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  console.log(
    `security/ssrf: ${counts.cases} spellings, ${counts.cases - counts.refused} let through, ${internalFetches} internal fetches, ${counts.fiveHundreds} answers of 500`,
  );
});

/** Internal addresses as a URL's host; `P` is the counting server's port. */
function spellings(): string[] {
  const P = port;
  return [
    `http://127.0.0.1:${P}/`,
    `http://127.1:${P}/`,
    `http://127.0.1:${P}/`,
    `http://2130706433:${P}/`,
    `http://0x7f000001:${P}/`,
    `http://0x7f.0.0.1:${P}/`,
    `http://0177.0.0.1:${P}/`,
    `http://017700000001:${P}/`,
    `http://127.0.0.1.:${P}/`,
    `http://127.254.254.254:${P}/`,
    `http://0.0.0.0:${P}/`,
    `http://0:${P}/`,
    `http://localhost:${P}/`,
    `http://LOCALHOST.:${P}/`,
    `http://[::1]:${P}/`,
    `http://[0:0:0:0:0:0:0:1]:${P}/`,
    `http://[::]:${P}/`,
    `http://[::127.0.0.1]:${P}/`,
    `http://[::7f00:1]:${P}/`,
    `http://[::ffff:127.0.0.1]:${P}/`,
    `http://[::ffff:7f00:1]:${P}/`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${P}/`,
    `http://[::ffff:0:127.0.0.1]:${P}/`,
    `http://[::ffff:0:7f00:1]:${P}/`,
    `http://[64:ff9b::127.0.0.1]:${P}/`,
    `http://[64:ff9b::7f00:1]:${P}/`,
    `http://[64:ff9b:1::7f00:1]:${P}/`,
    `http://[2002:7f00:1::]:${P}/`,
    `http://[2002:7f00:0001:0:0:0:0:1]:${P}/`,
    `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${P}/`,
    "http://169.254.169.254/latest/meta-data/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[::a9fe:a9fe]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[2002:a9fe:a9fe::]/",
    "http://2852039166/",
    "http://10.0.0.1/",
    "http://[::ffff:10.0.0.1]/",
    "http://[2002:a00:1::]/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://[::ffff:c0a8:101]/",
    "http://100.64.0.1/",
    "http://198.18.0.1/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://[fe80::1]/",
    "http://[febf::1]/",
    "http://[fec0::1]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[ff02::1]/",
    "http://[2001:db8::1]/",
    "http://[100::1]/",
    "file:///etc/passwd",
    "gopher://127.0.0.1:70/",
    "ftp://127.0.0.1/",
    "data:text/html,<title>x</title>",
    "javascript:alert(1)",
    `http://[fe80::1%25lo]:${P}/`,
  ];
}

/** Names whose DNS answers are internal (a resolver stands in for DNS). */
const NAMES: Record<string, string[]> = {
  "loopback.test": ["127.0.0.1"],
  "mapped.test": ["::ffff:127.0.0.1"],
  "compat.test": ["::7f00:1"],
  "nat64.test": ["64:ff9b::7f00:1"],
  "sixtofour.test": ["2002:7f00:1::"],
  "translated.test": ["::ffff:0:7f00:1"],
  "mixed.test": ["93.184.216.34", "10.0.0.1"],
  "metadata.test": ["169.254.169.254"],
};
const resolve = async (hostname: string) => {
  const answers = NAMES[hostname];
  if (!answers) return lookup(hostname, { all: true, verbatim: true });
  return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

async function refused(url: string, options: Parameters<typeof fetchMetadata>[1] = {}) {
  counts.cases++;
  try {
    await fetchMetadata(url, { timeoutMs: 2000, resolve, ...options });
    return "fetched";
  } catch (error) {
    if (!(error instanceof MetadataError)) return `threw ${String(error)}`;
    // Refused by the policy (or as no URL at all), never by a failed connection.
    if (/not allowed|valid URL|not valid|Only http/.test(error.message)) {
      counts.refused++;
      return "refused";
    }
    return `failed: ${error.message}`;
  }
}

describe("the outbound fetcher", () => {
  it("refuses every spelling of an internal address before connecting", async () => {
    const results: Record<string, string> = {};
    for (const url of spellings()) results[url] = await refused(url);
    expect(results).toEqual(Object.fromEntries(spellings().map((u) => [u, "refused"])));
    expect(internalFetches).toBe(0);
  });

  it("refuses names whose DNS answers are internal, even in part", async () => {
    const results: Record<string, string> = {};
    for (const name of Object.keys(NAMES)) results[name] = await refused(`http://${name}:${port}/`);
    expect(results).toEqual(Object.fromEntries(Object.keys(NAMES).map((n) => [n, "refused"])));
    expect(internalFetches).toBe(0);
  });

  it("refuses every redirect to an internal address", async () => {
    // Only the first hop's exact address, 127.0.0.1, is allowed (it stands for a
    // public site), so the targets are every spelling that is not that address.
    const first = { allowAddresses: ["127.0.0.1"] };
    const results: Record<string, string> = {};
    const targets = [
      ...spellings(),
      ...Object.keys(NAMES).map((n) => `http://${n}:${port}/`),
    ].filter((u) => {
      const host = URL.canParse(u) ? new URL(u).hostname : "";
      return host !== "127.0.0.1" && host !== "loopback.test";
    });
    for (const to of targets) {
      const url = `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(to)}`;
      results[to] = await refused(url, first);
    }
    expect(results).toEqual(Object.fromEntries(targets.map((t) => [t, "refused"])));
    expect(internalFetches).toBe(0);
  });

  it("answers them over /api/metadata with 400, never 500", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    // The route allows 20 lookups a minute per author: the IPv6 spellings and a few more.
    const cases = spellings()
      .filter((u) => u.startsWith("http://["))
      .slice(0, 20);
    const statuses: Record<string, number> = {};
    for (const url of cases) {
      const res = await fetch(`${site.app.url}/api/metadata`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: site.app.url,
          cookie: mentor.jar.header(site.app.url),
        },
        body: JSON.stringify({ url }),
      });
      await res.body?.cancel();
      if (res.status === 500) counts.fiveHundreds++;
      statuses[url] = res.status;
    }
    expect(statuses).toEqual(Object.fromEntries(cases.map((u) => [u, 400])));
    expect(internalFetches).toBe(0);
  });
});
