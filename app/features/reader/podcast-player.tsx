import { useEffect, useRef, useState } from "react";
import { secondaryButton } from "~/components/ui/button-styles";
import { useHydrated } from "~/lib/use-hydrated";
import { durationInWords, formatDuration } from "./duration";

export const PLAYBACK_RATES = [1, 1.25, 1.5, 2] as const;
const SKIP_SECONDS = 15;
/** The podcast category's feed for podcast apps (app/features/seo/podcast.server.ts). */
const PODCAST_FEED = "/podcast.xml";

/**
 * The player of a post's audio file (docs/decisions/0268): the artwork, the
 * length stored with the post (read from the file when it was saved) before
 * the file's own metadata arrives, play, back and forward 15 s, a seek
 * slider, the speed, and the podcast feed. All native controls (buttons, a
 * range, a select), so the keyboard works them as usual. Without JavaScript
 * the browser's own controls show instead.
 */
export function PodcastPlayer({
  audio,
  title,
  podcast,
}: {
  audio: { src: string; mime: string; durationSeconds: number | null; artwork: string };
  title: string;
  /** A Podcast category post: the subscribe links show. */
  podcast: boolean;
}) {
  const hydrated = useHydrated();
  const state = useAudioState(audio.durationSeconds);
  const { element, current, duration } = state;

  return (
    <section
      aria-label={`Podcast player: ${title}`}
      className="mt-6 flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row"
    >
      <img
        src={audio.artwork}
        alt=""
        width={112}
        height={112}
        loading="lazy"
        className="h-28 w-28 shrink-0 rounded-md object-cover"
      />
      <div className="min-w-0 flex-1">
        <audio
          ref={element}
          controls={!hydrated}
          preload="none"
          className={hydrated ? "hidden" : "w-full"}
          aria-label={`Listen: ${title}`}
        >
          <source src={audio.src} type={audio.mime} />
          <a href={audio.src}>Download the audio</a>
        </audio>
        {hydrated ? <PlayerControls state={state} /> : null}
        <p className="mt-1 text-sm text-slate-700">
          {hydrated ? (
            <>
              <span data-testid="player-position">{formatDuration(current)}</span> /{" "}
            </>
          ) : null}
          <span data-testid="player-duration">
            <span className="sr-only">Length: </span>
            {formatDuration(duration)}
          </span>
        </p>
        {podcast ? (
          <p className="mt-2 text-sm">
            <a href={PODCAST_FEED} className="font-semibold text-brand-700 underline">
              Subscribe: podcast RSS feed
            </a>
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** Back, play or pause, forward, the speed and the position slider. */
function PlayerControls({ state }: { state: ReturnType<typeof useAudioState> }) {
  const { element, playing, current, duration, rate, setRate, seek } = state;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => seek(current - SKIP_SECONDS)}
        >
          {/* The name is the words; the short form is what shows (axe: the visible text must be
              part of an aria-label, so there is none). */}
          <span aria-hidden="true">−{SKIP_SECONDS}s</span>
          <span className="sr-only">Back {SKIP_SECONDS} seconds</span>
        </button>
        <button
          type="button"
          className={secondaryButton}
          aria-label={playing ? "Pause" : "Play episode"}
          onClick={() => {
            const player = element.current;
            if (!player) return;
            if (player.paused) void player.play().catch(() => {});
            else player.pause();
          }}
        >
          {playing ? "Pause" : "Play"}
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => seek(current + SKIP_SECONDS)}
        >
          <span aria-hidden="true">+{SKIP_SECONDS}s</span>
          <span className="sr-only">Forward {SKIP_SECONDS} seconds</span>
        </button>
        <label className="ml-auto flex items-center gap-2 text-sm text-slate-800">
          Speed
          <select
            value={String(rate)}
            onChange={(event) => setRate(Number(event.currentTarget.value))}
            className="rounded-md border border-slate-400 bg-white px-2 py-1 text-slate-900"
            aria-label="Playback speed"
          >
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={String(r)}>
                {r}×
              </option>
            ))}
          </select>
        </label>
      </div>
      <input
        type="range"
        min={0}
        max={Math.max(duration, 1)}
        step={1}
        value={Math.min(current, duration || current)}
        onChange={(event) => seek(Number(event.currentTarget.value))}
        aria-label="Position"
        aria-valuetext={`${durationInWords(current)} of ${durationInWords(duration)}`}
        className="mt-3 w-full accent-brand-700"
      />
    </>
  );
}

/** The element's state: playing, position, length (stored until the file says), speed. */
function useAudioState(storedDuration: number | null) {
  const element = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [fileDuration, setFileDuration] = useState<number | null>(null);
  const [rate, setRate] = useState(1);
  useEffect(() => {
    const player = element.current;
    if (!player) return;
    const sync = () => {
      setPlaying(!player.paused);
      setCurrent(player.currentTime);
      if (Number.isFinite(player.duration) && player.duration > 0) {
        setFileDuration(player.duration);
      }
    };
    const events = ["play", "pause", "timeupdate", "loadedmetadata", "durationchange", "seeked"];
    for (const name of events) player.addEventListener(name, sync);
    return () => {
      for (const name of events) player.removeEventListener(name, sync);
    };
  }, []);
  useEffect(() => {
    if (element.current) element.current.playbackRate = rate;
  }, [rate]);
  const duration = fileDuration ?? storedDuration ?? 0;
  const seek = (to: number) => {
    const player = element.current;
    if (player) player.currentTime = Math.min(Math.max(0, to), duration || to);
  };
  return { element, playing, current, duration, rate, setRate, seek };
}
