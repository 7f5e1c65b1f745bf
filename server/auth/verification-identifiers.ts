/**
 * How the auth library stores the identifiers of its one-time values in the
 * verifications table (docs/decisions/0170, docs/decisions/0171; docs/decisions/0170): never in clear.
 * A reset link's token is part of its identifier (`reset-password:<token>`),
 * so a clear identifier in a backup or a database copy would be a working
 * link. Every identifier is stored as its SHA-256 (base64url, no padding: the
 * library's "hashed"); a reset's keeps a readable kind, `reset-password#`,
 * so the code guard can void an account's reset links.
 *
 * The kind is written with `#`, not `:`: the library also looks an
 * identifier up in clear (for rows written before hashing was turned on),
 * and every reset it checks starts `reset-password:`, so a stored form
 * starting `reset-password:` could be sent back as a token and match.
 */
import { createHash } from "node:crypto";

/** SHA-256 of the identifier, base64url without padding (Better Auth's defaultKeyHasher). */
export function hashIdentifier(identifier: string): string {
  return createHash("sha256").update(identifier, "utf8").digest("base64url");
}

/** The stored form of a reset link's identifier begins with this. */
export const STORED_RESET_PREFIX = "reset-password#";

/** The identifier as the verifications table holds it. */
export function storedIdentifier(identifier: string): string {
  return identifier.startsWith("reset-password:")
    ? `${STORED_RESET_PREFIX}${hashIdentifier(identifier)}`
    : hashIdentifier(identifier);
}

/** Better Auth's `verification.storeIdentifier` option. */
export const STORE_IDENTIFIER = {
  default: "hashed",
  overrides: {
    "reset-password:": {
      hash: (identifier: string) => Promise.resolve(storedIdentifier(identifier)),
    },
  },
} as const;
