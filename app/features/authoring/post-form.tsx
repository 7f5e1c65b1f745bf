import { useRef, useState } from "react";
import { Form } from "react-router";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { ErrorBox, NoticeBox } from "~/components/ui/form";
import { ContentField } from "./content-field";
import { describedBy, Field } from "./post-field";
import { fieldClass } from "./field-class";
import { AUTHOR_CHANGE_CONFIRMATION } from "./post-rules";
import type { FormChoices, FormValues } from "./editor-types";
import { WidgetsField } from "./widgets-field";
import { useAuthoringClient } from "./use-authoring-client";
import { CaptionsFields } from "./captions-fields";
import { EventFields } from "./event-fields";

export type PostFormProps = {
  mode: "create" | "edit";
  values: FormValues;
  choices: FormChoices;
  error?: string | null;
  notice?: string | null;
  fieldErrors?: Record<string, string>;
  lastAutosave?: string | null;
  /**
   * This rendering's submission key (docs/decisions/0096), new with each load
   * of the page: a resubmitted save, or an autosave sent again before its
   * answer came, writes once.
   */
  submissionKey: string;
};

export function PostForm({
  mode,
  values,
  choices,
  error,
  notice,
  fieldErrors = {},
  lastAutosave,
  submissionKey,
}: PostFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [postType, setPostType] = useState(values.post_type || "blog");
  const [authorId, setAuthorId] = useState(values.author_id ?? "");
  const client = useAuthoringClient(formRef, { values, lastAutosave: lastAutosave ?? null });
  const { confirm, dialog: confirmDialog } = useConfirm();

  const text = (
    name: string,
    label: string,
    props: { type?: string; required?: boolean; hint?: string; maxLength?: number } = {},
  ) => (
    <Field label={label} name={name} error={fieldErrors[name]} hint={props.hint}>
      <input
        id={`post-${name}`}
        name={name}
        type={props.type ?? "text"}
        defaultValue={values[name] ?? ""}
        required={props.required}
        maxLength={props.maxLength}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={describedBy(name, fieldErrors[name], props.hint)}
        className={fieldClass}
        onBlur={name === "external_url" ? client.onExternalUrl : undefined}
      />
    </Field>
  );

  return (
    <>
      <Form
        method="post"
        id="post-form"
        ref={formRef}
        className="space-y-6"
        onChange={client.onChange}
        onSubmit={client.onSubmit}
        noValidate
      >
        <input type="hidden" name="id" value={client.postId ?? values.id ?? ""} />
        <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} />
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {notice ? <NoticeBox>{notice}</NoticeBox> : null}
        {client.restored ? (
          <NoticeBox>Unsaved changes from this browser were restored.</NoticeBox>
        ) : null}

        <div className="grid gap-4">
          {text("title", "Title", { required: true, maxLength: 300 })}
          {text("slug", "Slug", {
            hint: "Leave empty to make one from the title. Lower case letters, numbers and hyphens.",
            maxLength: 200,
          })}
          <Field label="Content" name="content" error={fieldErrors.content}>
            <ContentField defaultValue={values.content ?? ""} onChange={client.onChange} />
          </Field>
          <Field label="Excerpt" name="excerpt" error={fieldErrors.excerpt}>
            <textarea
              id="post-excerpt"
              name="excerpt"
              rows={3}
              maxLength={1000}
              defaultValue={values.excerpt ?? ""}
              className={fieldClass}
            />
          </Field>
        </div>

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-slate-800">Type and media</legend>
          <Field label="Post type" name="post_type" error={fieldErrors.post_type}>
            <select
              id="post-post_type"
              name="post_type"
              defaultValue={postType}
              onChange={(e) => setPostType(e.target.value)}
              className={fieldClass}
            >
              <option value="blog">Blog post</option>
              <option value="external_link">External link</option>
            </select>
          </Field>
          {text("external_url", "External URL", {
            type: "url",
            hint:
              postType === "external_link"
                ? "We fill the title, excerpt and featured image from the page when they are empty."
                : undefined,
          })}
          {text("featured_image_url", "Featured image URL", { type: "url" })}
          <div>
            <span className="block text-sm font-semibold text-slate-800">
              Featured image upload
            </span>
            {client.uploadButton("featured_image_url")}
          </div>
          {text("featured_video_url", "Featured video URL", {
            type: "url",
            hint: "A YouTube or Vimeo link, or an https link to an .mp4 or .webm file.",
          })}
          {text("featured_audio_url", "Featured audio URL", {
            type: "url",
            hint: "An https link to the file (MP3, MP4 or WAV), or for Embed a Spotify, SoundCloud or Apple Podcasts player address.",
          })}
          <Field label="Audio type" name="audio_type" error={fieldErrors.audio_type}>
            <select
              id="post-audio_type"
              name="audio_type"
              defaultValue={values.audio_type ?? ""}
              className={fieldClass}
            >
              <option value="">None</option>
              <option value="mp3">MP3</option>
              <option value="mp4">MP4</option>
              <option value="wav">WAV</option>
              <option value="embed">Embed</option>
            </select>
          </Field>
          <CaptionsFields values={values} fieldErrors={fieldErrors} onChange={client.onChange} />
        </fieldset>

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-slate-800">Publishing</legend>
          <Field label="Category" name="category_id" error={fieldErrors.category_id}>
            <select
              id="post-category_id"
              name="category_id"
              defaultValue={values.category_id || choices.defaultCategoryId}
              className={fieldClass}
            >
              {choices.categories.map((c) => (
                <option
                  key={c.id}
                  value={c.id}
                  data-events={c.id === choices.eventsCategoryId ? "" : undefined}
                >
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          {text("tags", "Tags", { hint: "Separate tags with commas." })}
          {text("publish_at", "Publish at (UTC)", {
            type: "datetime-local",
            hint: "Optional. A time in the future schedules the post; empty publishes now.",
          })}
          {choices.isAdmin ? (
            <>
              <Field label="Author" name="author_id" error={fieldErrors.author_id}>
                <select
                  id="post-author_id"
                  name="author_id"
                  value={authorId}
                  onChange={(e) => {
                    const next = e.target.value;
                    void confirm(AUTHOR_CHANGE_CONFIRMATION).then(
                      (yes) => yes && setAuthorId(next),
                    );
                  }}
                  className={fieldClass}
                >
                  {choices.authors.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </select>
              </Field>
              <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
                <input
                  type="checkbox"
                  name="is_featured"
                  defaultChecked={values.is_featured === "on"}
                />
                Staff Picks (featured)
              </label>
            </>
          ) : null}
        </fieldset>

        <EventFields values={values} fieldErrors={fieldErrors} timeZones={choices.timeZones} />

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Sidebar</legend>
          <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              name="sidebar_enabled"
              defaultChecked={values.sidebar_enabled === "on"}
            />
            Show the sidebar
          </label>
          <WidgetsField
            name="sidebar_widgets"
            label="Sidebar widgets"
            multiple
            defaultValue={values.sidebar_widgets ?? "[]"}
            error={fieldErrors.sidebar_widgets}
            onChange={client.onChange}
          />
          <WidgetsField
            name="sidebar_widget_2"
            label="Second sidebar widget"
            multiple={false}
            defaultValue={values.sidebar_widget_2 ?? ""}
            error={fieldErrors.sidebar_widget_2}
            onChange={client.onChange}
          />
        </fieldset>

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">
            Sharing (Open Graph)
          </legend>
          {text("og_title", "Open Graph title", { maxLength: 300 })}
          <Field
            label="Open Graph description"
            name="og_description"
            error={fieldErrors.og_description}
          >
            <textarea
              id="post-og_description"
              name="og_description"
              rows={2}
              maxLength={1000}
              defaultValue={values.og_description ?? ""}
              className={fieldClass}
            />
          </Field>
          {text("og_image", "Open Graph image URL", { type: "url" })}
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" name="intent" value="draft" className={secondaryButton}>
            Save as draft
          </button>
          <button type="submit" name="intent" value="publish" className={primaryButton}>
            Publish
          </button>
          <p className="text-sm text-slate-600" role="status" aria-live="polite">
            {client.status}
          </p>
          {mode === "edit" ? null : null}
        </div>
      </Form>
      {confirmDialog}
      {client.dialog}
    </>
  );
}
