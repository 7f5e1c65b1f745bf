/**
 * The category editor at /admin/categories/{categoryId} or /new (docs/product/administration.md#categories
 * category editor, category, categories): name, slug, optional
 * description and two default sidebar widget slots. Admins only.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { categories, WIDGET_TYPES, type SidebarWidget } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { isSafeUrl } from "~/features/authoring/post-form.server";
import { isUniqueViolation } from "#server/db/errors";
import { recordAdminAction } from "~/features/audit/audit.server";
import { isUuid } from "~/lib/uuid";
import { formText } from "~/lib/read-input.server";

export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_SLUG_MAX = 100;
export const CATEGORY_DESCRIPTION_MAX = 2000;

export const CATEGORY_EDITOR_MESSAGES = {
  loadFailed: "Failed to load category",
  saveFailed: "Failed to save category",
  created: "Category created successfully!",
  updated: "Category updated successfully!",
  required: "Name and slug are required",
  badSlug: "Slug must be lower case letters, digits and single hyphens (e.g. growth-marketing)",
  slugTaken: "Failed to save category: this slug is already used by another category",
  reservedSlug: "Failed to save category: the uncategorized slug cannot be changed or reused",
  forbidden: "Permission denied: only admins can do this",
  /** Ours. */
  nameTooLong: `Name must be at most ${CATEGORY_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${CATEGORY_DESCRIPTION_MAX} characters`,
  badWidget: "A sidebar widget is not valid",
} as const;

/** The form as typed (widgets as JSON text, as the widgets field sends them). */
export type CategoryFormValues = {
  name: string;
  slug: string;
  description: string;
  sidebar_widget: string;
  sidebar_widget_2: string;
};

const optionalUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === "" || isSafeUrl(v), "Widget URLs must be valid URLs")
  .transform((v) => v || null)
  .nullable()
  .optional();
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Widget text must be at most ${max} characters`)
    .transform((v) => v || null)
    .nullable()
    .optional();

const widgetSchema = z.object({
  type: z.enum(WIDGET_TYPES),
  order: z.coerce.number().int().min(0).max(1000).default(0),
  image_url: optionalUrl,
  link_url: optionalUrl,
  content: optionalText(5000),
  html_code: optionalText(20_000),
});

function parseWidget(raw: string): { ok: true; widget: SidebarWidget | null } | { ok: false } {
  if (!raw.trim()) return { ok: true, widget: null };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false };
  }
  if (value === null) return { ok: true, widget: null };
  const parsed = widgetSchema.safeParse(value);
  return parsed.success ? { ok: true, widget: parsed.data } : { ok: false };
}

/** A widget slot: its JSON text, read as a widget (empty or null is none). */
const widgetField = z.string().transform((raw, ctx) => {
  const parsed = parseWidget(raw);
  if (parsed.ok) return parsed.widget;
  ctx.addIssue({ code: "custom", message: CATEGORY_EDITOR_MESSAGES.badWidget });
  return z.NEVER;
});

/** The form as typed: each field's text ("" when absent), what the editor shows again. */
export const categoryFormValues = z.object({
  name: formText,
  slug: formText,
  description: formText,
  sidebar_widget: formText,
  sidebar_widget_2: formText,
}) satisfies z.ZodType<CategoryFormValues>;

export type CategoryInput = {
  name: string;
  slug: string;
  description: string | null;
  sidebarWidget: SidebarWidget | null;
  sidebarWidget2: SidebarWidget | null;
};

/**
 * The form checked, for readForm: name and slug first (the spec's message),
 * then each field in the form's order.
 */
export const categoryFormSchema = categoryFormValues
  .refine((v) => v.name.trim() !== "" && v.slug.trim() !== "", {
    message: CATEGORY_EDITOR_MESSAGES.required,
    abort: true,
  })
  .pipe(
    z.object({
      name: z.string().trim().max(CATEGORY_NAME_MAX, CATEGORY_EDITOR_MESSAGES.nameTooLong),
      slug: z
        .string()
        .trim()
        .max(CATEGORY_SLUG_MAX, CATEGORY_EDITOR_MESSAGES.badSlug)
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, CATEGORY_EDITOR_MESSAGES.badSlug),
      description: z
        .string()
        .trim()
        .max(CATEGORY_DESCRIPTION_MAX, CATEGORY_EDITOR_MESSAGES.descriptionTooLong)
        .transform((v) => v || null),
      sidebar_widget: widgetField,
      sidebar_widget_2: widgetField,
    }),
  )
  .transform((v): CategoryInput => ({
    name: v.name,
    slug: v.slug,
    description: v.description,
    sidebarWidget: v.sidebar_widget,
    sidebarWidget2: v.sidebar_widget_2,
  }));

export const valuesOfCategory = (row: typeof categories.$inferSelect): CategoryFormValues => ({
  name: row.name,
  slug: row.slug,
  description: row.description ?? "",
  sidebar_widget: row.sidebarWidget ? JSON.stringify(row.sidebarWidget) : "",
  sidebar_widget_2: row.sidebarWidget2 ? JSON.stringify(row.sidebarWidget2) : "",
});

export async function loadCategory(db: Database, actor: Actor | null | undefined, id: string) {
  assertCan(actor, "admin.access");
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row ?? null;
}

export type SaveCategoryResult =
  | { ok: true; id: string; message: string }
  | { ok: false; status: 403 | 404 | 409 | 500; error: string };

/** Creates (id null) or updates a category; the uncategorized slug stays where it is. */
export async function saveCategory(
  db: Database,
  actor: Actor | null | undefined,
  id: string | null,
  input: CategoryInput,
): Promise<SaveCategoryResult> {
  assertCan(actor, "admin.access");
  try {
    if (id === null) {
      if (input.slug === "uncategorized") {
        return { ok: false, status: 409, error: CATEGORY_EDITOR_MESSAGES.reservedSlug };
      }
      const newId = await db.transaction(async (tx) => {
        const [row] = await tx.insert(categories).values(input).returning({ id: categories.id });
        await recordAdminAction(tx, actor, {
          action: "category.create",
          targetType: "category",
          targetId: row!.id,
          targetLabel: input.name,
          details: { slug: input.slug },
        });
        return row!.id;
      });
      return { ok: true, id: newId, message: CATEGORY_EDITOR_MESSAGES.created };
    }
    const existing = await loadCategory(db, actor, id);
    if (!existing) return { ok: false, status: 404, error: CATEGORY_EDITOR_MESSAGES.loadFailed };
    if ((existing.slug === "uncategorized") !== (input.slug === "uncategorized")) {
      return { ok: false, status: 409, error: CATEGORY_EDITOR_MESSAGES.reservedSlug };
    }
    await db.transaction(async (tx) => {
      await tx
        .update(categories)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(categories.id, id));
      await recordAdminAction(tx, actor, {
        action: "category.update",
        targetType: "category",
        targetId: id,
        targetLabel: input.name,
        details:
          existing.slug === input.slug && existing.name === input.name
            ? { slug: input.slug }
            : { slug: input.slug, before: { name: existing.name, slug: existing.slug } },
      });
    });
    return { ok: true, id, message: CATEGORY_EDITOR_MESSAGES.updated };
  } catch (error) {
    if (isUniqueViolation(error)) {
      return { ok: false, status: 409, error: CATEGORY_EDITOR_MESSAGES.slugTaken };
    }
    return { ok: false, status: 500, error: CATEGORY_EDITOR_MESSAGES.saveFailed };
  }
}
