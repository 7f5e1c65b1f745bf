import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

/**
 * Outgoing mail. With SMTP_URL: nodemailer over SMTP. Without it: the
 * development outbox, one file per message under `${dataDir}/outbox` plus a
 * log line (with the code, when the message carries one), so a person running
 * locally can finish a sign-up without a mail server.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short secret worth logging in development only (e.g. the 6-digit code). */
  devHint?: string;
};

export type Mailer = {
  kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
};

type LogLike = { info(obj: object, msg: string): void };

export type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: LogLike;
};

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

let sequence = 0;

export function createMailer({ smtpUrl, from, dataDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: "smtp",
      async send(message) {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        log.info({ to: message.to, subject: message.subject }, "mail sent");
      },
      async close() {
        transport.close();
      },
    };
  }
  const dir = outboxDir(dataDir);
  return {
    kind: "outbox",
    async send(message) {
      await mkdir(dir, { recursive: true });
      sequence += 1;
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(sequence).padStart(4, "0")}-${safeTo}.txt`,
      );
      const body = [
        `From: ${from}`,
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        "",
        message.text,
        "",
      ].join("\n");
      await writeFile(file, body, { mode: 0o600 });
      log.info(
        {
          to: message.to,
          subject: message.subject,
          file,
          ...(message.devHint ? { code: message.devHint } : {}),
        },
        `mail written to the outbox${message.devHint ? `: ${message.devHint}` : ""}`,
      );
    },
    async close() {},
  };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** Plain text and simple HTML with the site name. */
export function layoutMessage(
  siteName: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): { text: string; html: string } {
  const text = [
    ...paragraphs,
    ...(link ? [`${link.label}: ${link.href}`] : []),
    "",
    `— ${siteName}`,
  ].join("\n\n");
  const html = [
    `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#0f172a">`,
    `<h1 style="font-size:20px">${escapeHtml(siteName)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : "",
    `</body></html>`,
  ].join("");
  return { text, html };
}

export function verificationCodeMessage(siteName: string, to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your ${siteName} verification code: ${code}`,
    ...layoutMessage(siteName, [
      `Your verification code is ${code}.`,
      "It is valid for 10 minutes. If you did not ask for it, ignore this message.",
    ]),
    devHint: `code ${code}`,
  };
}

export function passwordResetMessage(siteName: string, to: string, url: string): MailMessage {
  return {
    to,
    subject: `Reset your ${siteName} password`,
    ...layoutMessage(
      siteName,
      [
        "Someone asked to reset the password of your account.",
        "The link works once and for one hour. If it was not you, ignore this message.",
      ],
      { href: url, label: "Reset your password" },
    ),
    devHint: `reset ${url}`,
  };
}

/** Issue 13: told to the owner when wrong codes paused the account's codes. */
export function codesPausedMessage(
  siteName: string,
  to: string,
  failures: number,
  minutes: number,
): MailMessage {
  return {
    to,
    subject: `Codes for your ${siteName} account are paused`,
    ...layoutMessage(siteName, [
      `Someone entered ${failures} wrong codes for your account.`,
      `To keep the account safe, its verification codes and password reset links stop working for ${minutes} minutes, and the ones already sent no longer work.`,
      "If it was you, wait and ask for a new code. If it was not you, nobody has got in: your password has not changed.",
    ]),
  };
}
