/**
 * An ILIKE/LIKE pattern matching `text` anywhere, with the pattern characters
 * (`\`, `%`, `_`) in it escaped so that they match themselves.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
