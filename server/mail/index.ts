import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { renderEmail } from "./template";

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
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post for non-essential mail). */
  headers?: Record<string, string>;
  /** A stable Message-ID (a job's key), so a receiving server can spot a resend. */
  messageId?: string;
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
          ...(message.headers ? { headers: message.headers } : {}),
          ...(message.messageId ? { messageId: message.messageId } : {}),
        });
        log.info({ to: message.to, subject: message.subject }, "mail sent");
      },
      close() {
        transport.close();
        return Promise.resolve();
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
        ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
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

/**
 * An essential message (codes, resets, warnings) in the site's e-mail layout
 * (server/mail/template.tsx): HTML and plain text.
 */
export function layoutMessage(
  siteName: string,
  paragraphs: string[],
  link?: { href: string; label: string },
  heading?: string,
): { text: string; html: string } {
  return renderEmail({
    siteName,
    preview: paragraphs[0] ?? siteName,
    heading: heading ?? paragraphs[0] ?? siteName,
    paragraphs: heading ? paragraphs : paragraphs.slice(1),
    ...(link ? { action: link } : {}),
  });
}

export function verificationCodeMessage(siteName: string, to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your ${siteName} verification code: ${code}`,
    ...layoutMessage(
      siteName,
      [
        `Your verification code is ${code}.`,
        "It is valid for 10 minutes. If you did not ask for it, ignore this message.",
      ],
      undefined,
      "Your verification code",
    ),
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
      "Reset your password",
    ),
    devHint: `reset ${url}`,
  };
}

/** docs/milestones.md#issue-13-security: told to the owner when wrong codes paused the account's codes. */
export function codesPausedMessage(
  siteName: string,
  to: string,
  failures: number,
  minutes: number,
): MailMessage {
  return {
    to,
    subject: `Codes for your ${siteName} account are paused`,
    ...layoutMessage(
      siteName,
      [
        `Someone entered ${failures} wrong codes for your account.`,
        `To keep the account safe, its verification codes and password reset links stop working for ${minutes} minutes, and the ones already sent no longer work.`,
        "If it was you, wait and ask for a new code. If it was not you, nobody has got in: your password has not changed.",
      ],
      undefined,
      "Codes for your account are paused",
    ),
  };
}
