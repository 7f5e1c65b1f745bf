/**
 * A real SMTP server for tests (the smtp-server package) on 127.0.0.1 that
 * keeps every message it accepts, with its headers unfolded and its
 * plain-text and HTML parts decoded (quoted-printable or base64).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string[];
  raw: string;
  headers: Map<string, string>;
  text: string;
  html: string;
};

function decodePart(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === "base64") {
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  if (encoding?.toLowerCase() === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return headers;
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  let text = "";
  let html = "";
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const at = part.search(/\r?\n\r?\n/);
    const partHeaders = parseHeaders(part.slice(0, at).replace(/^\r?\n/, ""));
    const body = decodePart(
      part.slice(at).replace(/^\r?\n\r?\n/, ""),
      partHeaders.get("content-transfer-encoding"),
    );
    const type = partHeaders.get("content-type") ?? "";
    if (type.startsWith("text/plain")) text = body;
    if (type.startsWith("text/html")) html = body;
  }
  return { to, raw, headers, text, html };
}

export type SmtpSink = {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
};

export async function startSmtpSink(
  options: {
    delayMs?: number;
    onMessage?: (mail: ReceivedMail) => void;
    /** false: keep only the recipients (a bench's thousands of messages). */
    keepBodies?: boolean;
  } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail =
          options.keepBodies === false
            ? { to, raw: "", headers: new Map<string, string>(), text: "", html: "" }
            : parseMail(Buffer.concat(chunks).toString("utf8"), to);
        const accept = () => {
          received.push(mail);
          options.onMessage?.(mail);
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
