import { cleanFormData, cleanJson } from "#server/http/clean-input";

/**
 * Reading a form body with a byte cap that holds whether or not the client
 * declared Content-Length: a chunked upload is counted as it streams and
 * refused past the cap, so at most the cap is ever held in memory.
 */
/** Past this much discarded, the connection is dropped instead. */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops the rest of a refused body so the client, still sending,
 * receives the 413 (cancelling would reset the connection first). A client
 * that keeps sending past the discard limit loses the connection.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  let dropped = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
      if (dropped > DISCARD_LIMIT_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to drop.
  }
}

type Refused = { ok: false; reason: "too-large" | "unreadable" };

export type CappedForm = { ok: true; form: FormData } | Refused;

/** A JSON body, its strings cleaned as a form's are. */
export type CappedJson = { ok: true; value: unknown } | Refused;

export async function readFormWithin(request: Request, maxBytes: number): Promise<CappedForm> {
  const read = await readWithin(request, maxBytes, (counted) => counted.formData());
  // Text without control characters (docs/milestones.md#issue-13-security: PostgreSQL refuses U+0000).
  return read.ok ? { ok: true, form: cleanFormData(read.value) } : read;
}

/** A JSON body read within `maxBytes` as it streams; not JSON at all is "unreadable". */
export async function readJsonWithin(request: Request, maxBytes: number): Promise<CappedJson> {
  const read = await readWithin(request, maxBytes, (counted) => counted.json() as Promise<unknown>);
  return read.ok ? { ok: true, value: cleanJson(read.value) } : read;
}

/** The body parsed by `parse`, counted as it streams and refused past `maxBytes`. */
async function readWithin<T>(
  request: Request,
  maxBytes: number,
  parse: (counted: Request) => Promise<T>,
): Promise<{ ok: true; value: T } | Refused> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) return { ok: false, reason: "too-large" };
  const source = request.body;
  if (!source) {
    try {
      return { ok: true, value: await parse(request) };
    } catch {
      return { ok: false, reason: "unreadable" };
    }
  }

  let seen = 0;
  let over = false;
  const reader = source.getReader();
  const counted = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      seen += value.byteLength;
      if (seen > maxBytes) {
        over = true;
        controller.error(new Error("request body over the limit"));
        void discardRest(reader);
        return;
      }
      controller.enqueue(value);
    },
    cancel() {
      void discardRest(reader);
    },
  });
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  try {
    const value = await parse(
      new Request(request.url, {
        method: request.method,
        headers,
        body: counted,
        duplex: "half",
      } as RequestInit),
    );
    return { ok: true, value };
  } catch {
    return { ok: false, reason: over ? "too-large" : "unreadable" };
  }
}
