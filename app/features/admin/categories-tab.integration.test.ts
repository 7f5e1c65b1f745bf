/**
 * The dashboard's Categories tab over HTTP: admins only (others to /), name
 * and slug list with Add Category, View and Edit, Delete asked first and
 * hidden (and refused) for uncategorized; the posts move to uncategorized.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, posts } from "#server/db/schema";
import { createPost, createUser, UNCATEGORIZED_ID } from "#tests/support/factories";
import { NOT_ADMINS, roleJars, signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();
const { get, post, text } = site;

async function addCategory(name: string, slug: string) {
  const [row] = await site.testDb.db.insert(categories).values({ name, slug }).returning();
  return row!;
}
const categoryExists = async (id: string) =>
  (await site.testDb.db.select().from(categories).where(eq(categories.id, id))).length === 1;

describe("categories tab", () => {
  it("visitor, pending, user, mentor and blocked go to / and nothing is deleted", async () => {
    const target = await addCategory("Funding", "funding");
    const jars = await roleJars(site, NOT_ADMINS);
    for (const [who, jar] of Object.entries(jars)) {
      const page = await get(jar, "/admin?tab=categories");
      expect([who, page.status, page.headers.get("location")]).toEqual([who, 302, "/"]);
      const res = await post(jar, "/admin?tab=categories", {
        intent: "category-delete",
        categoryId: target.id,
        confirmed: "1",
      });
      expect([who, res.status, res.headers.get("location")]).toEqual([who, 302, "/"]);
    }
    expect(await categoryExists(target.id)).toBe(true);
  });

  it("lists name and slug with Add Category, View, Edit; Delete hidden for uncategorized", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const funding = await addCategory("Funding", "funding");
    const page = await text(await get(admin.jar, "/admin?tab=categories"));
    expect(page).toMatch(/aria-current="page"[^>]*>Categories/);
    expect(page).toContain('href="/admin/categories/new"');
    expect(page).toContain("Add Category");
    expect(page).toContain(">Funding</td>");
    expect(page).toContain(">funding</td>");
    expect(page).toContain('href="/categories/funding"');
    expect(page).toContain(`href="/admin/categories/${funding.id}"`);
    expect(page).toContain(`value="${funding.id}"`);
    expect(page).toContain(`href="/admin/categories/${UNCATEGORIZED_ID}"`);
    expect(page).not.toContain(`name="categoryId" value="${UNCATEGORIZED_ID}"`);
    expect(page.match(/<main/g)).toHaveLength(1);
  });

  it("asks first, deletes, and moves the posts to uncategorized; uncategorized is refused", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const funding = await addCategory("Funding", "funding");
    const p1 = await createPost(site.testDb.db, { authorId: mentor.id, categoryId: funding.id });
    const p2 = await createPost(site.testDb.db, {
      authorId: mentor.id,
      categoryId: funding.id,
      status: "draft",
      publishedAt: null,
    });

    let res = await post(admin.jar, "/admin?tab=categories", {
      intent: "category-delete",
      categoryId: funding.id,
    });
    expect(res.status).toBe(200);
    expect(await text(res)).toContain(
      "Are you sure you want to delete this category? Its posts will move to Uncategorized.",
    );
    expect(await categoryExists(funding.id)).toBe(true);

    res = await post(admin.jar, "/admin?tab=categories", {
      intent: "category-delete",
      categoryId: funding.id,
      confirmed: "1",
    });
    expect(res.headers.get("location")).toBe("/admin?tab=categories&done=category-delete");
    expect(await text(await get(admin.jar, res.headers.get("location")!))).toContain(
      "Category deleted successfully!",
    );
    expect(await categoryExists(funding.id)).toBe(false);
    const moved = await site.testDb.db.select({ id: posts.id, c: posts.categoryId }).from(posts);
    expect(moved.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: p1.id, c: UNCATEGORIZED_ID },
        { id: p2.id, c: UNCATEGORIZED_ID },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );

    for (const confirmed of ["1", "0"]) {
      res = await post(admin.jar, "/admin?tab=categories", {
        intent: "category-delete",
        categoryId: UNCATEGORIZED_ID,
        confirmed,
      });
      expect(res.status).toBe(409);
      expect(await text(res)).toContain("the uncategorized category cannot be deleted");
    }
    expect(await categoryExists(UNCATEGORIZED_ID)).toBe(true);
  });

  it("bad input: 4xx with a message, never 500", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "category-delete" }, 400, "Invalid request: choose a category"],
      [{ intent: "category-delete", categoryId: "x".repeat(300) }, 400, "choose a category"],
      [
        { intent: "category-delete", categoryId: "nope", confirmed: "1" },
        404,
        "Category not found",
      ],
      [
        {
          intent: "category-delete",
          categoryId: "00000000-0000-4000-8000-00000000dead",
          confirmed: "1",
        },
        404,
        "Failed to delete category: Category not found",
      ],
      [
        { intent: "category-delete", categoryId: "00000000-0000-4000-8000-00000000dead" },
        404,
        "Category not found",
      ],
      [{ intent: "whatever", categoryId: UNCATEGORIZED_ID }, 400, "Invalid request"],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post(admin.jar, "/admin?tab=categories", fields);
      expect([fields, res.status]).toEqual([fields, status]);
      expect(await text(res)).toContain(message);
    }
    expect((await get(admin.jar, "/admin?tab=nope")).status).toBe(400);
  });
});
