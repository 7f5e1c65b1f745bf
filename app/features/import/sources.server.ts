/**
 * The import's readers (docs/decisions/0119): our own export (content.json), a
 * Ghost export (its JSON, `db[0].data`) and a WordPress export (WXR), each
 * turned into one neutral bundle the importer writes (import.server.ts).
 * Nothing here touches the database.
 */
import { ImportFormatError, type ImportBundle } from "./source-bundle.server";
import { readOurs } from "./source-founderbridge.server";
import { ghostData, readGhost } from "./source-ghost.server";
import { readWordPress } from "./source-wordpress.server";

export {
  ImportFormatError,
  importSlug,
  type ImportBundle,
  type SourceAuthor,
  type SourceFormat,
  type SourcePost,
  type SourceSkip,
} from "./source-bundle.server";
export { withParagraphs } from "./source-wordpress.server";

/** Reads a file's text into a bundle, recognising the format by its content. */
export function readSource(raw: string, options: { sourceUrl?: string } = {}): ImportBundle {
  const trimmed = raw.trimStart();
  if (trimmed.startsWith("<")) return readWordPress(raw);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ImportFormatError(
      "Not an export this importer reads: expected our content.json, a Ghost JSON export or a WordPress WXR file.",
    );
  }
  const object = json as Record<string, unknown>;
  if (object.format === "founderbridge-content") return readOurs(object);
  const ghost = ghostData(object);
  if (ghost) return readGhost(ghost, options.sourceUrl);
  throw new ImportFormatError(
    "Not an export this importer reads: a JSON file must be our content.json or a Ghost export (db[0].data).",
  );
}
