/**
 * The category editor form (docs/product/administration.md#categories): name, slug, optional description and
 * two default sidebar widget slots. A new category's slug follows its name
 * (as the post form's follows the title) until the slug is edited. Create
 * Category or Save Changes, disabled while name or slug is blank once the
 * page's JavaScript runs, says which is missing; without JavaScript the
 * server checks the same.
 */
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, MissingFieldsHint } from "~/components/ui/button";
import { secondaryButton } from "~/components/ui/button-styles";
import { ErrorBox, Field, TextArea, TextInput } from "~/components/ui/form";
import { WidgetsField } from "~/features/authoring/widgets-field";
import { slugify } from "~/features/authoring/post-rules";
import type { CategoryFormValues } from "./category-editor.server";
import { useHydrated } from "~/lib/use-hydrated";

export function CategoryEditor({
  isNew,
  values,
  error,
}: {
  isNew: boolean;
  values: CategoryFormValues;
  error: string | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [name, setName] = useState(values.name);
  const [slug, setSlug] = useState(values.slug);
  // A new category's slug is derived from its name until the slug is typed in.
  const [slugEdited, setSlugEdited] = useState(!isNew || values.slug !== "");
  const saving = navigation.state === "submitting";
  const missing = hydrated
    ? [...(name.trim() ? [] : ["a name"]), ...(slug.trim() ? [] : ["a slug"])]
    : [];
  const disabled = hydrated && (saving || missing.length > 0);
  return (
    <div>
      <p className="mb-4">
        <Link to="/admin?tab=categories" className="text-brand-700 underline">
          Back to Categories
        </Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold text-slate-900">
        {isNew ? "New Category" : "Edit Category"}
      </h1>
      {error ? (
        <div className="mb-4">
          <ErrorBox>{error}</ErrorBox>
        </div>
      ) : null}
      <Form method="post" className="space-y-5">
        <Field label="Name (required)" htmlFor="category-name">
          <TextInput
            id="category-name"
            name="name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (!slugEdited) setSlug(slugify(e.target.value));
            }}
          />
        </Field>
        <Field
          label="Slug (required)"
          htmlFor="category-slug"
          hint="URL-friendly: lower case, no spaces (e.g. growth-marketing)."
        >
          <TextInput
            id="category-slug"
            name="slug"
            required
            maxLength={100}
            aria-describedby="category-slug-hint"
            value={slug}
            onChange={(e) => {
              setSlug(e.target.value);
              setSlugEdited(true);
            }}
          />
        </Field>
        <Field label="Description (optional)" htmlFor="category-description">
          <TextArea
            id="category-description"
            name="description"
            rows={3}
            maxLength={2000}
            defaultValue={values.description}
          />
        </Field>
        <DefaultWidgetsFieldset values={values} />
        <SubmitRow isNew={isNew} disabled={disabled} missing={missing} />
      </Form>
    </div>
  );
}

/** The two widget slots a post of this category shows when it has none of its own. */
function DefaultWidgetsFieldset({ values }: { values: CategoryFormValues }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Default sidebar widgets</legend>
      <WidgetsField
        name="sidebar_widget"
        label="Default sidebar widget"
        multiple={false}
        defaultValue={values.sidebar_widget}
      />
      <WidgetsField
        name="sidebar_widget_2"
        label="Second default sidebar widget"
        multiple={false}
        defaultValue={values.sidebar_widget_2}
      />
    </fieldset>
  );
}

/** Create Category or Save Changes, Cancel, and which required field is still empty. */
function SubmitRow({
  isNew,
  disabled,
  missing,
}: {
  isNew: boolean;
  disabled: boolean;
  missing: string[];
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        type="submit"
        disabled={disabled}
        aria-describedby={missing.length ? "category-submit-hint" : undefined}
      >
        {isNew ? "Create Category" : "Save Changes"}
      </Button>
      <Link to="/admin?tab=categories" className={secondaryButton}>
        Cancel
      </Link>
      <MissingFieldsHint
        id="category-submit-hint"
        missing={missing}
        action={isNew ? "create the category" : "save the changes"}
      />
    </div>
  );
}
