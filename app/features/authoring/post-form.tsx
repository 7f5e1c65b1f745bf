import { useRef, useState } from "react";
import { Form } from "react-router";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { useConfirm } from "~/components/ui/confirm-dialog";
import type { FormChoices, FormValues } from "./editor-types";
import { useAuthoringClient } from "./use-authoring-client";
import {
  MediaFieldset,
  PublishingFieldset,
  SharingFieldset,
  SidebarFieldset,
  textFieldMaker,
  usePublishWord,
  WritingColumn,
  FormNotices,
  SlugAndExcerpt,
} from "./post-form-sections";
import { EventFields } from "./event-fields";
import { SettingsSheet } from "./studio/settings-sheet";
import { HistoryPanel } from "./studio/history-panel";
import { SharePreview } from "./studio/share-preview";
import { StudioBar } from "./studio/studio-bar";
import { useLiveSlug } from "./studio/use-live-slug";

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
  /** A save refused as stale (docs/milestones.md#issue-18-the-writing-studio), and the intent it had. */
  conflict?: { by: string; at: string; intent: "publish" | "draft" } | null;
  /**
   * This rendering's submission key (docs/decisions/0096), new with each load
   * of the page: a resubmitted save, or an autosave sent again before its
   * answer came, writes once.
   */
  submissionKey: string;
};

/**
 * The values the editor shows: a failed save's (everything typed, as the
 * server read it), else the loader's. A save refused before its body was read
 * (a session that ended meanwhile: docs/decisions/0253) brings none back: the
 * form keeps the values it had, so no field is reset and the text stays as
 * typed (its localStorage mirror too).
 */
export function useShownValues(
  failed: { values?: FormValues } | null,
  loaded: FormValues,
): FormValues {
  const [shown, setShown] = useState(loaded);
  const next = failed ? (failed.values ?? shown) : loaded;
  if (next !== shown) setShown(next);
  return next;
}

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
  const [publishWord, setPublishAt] = usePublishWord(postStatus, values.publish_at ?? "");
  const { confirm, dialog: confirmDialog } = useConfirm();

  const text = textFieldMaker(values, fieldErrors, client.onExternalUrl);

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
        <FormNotices
          conflict={conflict}
          client={client}
          error={error ?? null}
          notice={notice ?? null}
        />

        <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <WritingColumn values={values} fieldErrors={fieldErrors} onChange={client.onChange} />

          <SettingsSheet open={settingsOpen} onClose={() => setSettingsOpen(false)}>
            <SlugAndExcerpt text={text} values={values} fieldErrors={fieldErrors} />

            <MediaFieldset
              text={text}
              values={values}
              fieldErrors={fieldErrors}
              client={client}
              postType={postType}
              setPostType={setPostType}
            />

            <PublishingFieldset
              text={text}
              values={values}
              fieldErrors={fieldErrors}
              choices={choices}
              setPublishAt={setPublishAt}
              authorId={authorId}
              setAuthorId={setAuthorId}
              confirm={confirm}
            />

            <EventFields values={values} fieldErrors={fieldErrors} timeZones={choices.timeZones} />

            <SidebarFieldset values={values} fieldErrors={fieldErrors} onChange={client.onChange} />

            <SharingFieldset
              text={text}
              values={values}
              fieldErrors={fieldErrors}
              formRef={formRef}
              content={client.content}
            />
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
