/**
 * A form body as a stream that records, in `steps`, when it is first pulled:
 * the proof that an action refused before reading its body (the action
 * helper's tests, the editor's save).
 */
export function streamedPost(
  body: string | Uint8Array,
  steps: string[],
  {
    method = "POST",
    type = "application/x-www-form-urlencoded",
    headers = {},
    url = "https://site.test/api/thing",
  }: { method?: string; type?: string; headers?: Record<string, string>; url?: string } = {},
) {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset === 0) steps.push("body");
        if (offset >= bytes.byteLength) return controller.close();
        controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
        offset += 64 * 1024;
      },
    },
    // Pulled only when read (the default would pull once at once).
    { highWaterMark: 0 },
  );
  return new Request(url, {
    method,
    headers: { "content-type": type, ...headers },
    body: method === "GET" ? undefined : stream,
    duplex: "half",
  } as RequestInit);
}
