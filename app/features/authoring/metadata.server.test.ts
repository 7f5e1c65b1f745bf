import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchMetadata, isPublicAddress, parseMetadata, postChecked } from "./metadata.server";

let server: http.Server;
let base: string;
let port: number;
const LOCAL = { allowAddresses: ["127.0.0.1"] };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/hook") {
      let received = "";
      req.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
      req.on("end", () => {
        res.writeHead(req.method === "POST" ? 202 : 405, { "Content-Type": "text/plain" });
        res.end(`${req.method} ${String(req.headers["x-signature"])} ${received}`);
      });
      return;
    }
    if (path === "/og") {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<!doctype html><html><head><title>Plain title</title>
        <meta property="og:title" content="OG &amp; title">
        <meta name="twitter:title" content="Twitter title">
        <meta name="description" content="Plain description">
        <meta property="og:image" content="/images/cover.png">
        </head><body>hi</body></html>`);
    } else if (path === "/plain") {
      res.setHeader("Content-Type", "text/html");
      res.end(`<html><head><title> Just a
        title </title><meta content="Desc" name="description"><meta name="twitter:image" content="javascript:alert(1)"></head></html>`);
    } else if (path.startsWith("/hop/")) {
      const n = Number(path.slice(5));
      res.writeHead(302, { Location: n > 0 ? `/hop/${n - 1}` : "/og" });
      res.end();
    } else if (path === "/to-loopback-v6") {
      res.writeHead(301, { Location: `http://[::1]:${port}/og` });
      res.end();
    } else if (path === "/to-other-loopback") {
      res.writeHead(302, { Location: `http://127.0.0.2:${port}/og` });
      res.end();
    } else if (path === "/to-metadata") {
      res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" });
      res.end();
    } else if (path === "/json") {
      res.setHeader("Content-Type", "application/json");
      res.end("{}");
    } else if (path === "/huge") {
      res.setHeader("Content-Type", "text/html");
      res.write('<html><head><meta property="og:title" content="Big page">');
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 5 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once("drain", pump);
        }
        res.end();
      };
      pump();
      res.on("close", () => (sent = Infinity));
    } else if (path === "/slow") {
      res.setHeader("Content-Type", "text/html");
      res.write("<html>");
      setTimeout(() => res.end("<title>late</title></html>"), 2000);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("address policy", () => {
  it("refuses loopback, private, link-local, metadata, CGNAT, unspecified and their IPv6 forms", () => {
    for (const ip of [
      "127.0.0.1",
      "127.1.2.3",
      "10.0.0.1",
      "10.255.255.255",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      // docs/milestones.md#issue-13-security: the IPv4 address inside ::/96, ::ffff:0:0:0/96, 64:ff9b::/96 and 2002::/16.
      "::127.0.0.1",
      "::7f00:1",
      "::ffff:0:127.0.0.1",
      "2002:7f00:1::",
      "64:ff9b::10.0.0.1",
      "fe80::1%eth0",
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of [
      "93.184.216.34",
      "8.8.8.8",
      "2606:4700::1111",
      "172.32.0.1",
      "2002:5db8:d822::1",
      "64:ff9b::808:808",
    ]) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
  });
});

describe("fetchMetadata", () => {
  it("reads Open Graph first, then Twitter, then title and description; image made absolute", async () => {
    expect(await fetchMetadata(`${base}/og`, LOCAL)).toEqual({
      title: "OG & title",
      description: "Plain description",
      image: `${base}/images/cover.png`,
    });
    expect(await fetchMetadata(`${base}/plain`, LOCAL)).toEqual({
      title: "Just a title",
      description: "Desc",
      image: "",
    });
  });

  it("refuses non-http(s) URLs", async () => {
    for (const url of [
      "file:///etc/passwd",
      "ftp://example.com/",
      "javascript:alert(1)",
      "gopher://x/",
    ]) {
      await expect(fetchMetadata(url)).rejects.toThrow(/Only http and https/);
    }
    await expect(fetchMetadata("not a url")).rejects.toThrow(/valid URL/);
  });

  it("refuses 127.0.0.1, 10.0.0.0/8 and 169.254.169.254 without connecting (production has no allowance)", async () => {
    await expect(fetchMetadata(`${base}/og`)).rejects.toThrow(/not allowed/);
    await expect(fetchMetadata("http://10.1.2.3/")).rejects.toThrow(/not allowed/);
    await expect(fetchMetadata("http://169.254.169.254/latest/meta-data/")).rejects.toThrow(
      /not allowed/,
    );
    await expect(fetchMetadata(`http://[::1]:${port}/og`)).rejects.toThrow(/not allowed/);
  });

  it("refuses a host name that resolves to 127.0.0.1 (checked after DNS)", async () => {
    await expect(fetchMetadata(`http://localhost:${port}/og`)).rejects.toThrow(/not allowed/);
    const resolve = () => Promise.resolve([{ address: "127.0.0.1", family: 4 }]);
    await expect(fetchMetadata(`http://innocent.example:${port}/og`, { resolve })).rejects.toThrow(
      /not allowed/,
    );
    const mixed = () =>
      Promise.resolve([
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ]);
    await expect(fetchMetadata("http://mixed.example/", { resolve: mixed })).rejects.toThrow(
      /not allowed/,
    );
  });

  it("connects to the address it checked, not to a second DNS answer", async () => {
    let calls = 0;
    const resolve = () => {
      calls += 1;
      return Promise.resolve([{ address: "127.0.0.1", family: 4 }]);
    };
    const meta = await fetchMetadata(`http://pinned.example:${port}/og`, { ...LOCAL, resolve });
    expect(meta.title).toBe("OG & title");
    expect(calls).toBe(1);
  });

  it("checks every redirect again: to loopback and to cloud metadata refused", async () => {
    await expect(fetchMetadata(`${base}/to-loopback-v6`, LOCAL)).rejects.toThrow(/not allowed/);
    await expect(fetchMetadata(`${base}/to-other-loopback`, LOCAL)).rejects.toThrow(/not allowed/);
    await expect(fetchMetadata(`${base}/to-metadata`, LOCAL)).rejects.toThrow(/not allowed/);
  });

  it("follows at most 3 redirects", async () => {
    expect((await fetchMetadata(`${base}/hop/2`, LOCAL)).title).toBe("OG & title");
    await expect(fetchMetadata(`${base}/hop/3`, LOCAL)).rejects.toThrow(/Too many redirects/);
  });

  it("reads HTML only, stops at 1 MB and after the time limit", async () => {
    await expect(fetchMetadata(`${base}/json`, LOCAL)).rejects.toThrow(/not an HTML page/);
    const started = Date.now();
    expect((await fetchMetadata(`${base}/huge`, LOCAL)).title).toBe("Big page");
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(fetchMetadata(`${base}/slow`, { ...LOCAL, timeoutMs: 300 })).rejects.toThrow(
      /too long/,
    );
  });

  it("parses attributes in any order and quoting", () => {
    const meta = parseMetadata(
      `<meta content='A &#39;quoted&#39; title' property=og:title><meta name=description content="d">`,
      new URL("https://example.com/a/b"),
    );
    expect(meta).toEqual({ title: "A 'quoted' title", description: "d", image: "" });
  });
});

describe("postChecked (webhooks)", () => {
  it("POSTs the body and headers to a public (here: allowed) address and returns any answer", async () => {
    const res = await postChecked(`${base}/hook`, '{"a":1}', { "X-Signature": "sig" }, LOCAL);
    expect(res).toEqual({ status: 202, body: 'POST sig {"a":1}' });
    const redirect = await postChecked(`${base}/hop/1`, "{}", {}, LOCAL);
    expect(redirect.status).toBe(302);
  });

  it("refuses internal addresses without connecting: loopback, private, metadata, localhost", async () => {
    for (const url of [
      `${base}/hook`,
      "http://10.0.0.5/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://localhost/hook",
      "http://[::1]/hook",
    ]) {
      await expect(postChecked(url, "{}", {})).rejects.toThrow("This address is not allowed");
    }
    await expect(
      postChecked(
        "http://hooks.example/x",
        "{}",
        {},
        { resolve: () => Promise.resolve([{ address: "192.168.1.2", family: 4 }]) },
      ),
    ).rejects.toThrow("This address is not allowed");
    await expect(postChecked("ftp://hooks.example/x", "{}", {})).rejects.toThrow(
      "Only http and https",
    );
  });
});
