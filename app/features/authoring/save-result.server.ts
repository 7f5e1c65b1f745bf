/**
 * What a post save answers, and the options every step of it reads
 * (save-post.server.ts runs the steps: validate → resolve media → write →
 * revision and audit).
 */
import type { Services } from "#server/services";
import type { AudioProbe } from "./audio-facts.server";
import type { ThumbnailResolver } from "./video-thumbnail.server";

export type SaveFailure = {
  ok: false;
  status: 400 | 401 | 403 | 404 | 409 | 500;
  /** The alert text (docs/product/authoring.md). */
  error: string;
  fieldErrors: Record<string, string>;
  /** A stale save (docs/milestones.md#issue-18-the-writing-studio): who saved the post since the editor opened it, and when. */
  conflict?: { by: string; at: string };
};

export type SavedPost = {
  id: string;
  slug: string;
  status: "draft" | "pending" | "published";
  publishedAt: Date | null;
  lastAutosave: Date | null;
};

export type SaveResult =
  | {
      ok: true;
      post: SavedPost;
      created: boolean;
      skipped?: "not-a-draft";
      /** The post was public before this save (its toast says Updated); unknown on a retry. */
      wasLive?: boolean;
    }
  | SaveFailure;

export const fail = (
  status: SaveFailure["status"],
  error: string,
  fieldErrors: Record<string, string> = {},
): SaveFailure => ({ ok: false, status, error, fieldErrors });

export type SaveOptions = {
  now?: Date;
  /** Resolves a Vimeo link's still (video-thumbnail.server.ts); tests inject their own. */
  videoThumbnail?: ThumbnailResolver;
  /** The submission's idempotency key (docs/decisions/0096). */
  idempotencyKey?: string;
  /** Reads the audio's size, type and length (audio-facts.server.ts); tests may inject one. */
  audioProbe?: AudioProbe;
  /**
   * The request's services the save reads (editor.server.ts passes them): the
   * storage, whose addresses are the site's own captions; the config, to read
   * the site's own audio files from disk; the log, for a Vimeo still not
   * resolved; the job queue, for the followers' e-mails when the save
   * publishes. Each absent (tests): only /uploads/ captions are the site's,
   * the site's audio is not read, nothing is logged, no e-mail is enqueued.
   */
  services?: Partial<Pick<Services, "storage" | "config" | "log" | "jobs">>;
};

/** All post saves share one scope: a key names one submission, whatever the post. */
export const SAVE_SCOPE = "post-save";

/** The key was claimed meanwhile by the same submission sent twice at once. */
export const RACED = Symbol("raced");
