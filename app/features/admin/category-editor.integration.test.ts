/**
 * /admin/categories/{categoryId} and /admin/categories/new over HTTP: admins
 * only (others to /), Create Category and Save Changes with the spec's
 * messages, the two widget slots, bad input as 4xx with a message.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories } from "#server/db/schema";
import { UNCATEGORIZED_ID } from "#tests/support/factories";
import { NOT_ADMINS, roleJars, signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();
const { get, post, text } = site;

const bySlug = async (slug: string) =>
  (await site.testDb.db.select().from(categories).where(eq(categories.slug, slug)))[0] ?? null;

describe("category editor", () => {
  it("visitor, pending, user, mentor and blocked go to / and nothing is saved", async () => {
    const jars = await roleJars(site, NOT_ADMINS);
    for (const [who, jar] of Object.entries(jars)) {
      for (const path of ["/admin/categories/new", `/admin/categories/${UNCATEGORIZED_ID}`]) {
        const page = await get(jar, path);
        expect([who, path, page.status, page.headers.get("location")]).toEqual([
          who,
          path,
          302,
          "/",
        ]);
        const res = await post(jar, path, { name: "Hacked", slug: "hacked" });
        expect([who, path, res.status, res.headers.get("location")]).toEqual([who, path, 302, "/"]);
      }
    }
    expect(await bySlug("hacked")).toBeNull();
  });

  it("creates with Create Category, edits with Save Changes, keeps the widget slots", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const blank = await text(await get(admin.jar, "/admin/categories/new"));
    expect(blank).toContain("Create Category");
    expect(blank).toContain("Default sidebar widgets");
    expect(blank.match(/<main/g)).toHaveLength(1);

    const widget = { type: "text", order: 0, content: "Join our newsletter" };
    let res = await post(admin.jar, "/admin/categories/new", {
      name: " Growth Marketing ",
      slug: "growth-marketing",
      description: "",
      sidebar_widget: JSON.stringify(widget),
      sidebar_widget_2: "",
    });
    expect(res.headers.get("location")).toBe("/admin?tab=categories&done=category-created");
    expect(await text(await get(admin.jar, res.headers.get("location")!))).toContain(
      "Category created successfully!",
    );
    const created = await bySlug("growth-marketing");
    expect(created).toMatchObject({ name: "Growth Marketing", description: null });
    expect(created!.sidebarWidget).toMatchObject(widget);
    expect(created!.sidebarWidget2).toBeNull();

    const edit = await text(await get(admin.jar, `/admin/categories/${created!.id}`));
    expect(edit).toContain("Save Changes");
    expect(edit).toContain('value="Growth Marketing"');
    res = await post(admin.jar, `/admin/categories/${created!.id}`, {
      name: "Growth",
      slug: "growth",
      description: "Getting customers",
      sidebar_widget: "",
      sidebar_widget_2: JSON.stringify({
        type: "image",
        order: 0,
        image_url: "https://x.example/a.png",
      }),
    });
    expect(res.headers.get("location")).toBe("/admin?tab=categories&done=category-updated");
    expect(await text(await get(admin.jar, res.headers.get("location")!))).toContain(
      "Category updated successfully!",
    );
    const updated = await bySlug("growth");
    expect(updated).toMatchObject({
      id: created!.id,
      name: "Growth",
      description: "Getting customers",
    });
    expect(updated!.sidebarWidget).toBeNull();
    expect(updated!.sidebarWidget2).toMatchObject({ type: "image" });
  });

  it("bad input: 4xx with a message that keeps what was typed, never 500", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    await site.testDb.db.insert(categories).values({ name: "Funding", slug: "funding" });
    const cases: [string, Record<string, string>, number, string][] = [
      ["new", { name: "", slug: "x" }, 400, "Name and slug are required"],
      ["new", { name: "X", slug: "  " }, 400, "Name and slug are required"],
      ["new", { name: "X", slug: "Has Spaces" }, 400, "Slug must be lower case"],
      [
        "new",
        { name: "X", slug: "ok", sidebar_widget: "{nope" },
        400,
        "A sidebar widget is not valid",
      ],
      [
        "new",
        {
          name: "X",
          slug: "ok",
          sidebar_widget: '{"type":"image","image_url":"javascript:alert(1)"}',
        },
        400,
        "A sidebar widget is not valid",
      ],
      ["new", { name: "Another", slug: "funding" }, 409, "this slug is already used"],
      ["new", { name: "Mine", slug: "uncategorized" }, 409, "uncategorized slug"],
      [UNCATEGORIZED_ID, { name: "Misc", slug: "misc" }, 409, "uncategorized slug"],
    ];
    for (const [id, fields, status, message] of cases) {
      const res = await post(admin.jar, `/admin/categories/${id}`, fields);
      expect([id, fields, res.status]).toEqual([id, fields, status]);
      const body = await text(res);
      expect(body).toContain(message);
      if (status !== 404 && fields.name) expect(body).toContain(`value="${fields.name}"`);
    }
    // docs/product/administration.md#categories: "Failed to load category" (alert, then back to /admin), whether the
    // editor is opened or saved for a category that is not there.
    const gone = await post(admin.jar, "/admin/categories/00000000-0000-4000-8000-00000000dead", {
      name: "X",
      slug: "x",
    });
    expect([gone.status, gone.headers.get("location")]).toEqual([
      302,
      "/admin?tab=categories&failed=category-load",
    ]);
    expect(await bySlug("x")).toBeNull();
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-00000000dead"]) {
      const res = await get(admin.jar, `/admin/categories/${id}`);
      expect([res.status, res.headers.get("location")]).toEqual([
        302,
        "/admin?tab=categories&failed=category-load",
      ]);
      const back = await get(admin.jar, res.headers.get("location")!);
      expect(back.status).toBe(200);
      const page = await text(back);
      expect(page).toMatch(/role="alert"[^>]*>[^<]*Failed to load category/);
    }
    // The key is looked up, never echoed: an unknown one shows no alert.
    expect(await text(await get(admin.jar, "/admin?failed=%3Cb%3Ex"))).not.toContain("<b>x");
    // Renaming uncategorized keeps its slug and works.
    const ok = await post(admin.jar, `/admin/categories/${UNCATEGORIZED_ID}`, {
      name: "Other",
      slug: "uncategorized",
    });
    expect(ok.status).toBe(302);
    expect((await bySlug("uncategorized"))!.name).toBe("Other");
  });
});
