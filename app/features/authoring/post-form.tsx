import { useRef, useState } from "react";
import { Form } from "react-router";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { ErrorBox, NoticeBox } from "~/components/ui/form";
import { ContentField } from "./content-field";
import { describedBy, Field } from "./post-field";
import { fieldClass } from "./field-class";
import { AUTHOR_CHANGE_CONFIRMATION } from "./post-rules";
import type { FormChoices, FormValues } from "./editor-types";
import { WidgetsField } from "./widgets-field";
import { METADATA_FAILED, useAuthoringClient } from "./use-authoring-client";
import { CaptionsFields } from "./captions-fields";
import { EventFields } from "./event-fields";
import { SettingsSheet } from "./studio/settings-sheet";
import { ConflictNotice } from "./studio/conflict-notice";
import { HistoryPanel } from "./studio/history-panel";
import { SharePreview } from "./studio/share-preview";
import { StudioBar } from "./studio/studio-bar";
import { PublishAtField } from "./studio/publish-at-field";
import { publishLabel } from "./studio/studio-rules";
import { useLiveSlug } from "./studio/use-live-slug";
import { LinkCardPreview } from "./studio/link-card-preview";

export type PostFormProps = {
  mode: "create" | "edit";
  values: FormValues;
  choices: FormChoices;
  error?: string | null;
  notice?: string | null;
  fieldErrors?: Record<string, string>;
  lastAutosave?: string | null;
  /** The post's status when the page was loaded (edit): Publish says Update for a published post. */
  postStatus?: string;
  /** When the post was last saved, for the status line. */
  savedAt?: string | null;
  /** Whether the draft has a share-preview link now (edit). */
  hasShareLink?: boolean;
  /** A save refused as stale (issue 18), and the intent it had. */
  conflict?: { by: string; at: string; intent: "publish" | "draft" } | null;
  /**
   * This rendering's submission key (docs/decisions/0096), new with each load
   * of the page: a resubmitted save, or an autosave sent again before its
   * answer came, writes once.
   */
  submissionKey: string;
};

export function PostForm({
  values,
  choices,
  error,
  notice,
  fieldErrors = {},
  lastAutosave,
  postStatus,
  savedAt,
  hasShareLink = false,
  conflict = null,
  submissionKey,
}: PostFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [postType, setPostType] = useState(values.post_type || "blog");
  const [authorId, setAuthorId] = useState(values.author_id ?? "");
  const client = useAuthoringClient(formRef, {
    values,
    lastAutosave: lastAutosave ?? null,
    savedAt: savedAt ?? lastAutosave ?? null,
    error: error ?? null,
  });
  useLiveSlug(formRef, Boolean(values.slug));
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [publishAt, setPublishAt] = useState(values.publish_at ?? "");
  const publishWord = publishLabel(
    postStatus,
    publishAt ? new Date(/Z$|[+-]\d\d:\d\d$/.test(publishAt) ? publishAt : `${publishAt}Z`) : null,
  );
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
        // The lookup shows its own failure (metaState); nothing waits for it.
        onBlur={name === "external_url" ? (e) => void client.onExternalUrl(e) : undefined}
      />
    </Field>
  );

  return (
    <>
      <Form
        method="post"
        id="post-form"
        ref={formRef}
        onChange={client.onChange}
        onInput={(event) => {
          const target = event.target as HTMLInputElement;
          if (target.name === "publish_at") setPublishAt(target.value);
        }}
        onSubmit={client.onSubmit}
        noValidate
      >
        <input type="hidden" name="id" value={client.postId ?? values.id ?? ""} />
        <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} />
        <input type="hidden" name="opened_at" value={values.opened_at ?? ""} />
        <input type="hidden" name="overwrite" defaultValue="" />
        <StudioBar
          status={client.status}
          publishWord={publishWord}
          previewHref={client.postId ? `/preview/${client.postId}` : null}
          onSettings={() => setSettingsOpen(true)}
        />
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

        <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-4">
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
            <Field label="Content" name="content" error={fieldErrors.content}>
              <ContentField defaultValue={values.content ?? ""} onChange={client.onChange} />
            </Field>
          </div>

          <SettingsSheet open={settingsOpen} onClose={() => setSettingsOpen(false)}>
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
              <CaptionsFields
                values={values}
                fieldErrors={fieldErrors}
                onChange={client.onChange}
              />
            </fieldset>

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
              <LinkCardPreview formRef={formRef} values={values} content={client.content} />
            </fieldset>
            {client.postId && postStatus !== "published" ? (
              <SharePreview postId={client.postId} active={hasShareLink} />
            ) : null}
            {values.id ? <HistoryPanel postId={values.id} /> : null}
          </SettingsSheet>
        </div>
      </Form>
      {confirmDialog}
      {client.dialog}
    </>
  );
}
