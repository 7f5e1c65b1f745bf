/**
 * Embeds in a post body (docs/milestones.md#issue-18-the-writing-studio): a YouTube, Vimeo, Spotify or SoundCloud
 * address turned into the player address an <iframe> may load. Only these
 * players: their hosts are the ones the sanitiser and the CSP's frame-src
 * allow (server/http/security.ts EMBED_HOSTS; embed.test.ts checks it).
 */
import { parseVideoUrl, videoEmbedUrl } from "./video";

export type Embed = { provider: "youtube" | "vimeo" | "spotify" | "soundcloud"; src: string };

const SPOTIFY =
  /^https:\/\/open\.spotify\.com\/(?:embed\/)?(?:intl-[a-z-]+\/)?(track|album|playlist|episode|show|artist)\/([A-Za-z0-9]{10,40})/i;
const SOUNDCLOUD = /^https:\/\/(?:www\.|m\.)?soundcloud\.com\/[\w-]+\/[\w-]+(?:\/[\w-]+)?\/?$/i;
const SOUNDCLOUD_PLAYER = /^https:\/\/w\.soundcloud\.com\/player\/\?url=/i;

/** The player address for a link, or null when it is not one we embed. */
export function embedOf(input: string | null | undefined): Embed | null {
  const url = (input ?? "").trim();
  if (!/^https?:\/\//i.test(url)) return null;
  const video = parseVideoUrl(url);
  if (video) return { provider: video.provider, src: videoEmbedUrl(video) };
  const spotify = SPOTIFY.exec(url);
  if (spotify) {
    return {
      provider: "spotify",
      src: `https://open.spotify.com/embed/${spotify[1]!.toLowerCase()}/${spotify[2]}`,
    };
  }
  if (SOUNDCLOUD_PLAYER.test(url)) {
    const track = new URL(url).searchParams.get("url") ?? "";
    return SOUNDCLOUD.test(track) ? soundcloud(track) : null;
  }
  if (SOUNDCLOUD.test(url)) return soundcloud(url.replace(/\/$/, ""));
  return null;
}

function soundcloud(track: string): Embed {
  return {
    provider: "soundcloud",
    src: `https://w.soundcloud.com/player/?url=${encodeURIComponent(track.replace(/^https:\/\/(www\.|m\.)/i, "https://"))}`,
  };
}

/** How tall each player is drawn (audio players are short; videos keep 16:9 via CSS). */
export function embedHeight(provider: Embed["provider"]): number {
  return provider === "spotify" ? 152 : provider === "soundcloud" ? 166 : 315;
}

export const EMBED_TITLES: Record<Embed["provider"], string> = {
  youtube: "YouTube video",
  vimeo: "Vimeo video",
  spotify: "Spotify player",
  soundcloud: "SoundCloud player",
};
