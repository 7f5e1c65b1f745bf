/**
 * One input cleaner (docs/decisions/0052). PostgreSQL refuses U+0000 in text
 * (22021) and headers cannot carry control characters, so they never reach
 * a handler:
 *
 * - the address (path and query, decoded): a control character is refused
 *   with 400 and a clear message, before React Router (`refuseControlUrls`);
 * - form and JSON bodies: control characters are stripped from text values,
 *   tabs and line breaks kept (`cleanText`, `cleanFormData`, `cleanJson`).
 *   The fetch bridge cleans URL-encoded and multipart bodies as they stream
 *   to React Router (`cleanBodyStream`), so every form reader gets clean
 *   text; `readFormWithin` and the JSON routes clean what they read too.
 *
 * Pure functions, no app/ imports: other readers (a shared readForm) call them.
 */
import type { RequestHandler } from "express";

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const STRIPPED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/** Anything a path or query has no use for: every C0 control, DEL, C1. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const URL_REFUSED = /[\u0000-\u001f\u007f-\u009f]/;

export const BAD_ADDRESS_MESSAGE =
  "The address contains characters that are not allowed. Please check the link and try again.";

/** Text with its control characters (but tab, LF, CR) removed. */
export function cleanText(value: string): string {
  return value.replace(STRIPPED, "");
}

/** Whether a text would lose characters to cleanText. */
export function hasControlCharacters(value: string): boolean {
  STRIPPED.lastIndex = 0;
  const found = STRIPPED.test(value);
  STRIPPED.lastIndex = 0;
  return found;
}

/** The same form with every text value (and name) cleaned; files kept as they are. */
export function cleanFormData(form: FormData): FormData {
  const clean = new FormData();
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") clean.append(cleanText(name), cleanText(value));
    else clean.append(cleanText(name), value, value.name);
  }
  return clean;
}

/** A parsed JSON value with every string (keys too) cleaned. */
export function cleanJson(value: unknown): unknown {
  if (typeof value === "string") return cleanText(value);
  if (Array.isArray(value)) return value.map(cleanJson);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        cleanText(k),
        cleanJson(v),
      ]),
    );
  }
  return value;
}

/** A %-escape of a C0 control or DEL (%00-%1F, %7F), in a path or a query. */
const ESCAPED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

/**
 * Why an address is refused, or null: a control character in its path or
 * query once decoded (the escape %00…%1F, %7F, or the raw character).
 */
export function badUrlReason(rawUrl: string): string | null {
  return ESCAPED_CONTROL.test(rawUrl) || URL_REFUSED.test(rawUrl) ? "control character" : null;
}

/** 400 for an address with a control character, before any route reads it. */
export function refuseControlUrls(): RequestHandler {
  return (req, res, next) => {
    const reason = badUrlReason(req.originalUrl);
    if (!reason) return next();
    req.log?.warn({ reason }, "address refused");
    res.status(400);
    const wantsJson = req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json";
    if (wantsJson) res.json({ error: BAD_ADDRESS_MESSAGE });
    else res.type("text/plain").send(BAD_ADDRESS_MESSAGE);
  };
}

// ---- Bodies, as the fetch bridge hands them on ----

const encoder = new TextEncoder();
const PERCENT = 0x25;
const isHex = (b: number) =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
const hexValue = (b: number) => (b <= 0x39 ? b - 0x30 : (b | 0x20) - 0x61 + 10);
/** A byte cleanText would remove: a C0 control but tab, LF and CR, or DEL (one byte in UTF-8). */
const strippedByte = (b: number) =>
  b <= 0x08 || b === 0x0b || b === 0x0c || (b >= 0x0e && b <= 0x1f) || b === 0x7f;

/**
 * A URL-encoded body with control characters removed, raw or %-escaped
 * (`%00`): a streaming pass that holds at most two bytes between chunks.
 */
function cleanUrlEncoded(): TransformStream<Uint8Array, Uint8Array> {
  let carry = new Uint8Array(0);
  const pass = (bytes: Uint8Array, final: boolean) => {
    const out: number[] = [];
    let i = 0;
    for (; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (b === PERCENT) {
        if (i + 2 >= bytes.length && !final) break; // the escape goes on in the next chunk
        const h1 = bytes[i + 1];
        const h2 = bytes[i + 2];
        if (h1 !== undefined && h2 !== undefined && isHex(h1) && isHex(h2)) {
          if (strippedByte(hexValue(h1) * 16 + hexValue(h2))) {
            i += 2;
            continue;
          }
        }
        out.push(b);
        continue;
      }
      if (strippedByte(b)) continue;
      out.push(b);
    }
    carry = bytes.slice(i);
    return Uint8Array.from(out);
  };
  return new TransformStream({
    transform(chunk, controller) {
      const joined = new Uint8Array(carry.length + chunk.length);
      joined.set(carry);
      joined.set(chunk, carry.length);
      controller.enqueue(pass(joined, false));
    },
    flush(controller) {
      if (carry.length) controller.enqueue(pass(carry, true));
    },
  });
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = Math.max(0, from); i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Part headers longer than this are not a form: the rest passes unchanged. */
const MAX_PART_HEADERS = 16 * 1024;

/**
 * A multipart body with control characters removed from its text fields
 * (parts without a filename); files pass byte for byte. Streaming: it holds
 * at most a part's headers, or a delimiter's length, between chunks. The
 * delimiter is CR, LF, "-" and the boundary's printable characters, none of
 * which is removed, so cleaning a text part never hides or makes one.
 */
export function cleanMultipart(boundary: string): TransformStream<Uint8Array, Uint8Array> {
  const first = encoder.encode(`--${boundary}`);
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const headerEnd = encoder.encode("\r\n\r\n");
  let carry = new Uint8Array(0);
  let started = false;
  let text = false;
  /** After a delimiter: waiting for the part's headers to decide text or file. */
  let inHeaders = false;
  let passThrough = false;
  const clean = (bytes: Uint8Array) => (text ? bytes.filter((b) => !strippedByte(b)) : bytes);

  const run = (bytes: Uint8Array, final: boolean, out: (b: Uint8Array) => void) => {
    let pos = 0;
    for (;;) {
      if (passThrough) {
        out(bytes.subarray(pos));
        return new Uint8Array(0);
      }
      if (inHeaders) {
        const end = indexOf(bytes, headerEnd, pos);
        if (end === -1) {
          if (bytes.length - pos > MAX_PART_HEADERS || final) passThrough = true;
          else return bytes.slice(pos);
          continue;
        }
        const head = new TextDecoder().decode(bytes.subarray(pos, end));
        text = !/filename\*?=/i.test(head);
        out(bytes.subarray(pos, end + headerEnd.length));
        pos = end + headerEnd.length;
        inHeaders = false;
        continue;
      }
      const needle = started ? delimiter : first;
      const at = indexOf(bytes, needle, pos);
      if (at === -1) {
        const keep = final ? 0 : Math.min(bytes.length - pos, needle.length - 1);
        out(clean(bytes.subarray(pos, bytes.length - keep)));
        return bytes.slice(bytes.length - keep);
      }
      out(clean(bytes.subarray(pos, at)));
      out(needle);
      pos = at + needle.length;
      started = true;
      text = false;
      inHeaders = true;
    }
  };
  return new TransformStream({
    transform(chunk, controller) {
      const joined = new Uint8Array(carry.length + chunk.length);
      joined.set(carry);
      joined.set(chunk, carry.length);
      carry = run(joined, false, (b) => b.length && controller.enqueue(b));
    },
    flush(controller) {
      if (carry.length) run(carry, true, (b) => b.length && controller.enqueue(b));
    },
  });
}

/**
 * The body as handlers should read it: URL-encoded and multipart forms with
 * their text cleaned; anything else (JSON: its routes clean what they parse)
 * unchanged.
 */
export function cleanBodyStream(
  body: ReadableStream<Uint8Array>,
  contentType: string | null,
): ReadableStream<Uint8Array> {
  const type = (contentType ?? "").toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return body.pipeThrough(cleanUrlEncoded());
  }
  if (type.startsWith("multipart/form-data")) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
    const value = boundary?.[1] ?? boundary?.[2];
    if (value) return body.pipeThrough(cleanMultipart(value));
  }
  return body;
}
