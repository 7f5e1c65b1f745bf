/**
 * Audio files for tests, made here rather than shipped: a WAV (the demo's
 * chime) and a constant-bit-rate MP3 (MPEG-1 Layer III, 128 kbit/s, 44.1 kHz
 * frames of silence), whose lengths follow from their construction.
 */
import { renderChimeWav } from "#server/db/demo-content/audio";

export function wavOf(notes: number, noteSeconds: number): Uint8Array {
  return renderChimeWav(
    Array.from({ length: notes }, (_, i) => 440 + 20 * i),
    noteSeconds,
  );
}

/** Seconds of a renderChimeWav file: notes × noteSeconds plus its 0.6 s tail (16 kHz samples). */
export function wavSeconds(notes: number, noteSeconds: number): number {
  return (Math.round(16_000 * noteSeconds) * notes + Math.round(16_000 * 0.6)) / 16_000;
}

const MP3_FRAME_BYTES = 417; // 144 × 128000 / 44100, no padding
const MP3_FRAME_SECONDS = 1152 / 44_100;

/** An MP3 of `frames` frames: each a header (FF FB 90 00) and silence. */
export function mp3Of(frames: number): Uint8Array {
  const bytes = new Uint8Array(frames * MP3_FRAME_BYTES);
  for (let i = 0; i < frames; i++) bytes.set([0xff, 0xfb, 0x90, 0x00], i * MP3_FRAME_BYTES);
  return bytes;
}

export const mp3Seconds = (frames: number) => frames * MP3_FRAME_SECONDS;
