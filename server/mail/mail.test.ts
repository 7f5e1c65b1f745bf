import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, outboxDir, verificationCodeMessage } from "./index";

const quietLog = { info() {} };

describe("mail over real SMTP", () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers the verification code with the site name, in text and HTML", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "FounderBridge <no-reply@founderbridge.test>",
      dataDir: "/nonexistent",
      log: quietLog,
    });
    expect(mailer.kind).toBe("smtp");
    await mailer.send(verificationCodeMessage("FounderBridge", "asha@example.com", "482913"));
    await mailer.close();
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.to).toEqual(["asha@example.com"]);
    expect(message!.raw).toMatch(/Subject: Your FounderBridge verification code: 482913/);
    expect(message!.raw).toMatch(/text\/plain/);
    expect(message!.raw).toMatch(/text\/html/);
    expect(message!.raw.match(/\b(\d{6})\b/)?.[1]).toBe("482913");
  });
});

describe("development outbox", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "fb-outbox-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes each message to a file and logs the code", async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "FounderBridge <no-reply@localhost>",
      dataDir: dir,
      log: { info: (_obj, msg) => lines.push(msg) },
    });
    expect(mailer.kind).toBe("outbox");
    await mailer.send(verificationCodeMessage("FounderBridge", "ravi@example.com", "100200"));
    const files = await readdir(outboxDir(dir));
    expect(files).toHaveLength(1);
    const body = await readFile(path.join(outboxDir(dir), files[0]!), "utf8");
    expect(body).toContain("To: ravi@example.com");
    expect(body).toContain("Your verification code is 100200.");
    expect(lines.join("\n")).toContain("100200");
  });
});
