/**
 * The second step of a post save: the facts of its media that a host holds
 * (a Vimeo video's still, an audio file's size, type and length), kept from
 * the stored post when its media is unchanged.
 */
import type { PostInput } from "./post-form.server";
import { createAudioProbe, type AudioFacts, type AudioProbe } from "./audio-facts.server";
import { fetchVimeoThumbnail, resolveVideoThumbnail } from "./video-thumbnail.server";
import type { SaveOptions } from "./save-result.server";
import type { ExistingPost } from "./save-validate.server";

/**
 * The audio's facts: kept while the address and type are unchanged and were
 * read before; read again otherwise, except on autosave (which never waits
 * for a host: the next save reads them).
 */
async function resolveAudioFacts(
  next: { url: string | null; audioType: "mp3" | "mp4" | "wav" | "embed" | null },
  existing:
    | {
        featuredAudioUrl: string | null;
        audioType: string | null;
        audioBytes: number | null;
        audioMimeType: string | null;
        audioDurationSeconds: number | null;
      }
    | undefined,
  options: { probe: AudioProbe; autosave: boolean },
): Promise<AudioFacts | null> {
  if (!next.url || !next.audioType || next.audioType === "embed") return null;
  const same = existing?.featuredAudioUrl === next.url && existing.audioType === next.audioType;
  if (same && existing.audioBytes !== null && existing.audioMimeType) {
    return {
      bytes: existing.audioBytes,
      mimeType: existing.audioMimeType,
      durationSeconds: existing.audioDurationSeconds,
    };
  }
  if (options.autosave) return null;
  return options.probe(next.url, next.audioType);
}

export type SaveMedia = {
  videoThumbnailUrl: string | null;
  audioType: PostInput["audio_type"] | null;
  audio: AudioFacts | null;
};

/** The video's still and the audio's facts for the post being saved. */
export async function resolveSaveMedia(
  input: PostInput,
  existing: ExistingPost | undefined,
  options: SaveOptions,
): Promise<SaveMedia> {
  const videoThumbnailUrl = await resolveVideoThumbnail(
    { featuredImageUrl: input.featured_image_url, featuredVideoUrl: input.featured_video_url },
    existing,
    {
      resolve:
        options.videoThumbnail ??
        ((url) =>
          fetchVimeoThumbnail(url, {
            onError: (error) =>
              options.services?.log?.warn({ err: error, url }, "Vimeo thumbnail not resolved"),
          })),
      autosave: input.intent === "autosave",
    },
  );

  const audioType = input.featured_audio_url ? input.audio_type : null;
  const audio = await resolveAudioFacts({ url: input.featured_audio_url, audioType }, existing, {
    probe: options.audioProbe ?? createAudioProbe({ site: options.services }),
    autosave: input.intent === "autosave",
  });
  return { videoThumbnailUrl, audioType, audio };
}
