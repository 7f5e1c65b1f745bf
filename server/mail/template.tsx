/**
 * Every e-mail's layout (docs/decisions/0125): React Email components,
 * rendered once to HTML with react-dom's static renderer (synchronous, so the
 * message builders stay plain functions), and to plain text from that HTML by
 * React Email's toPlainText. The site's name and brand colours (app/app.css's
 * brand-600/900/50, light theme) and, for the e-mails people may stop, a
 * footer saying why they got it with the one-click unsubscribe link.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { toPlainText } from "@react-email/render";
import { renderToStaticMarkup } from "react-dom/server";

export const EMAIL_COLOURS = {
  brand: "#1d4ed8",
  brandDark: "#172554",
  tint: "#eef4ff",
  text: "#0f172a",
  muted: "#475569",
  rule: "#e2e8f0",
} as const;

export type EmailItem = { title: string; href: string; meta?: string; excerpt?: string };

export type EmailContent = {
  siteName: string;
  /** The site's address (the name in the header links there); absent: the name alone. */
  siteUrl?: string;
  /** The inbox's preview line. */
  preview: string;
  heading: string;
  paragraphs: string[];
  action?: { href: string; label: string };
  sections?: { heading: string; items: EmailItem[] }[];
  /** Non-essential mail: why it came, and how to stop it. */
  footer?: { reason: string; unsubscribeUrl: string; settingsUrl: string };
};

const font = '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

function Email({ content }: { content: EmailContent }) {
  const c = EMAIL_COLOURS;
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: c.tint, fontFamily: font, color: c.text, margin: 0 }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "24px 16px" }}>
          <EmailHeader siteName={content.siteName} siteUrl={content.siteUrl} />
          <Section
            style={{
              backgroundColor: "#ffffff",
              padding: "8px 24px 24px",
              borderRadius: "0 0 8px 8px",
            }}
          >
            <Heading as="h1" style={{ fontSize: "22px", lineHeight: "1.3", color: c.text }}>
              {content.heading}
            </Heading>
            {content.paragraphs.map((p, i) => (
              <Text key={i} style={{ fontSize: "16px", lineHeight: "1.5" }}>
                {p}
              </Text>
            ))}
            {content.action ? <EmailAction action={content.action} /> : null}
            {content.sections?.map((section) => (
              <EmailSection key={section.heading} section={section} />
            ))}
          </Section>
          <EmailFooter footer={content.footer} siteName={content.siteName} />
        </Container>
      </Body>
    </Html>
  );
}

/** The site's name on the brand's dark band, linking to the site when its address is known. */
function EmailHeader({ siteName, siteUrl }: Pick<EmailContent, "siteName" | "siteUrl">) {
  return (
    <Section style={{ backgroundColor: EMAIL_COLOURS.brandDark, borderRadius: "8px 8px 0 0" }}>
      <Text
        style={{
          color: "#ffffff",
          fontSize: "18px",
          fontWeight: 700,
          margin: 0,
          padding: "16px 24px",
        }}
      >
        {siteUrl ? (
          <Link href={siteUrl} style={{ color: "#ffffff", textDecoration: "none" }}>
            {siteName}
          </Link>
        ) : (
          siteName
        )}
      </Text>
    </Section>
  );
}

function EmailAction({ action }: { action: NonNullable<EmailContent["action"]> }) {
  return (
    <Button
      href={action.href}
      style={{
        backgroundColor: EMAIL_COLOURS.brand,
        color: "#ffffff",
        borderRadius: "6px",
        padding: "12px 20px",
        fontWeight: 600,
        fontSize: "16px",
      }}
    >
      {action.label}
    </Button>
  );
}

/** A list of links (a digest's posts): each title, its line of details and its excerpt. */
function EmailSection({ section }: { section: { heading: string; items: EmailItem[] } }) {
  const c = EMAIL_COLOURS;
  return (
    <Section>
      <Heading as="h2" style={{ fontSize: "18px", marginTop: "24px", color: c.text }}>
        {section.heading}
      </Heading>
      {section.items.map((item) => (
        <Section key={item.href} style={{ marginBottom: "12px" }}>
          <Text style={{ fontSize: "16px", margin: "0", fontWeight: 600 }}>
            <Link href={item.href} style={{ color: c.brand }}>
              {item.title}
            </Link>
          </Text>
          {item.meta ? (
            <Text style={{ fontSize: "13px", margin: "2px 0 0", color: c.muted }}>{item.meta}</Text>
          ) : null}
          {item.excerpt ? (
            <Text style={{ fontSize: "14px", margin: "4px 0 0", lineHeight: "1.5" }}>
              {item.excerpt}
            </Text>
          ) : null}
        </Section>
      ))}
    </Section>
  );
}

/** Non-essential mail: why it came, Unsubscribe and the settings; any other: the site's name. */
function EmailFooter({ footer, siteName }: { footer: EmailContent["footer"]; siteName: string }) {
  const c = EMAIL_COLOURS;
  if (!footer) {
    return (
      <Section style={{ padding: "16px 8px" }}>
        <Text style={{ fontSize: "13px", color: c.muted }}>— {siteName}</Text>
      </Section>
    );
  }
  return (
    <Section style={{ padding: "16px 8px" }}>
      <Hr style={{ borderColor: c.rule }} />
      <Text style={{ fontSize: "13px", color: c.muted, lineHeight: "1.5" }}>
        {footer.reason}{" "}
        <Link href={footer.unsubscribeUrl} style={{ color: c.muted }}>
          Unsubscribe
        </Link>{" "}
        ·{" "}
        <Link href={footer.settingsUrl} style={{ color: c.muted }}>
          Notification settings
        </Link>
      </Text>
    </Section>
  );
}

/** The HTML and plain-text parts of an e-mail. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<Email content={content} />)}`;
  const text =
    toPlainText(html, {
      wordwrap: 78,
      selectors: ["h1", "h2"].map((selector) => ({ selector, options: { uppercase: false } })),
    })
      .replace(/\n{3,}/g, "\n\n")
      .trim() + "\n";
  return { html, text };
}
