/**
 * Webhook signatures (docs/operations.md#content-api): the JSON body is signed with
 * HMAC-SHA256 under the webhook's secret, over "<timestamp>.<body>", and
 * sent as `X-FounderBridge-Signature: t=<unix seconds>,v1=<hex>` (the shape
 * Stripe uses). A receiver recomputes the HMAC and refuses an old timestamp,
 * so a captured delivery cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "X-FounderBridge-Signature";
/** How old a signed delivery may be when checked (seconds). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** The header's value for this body, signed at `now`. */
export function signWebhook(secret: string, body: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** True when the header signs this body with this secret, within the tolerance. */
export function verifyWebhookSignature(
  header: string | null | undefined,
  body: string,
  secret: string,
  { now = new Date(), toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS } = {},
): boolean {
  const parts = new Map(
    (header ?? "").split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  return timingSafeEqual(
    Buffer.from(given, "hex"),
    Buffer.from(hmac(secret, timestamp, body), "hex"),
  );
}
