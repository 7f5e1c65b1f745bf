import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhookSignature } from "./signature";

const secret = "whsec_test_secret";
const body = JSON.stringify({ event: "post.published", data: { slug: "hello" } });
const at = new Date("2026-11-25T09:00:00Z");

describe("webhook signatures", () => {
  it("is HMAC-SHA256 of '<timestamp>.<body>' under the secret, with its timestamp", () => {
    const header = signWebhook(secret, body, at);
    const t = at.getTime() / 1000;
    const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
    expect(header).toBe(`t=${t},v1=${expected}`);
    expect(verifyWebhookSignature(header, body, secret, { now: at })).toBe(true);
  });

  it("fails for another body, another secret, a tampered or missing header", () => {
    const header = signWebhook(secret, body, at);
    expect(verifyWebhookSignature(header, `${body} `, secret, { now: at })).toBe(false);
    expect(verifyWebhookSignature(header, body, "another", { now: at })).toBe(false);
    expect(
      verifyWebhookSignature(
        header.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
        body,
        secret,
        { now: at },
      ),
    ).toBe(false);
    expect(verifyWebhookSignature(undefined, body, secret, { now: at })).toBe(false);
    expect(verifyWebhookSignature("t=abc,v1=zz", body, secret, { now: at })).toBe(false);
  });

  it("refuses a delivery signed more than five minutes from now (replay)", () => {
    const header = signWebhook(secret, body, at);
    const later = (s: number) => new Date(at.getTime() + s * 1000);
    expect(verifyWebhookSignature(header, body, secret, { now: later(299) })).toBe(true);
    expect(verifyWebhookSignature(header, body, secret, { now: later(301) })).toBe(false);
  });
});
