/**
 * Row ids are UUIDs: a value from a form, a query or a path is checked before
 * it reaches the database (PostgreSQL refuses a malformed uuid with an error,
 * not with "no row"). Any 8-4-4-4-12 hex string, as the database accepts.
 */
import { z } from "zod";

export const uuidSchema = z.guid();

export function isUuid(value: unknown): value is string {
  return uuidSchema.safeParse(value).success;
}
