/**
 * The demo podcasts' audio: a short chime written as a WAV file by the seed
 * itself (16-bit PCM, mono, 16 kHz), stored with the demo's images, so the
 * player plays on a machine without internet and in the tests.
 */

const SAMPLE_RATE = 16_000;

/** Frequencies (Hz) of the notes of each demo podcast's chime, played one after another. */
export const DEMO_CHIMES = {
  rising: [523.25, 659.25, 783.99, 1046.5],
  falling: [783.99, 659.25, 587.33, 523.25],
} as const;

export type DemoChime = keyof typeof DEMO_CHIMES;

/** A WAV file of the notes, each `noteSeconds` long with a soft attack and a decay. */
export function renderChimeWav(notes: readonly number[], noteSeconds = 0.45): Uint8Array {
  const perNote = Math.round(SAMPLE_RATE * noteSeconds);
  const tail = Math.round(SAMPLE_RATE * 0.6);
  const samples = perNote * notes.length + tail;
  const buffer = Buffer.alloc(44 + samples * 2);
  // RIFF header, then the "fmt " chunk (PCM, 1 channel, 16 bits) and the "data" chunk.
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(SAMPLE_RATE, 24);
  buffer.writeUInt32LE(SAMPLE_RATE * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    let value = 0;
    // Each note rings on under the next ones.
    for (let n = 0; n < notes.length; n++) {
      const t = (i - n * perNote) / SAMPLE_RATE;
      if (t < 0) continue;
      const envelope = Math.min(1, t / 0.01) * Math.exp(-t * 3.2);
      const f = notes[n]!;
      value +=
        envelope * (0.6 * Math.sin(2 * Math.PI * f * t) + 0.15 * Math.sin(4 * Math.PI * f * t));
    }
    const clipped = Math.max(-1, Math.min(1, value * 0.45));
    buffer.writeInt16LE(Math.round(clipped * 32767), 44 + i * 2);
  }
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
