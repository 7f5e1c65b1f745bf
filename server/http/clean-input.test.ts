import { describe, expect, it } from "vitest";
import { badUrlReason, cleanBodyStream, cleanFormData, cleanJson, cleanText } from "./clean-input";

async function through(chunks: string[], type: string): Promise<string> {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(cleanBodyStream(body, type)).text();
}

describe("the input cleaner", () => {
  it("strips control characters from text, keeping tabs and line breaks", () => {
    expect(cleanText("a\u0000b\u0007c\u001bd\u007fe\u0085f")).toBe("abcdef");
    expect(cleanText("line\r\nnext\tcell")).toBe("line\r\nnext\tcell");
    expect(cleanText("नमस्ते 👋 café")).toBe("नमस्ते 👋 café");
  });

  it("cleans forms (names and values, not files) and parsed JSON", async () => {
    const form = new FormData();
    form.append("ti\u0000tle", "A\u0000B");
    form.append("file", new Blob(["\u0000binary"]), "x.bin");
    const clean = cleanFormData(form);
    expect(clean.get("title")).toBe("AB");
    expect(await (clean.get("file") as File).text()).toBe("\u0000binary");
    expect(cleanJson({ "k\u0000": ["a\u0000", 1, { b: "c\u0001" }], n: null })).toEqual({
      k: ["a", 1, { b: "c" }],
      n: null,
    });
  });

  it("refuses addresses with a control character, raw or escaped", () => {
    for (const url of [
      "/search?q=%00",
      "/post/%00",
      "/uploads/%00",
      "/a?b=%0A",
      "/x%7f",
      "/a%1F",
    ]) {
      expect({ url, reason: badUrlReason(url) }).toEqual({ url, reason: "control character" });
    }
    for (const url of ["/search?q=100%25", "/post/a-b", "/search?q=caf%C3%A9", "/a?b=%20", "/%"]) {
      expect({ url, reason: badUrlReason(url) }).toEqual({ url, reason: null });
    }
  });

  it("cleans a URL-encoded body as it streams, an escape split across chunks too", async () => {
    const type = "application/x-www-form-urlencoded";
    expect(await through(["title=a%00b&x=%0", "0y%0D%0A%09&z=%", "7Fz%25"], type)).toBe(
      "title=ab&x=y%0D%0A%09&z=z%25",
    );
    expect(await through(["a=\u0000raw"], type)).toBe("a=raw");
    expect(await through(["a=b%"], type)).toBe("a=b%");
    const json = '{"a":"\\u0000"}';
    expect(await through([json], "application/json")).toBe(json);
  });

  it("cleans a multipart body's text fields as it streams, leaving files byte for byte", async () => {
    const form = new FormData();
    form.append("title", "A\u0000B\r\nC");
    form.append("photo", new Blob([new Uint8Array([0, 1, 2, 0x1b, 13, 10, 45, 45, 255])]), "p.png");
    form.append("bio", "x\u0007y");
    const request = new Request("http://x/", { method: "POST", body: form });
    const type = request.headers.get("content-type")!;
    const bytes = new Uint8Array(await request.arrayBuffer());
    // Every chunk size from 1 byte up: a delimiter or headers split anywhere.
    for (const size of [1, 2, 3, 7, 16, 61, 4096]) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
          controller.close();
        },
      });
      const parsed = await new Request("http://x/", {
        method: "POST",
        headers: { "content-type": type },
        body: cleanBodyStream(body, type),
        duplex: "half",
      } as RequestInit).formData();
      expect({ size, title: parsed.get("title"), bio: parsed.get("bio") }).toEqual({
        size,
        title: "AB\r\nC",
        bio: "xy",
      });
      expect([...new Uint8Array(await (parsed.get("photo") as File).arrayBuffer())]).toEqual([
        0, 1, 2, 0x1b, 13, 10, 45, 45, 255,
      ]);
    }
    expect(await through(["not multipart \u0000"], "multipart/form-data; boundary=zz")).toBe(
      "not multipart \u0000",
    );
  });
});
