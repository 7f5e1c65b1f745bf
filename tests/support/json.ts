/**
 * Reading what tests parse (a JSON body, a JSON-LD block) without `any`
 * (docs/decisions/0190): `at` walks a parsed document, and the matchers are
 * Vitest's asymmetric ones typed as the value they stand for (Vitest types
 * them `any`, which the lint's no-unsafe-* rules refuse wherever they are put).
 */
import { expect } from "vitest";

/** The value at a path of keys and indexes in a parsed document; undefined where the path ends. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let here = value;
  for (const key of path) {
    if (typeof here !== "object" || here === null) return undefined;
    here = (here as Record<string | number, unknown>)[key];
  }
  return here;
}

/** A parsed JSON body, as the test expects it to be shaped (the assertions check it). */
export async function jsonOf<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export const anyString = () => expect.any(String) as string;
export const anyNumber = () => expect.any(Number) as number;
export const stringMatching = (pattern: RegExp) => expect.stringMatching(pattern) as string;
export const stringContaining = (text: string) => expect.stringContaining(text) as string;
export const arrayContaining = (items: unknown[]) => expect.arrayContaining(items) as unknown[];
