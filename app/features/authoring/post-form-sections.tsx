/**
 * The post form's parts (post-form.tsx): the title, and one component per
 * fieldset of the settings sheet.
 */
import { useState, type RefObject } from "react";
import { describedBy, Field } from "./post-field";
import { ErrorBox, NoticeBox } from "~/components/ui/form";
import { fieldClass } from "./field-class";
import { ContentField } from "./content-field";
import { publishLabel } from "./studio/studio-rules";
import { ConflictNotice } from "./studio/conflict-notice";
import { AUTHOR_CHANGE_CONFIRMATION } from "./post-rules";
import type { FormChoices, FormValues } from "./editor-types";
import { WidgetsField } from "./widgets-field";
import { METADATA_FAILED, type useAuthoringClient } from "./use-authoring-client";
import { CaptionsFields } from "./captions-fields";
import { PublishAtField } from "./studio/publish-at-field";
import { LinkCardPreview } from "./studio/link-card-preview";

type Client = ReturnType<typeof useAuthoringClient>;
type FieldErrors = Record<string, string>;

/** A labelled text input bound to the form's values by name. */
export function textFieldMaker(
  values: FormValues,
  fieldErrors: FieldErrors,
  onExternalUrl: Client["onExternalUrl"],
) {
  return (
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
        onBlur={name === "external_url" ? (e) => void onExternalUrl(e) : undefined}
      />
    </Field>
  );
}

export type TextField = ReturnType<typeof textFieldMaker>;

/** The title, written large above the content. */
export function TitleField({
  values,
  fieldErrors,
}: {
  values: FormValues;
  fieldErrors: FieldErrors;
}) {
  return (
    <div>
      <label htmlFor="post-title" className="sr-only">
        Title
      </label>
      <input
        id="post-title"
        name="title"
        defaultValue={values.title ?? ""}
        required
        maxLength={300}
        placeholder="Title"
        aria-invalid={fieldErrors.title ? true : undefined}
        aria-describedby={describedBy("title", fieldErrors.title)}
        className="w-full rounded-md border border-transparent bg-transparent px-1 py-2 text-3xl font-bold text-slate-900 placeholder:text-slate-500 hover:border-slate-200 sm:text-4xl"
      />
      {fieldErrors.title ? (
        <p id="post-title-error" className="mt-1 text-sm text-red-700">
          {fieldErrors.title}
        </p>
      ) : null}
    </div>
  );
}

/** Type and media: the post type, its link, image, video, audio and captions. */
export function MediaFieldset({
  text,
  values,
  fieldErrors,
  client,
  postType,
  setPostType,
}: {
  text: TextField;
  values: FormValues;
  fieldErrors: FieldErrors;
  client: Client;
  postType: string;
  setPostType: (postType: string) => void;
}) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
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
      <p role="status" className="-mt-2 text-sm text-slate-700">
        {client.metaState === "loading"
          ? "Reading that page's title and image…"
          : client.metaState === "failed"
            ? METADATA_FAILED
            : ""}
      </p>
      {text("featured_image_url", "Featured image URL", { type: "url" })}
      <div>
        <span className="block text-sm font-semibold text-slate-800">Featured image upload</span>
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
  );
}

/** Publishing: category, tags, the publication time and (admins) author and Staff Picks. */
export function PublishingFieldset({
  text,
  values,
  fieldErrors,
  choices,
  setPublishAt,
  authorId,
  setAuthorId,
  confirm,
}: {
  text: TextField;
  values: FormValues;
  fieldErrors: FieldErrors;
  choices: FormChoices;
  setPublishAt: (value: string) => void;
  authorId: string;
  setAuthorId: (authorId: string) => void;
  confirm: (question: string) => Promise<boolean>;
}) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
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
      <PublishAtField
        defaultUtc={values.publish_at ?? ""}
        error={fieldErrors.publish_at}
        onChange={setPublishAt}
      />
      {choices.isAdmin ? (
        <>
          <Field label="Author" name="author_id" error={fieldErrors.author_id}>
            <select
              id="post-author_id"
              name="author_id"
              value={authorId}
              onChange={(e) => {
                const next = e.target.value;
                void confirm(AUTHOR_CHANGE_CONFIRMATION).then((yes) => yes && setAuthorId(next));
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
  );
}

/** The sidebar: shown or not, its widgets and the second widget. */
export function SidebarFieldset({
  values,
  fieldErrors,
  onChange,
}: {
  values: FormValues;
  fieldErrors: FieldErrors;
  onChange: () => void;
}) {
  return (
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
        onChange={onChange}
      />
      <WidgetsField
        name="sidebar_widget_2"
        label="Second sidebar widget"
        multiple={false}
        defaultValue={values.sidebar_widget_2 ?? ""}
        error={fieldErrors.sidebar_widget_2}
        onChange={onChange}
      />
    </fieldset>
  );
}

/** Sharing (Open Graph): the title, description and image a shared link shows, previewed. */
export function SharingFieldset({
  text,
  values,
  fieldErrors,
  formRef,
  content,
}: {
  text: TextField;
  values: FormValues;
  fieldErrors: FieldErrors;
  formRef: RefObject<HTMLFormElement | null>;
  content: Client["content"];
}) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Sharing (Open Graph)</legend>
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
      <LinkCardPreview formRef={formRef} values={values} content={content} />
    </fieldset>
  );
}

/** The save's answer above the form: a stale save, an error, a notice, restored text. */
export function FormNotices({
  conflict,
  client,
  error,
  notice,
}: {
  conflict: { by: string; at: string; intent: "publish" | "draft" } | null;
  client: Client;
  error: string | null;
  notice: string | null;
}) {
  return (
    <div className="space-y-4">
      {conflict || client.conflict ? (
        <ConflictNotice
          conflict={(conflict ?? client.conflict)!}
          intent={conflict?.intent ?? "draft"}
          onReload={client.reloadKeepingText}
        />
      ) : error ? (
        <ErrorBox>{error}</ErrorBox>
      ) : null}
      {notice ? <NoticeBox>{notice}</NoticeBox> : null}
      {client.restored ? (
        <NoticeBox>Unsaved changes from this browser were restored.</NoticeBox>
      ) : null}
    </div>
  );
}

/** The slug and the excerpt, at the top of the settings sheet. */
export function SlugAndExcerpt({
  text,
  values,
  fieldErrors,
}: {
  text: TextField;
  values: FormValues;
  fieldErrors: FieldErrors;
}) {
  return (
    <>
      {text("slug", "Slug", {
        hint: "Leave empty to make one from the title. Lower case letters, numbers and hyphens.",
        maxLength: 200,
      })}
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
    </>
  );
}

/** The Publish button's word, following the publication time as it is typed. */
export function usePublishWord(postStatus: string | undefined, initial: string) {
  const [publishAt, setPublishAt] = useState(initial);
  const publishWord = publishLabel(
    postStatus,
    publishAt ? new Date(/Z$|[+-]\d\d:\d\d$/.test(publishAt) ? publishAt : `${publishAt}Z`) : null,
  );
  return [publishWord, setPublishAt] as const;
}

/** The writing column: the title and the content. */
export function WritingColumn({
  values,
  fieldErrors,
  onChange,
}: {
  values: FormValues;
  fieldErrors: FieldErrors;
  onChange: () => void;
}) {
  return (
    <div className="min-w-0 space-y-4">
      <TitleField values={values} fieldErrors={fieldErrors} />
      <Field label="Content" name="content" error={fieldErrors.content}>
        <ContentField defaultValue={values.content ?? ""} onChange={onChange} />
      </Field>
    </div>
  );
}
