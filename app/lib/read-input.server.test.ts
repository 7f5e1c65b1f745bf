import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formText, readForm, readQuery, textOf } from "./read-input.server";
import { isUuid, uuidSchema } from "./uuid";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", body, headers });

const schema = z.object({
  name: formText.pipe(z.string().trim().min(1, "Name is required")),
  tags: z.array(z.string()).default([]),
});

describe("readForm", () => {
  it("reads the capped body and gives the schema's output", async () => {
    const read = await readForm(post(new URLSearchParams("name=+Asha+&tags=a&tags=b")), schema);
    expect(read).toMatchObject({ ok: true, data: { name: "Asha", tags: ["a", "b"] } });
  });

  it("says what failed, with the schema's message and what was typed", async () => {
    const read = await readForm(post(new URLSearchParams("name=+&tags=a&tags=b")), schema);
    expect(read).toMatchObject({
      ok: false,
      problem: "invalid",
      message: "Name is required",
      fields: { name: " ", tags: ["a", "b"] },
    });
  });

  it("refuses a body over the limit, declared or streamed", async () => {
    const big = "name=" + "x".repeat(2048);
    expect(
      await readForm(post(big, { "content-type": "application/x-www-form-urlencoded" }), schema, {
        limit: 1024,
      }),
    ).toMatchObject({
      ok: false,
      problem: "too-large",
    });
  });

  it("tells an unreadable body apart", async () => {
    const read = await readForm(post("{}", { "content-type": "application/json" }), schema);
    expect(read).toMatchObject({ ok: false, problem: "unreadable", fields: {} });
  });
});

describe("readQuery", () => {
  it("checks the search params with the schema", () => {
    const query = z.object({ page: z.coerce.number().int().min(1).catch(1), q: formText });
    expect(readQuery(new URL("http://localhost/?page=3&q=uk"), query)).toEqual({
      ok: true,
      data: { page: 3, q: "uk" },
    });
    expect(readQuery(new URL("http://localhost/?page=-2"), query)).toEqual({
      ok: true,
      data: { page: 1, q: "" },
    });
  });
});

describe("textOf", () => {
  it("reads a text field as FormData.get would, a file or nothing as the fallback", () => {
    const form = new FormData();
    form.set("name", "Asha");
    form.set("photo", new File(["x"], "x.png"));
    expect(textOf(form, "name")).toBe("Asha");
    expect(textOf(form, "photo")).toBe("");
    expect(textOf(form, "missing", "all")).toBe("all");
    expect(textOf(null, "name")).toBe("");
  });
});

describe("isUuid", () => {
  it("accepts any 8-4-4-4-12 hex id, as the database does", () => {
    expect(isUuid("00000000-0000-4000-8000-000000000001")).toBe(true);
    expect(isUuid("ABCDEF00-1111-2222-3333-444455556666")).toBe(true);
    expect(isUuid("not-a-uuid")).toBe(false);
    expect(isUuid(42)).toBe(false);
    expect(uuidSchema.safeParse("1' OR 1=1").success).toBe(false);
  });
});

describe("readForm's fieldErrors", () => {
  const twoFields = z.object({
    name: formText.pipe(z.string().min(1, "Name is required")),
    city: formText.pipe(z.string().min(1, "City is required").max(3, "City is too long")),
  });

  it("gives each field's first message, by its name", async () => {
    const read = await readForm(post(new URLSearchParams("name=&city=")), twoFields);
    expect(read).toMatchObject({
      ok: false,
      message: "Name is required",
      fieldErrors: { name: "Name is required", city: "City is required" },
    });
  });

  it("is empty when the body could not be read", async () => {
    const read = await readForm(post("{}", { "content-type": "application/json" }), twoFields);
    expect(read).toMatchObject({ ok: false, problem: "unreadable", fieldErrors: {} });
  });
});
