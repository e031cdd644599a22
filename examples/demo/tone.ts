/**
 * The demo's audio: a short WAV made in code, so demo mode plays real sound with no network
 * and no audio file in the repository. Each song gets its own arpeggio (its root note comes
 * from a hash of its address), so two songs do not sound alike.
 */
import { fnv1a } from "./hash.ts";

/** Length of every demo track, seconds; the demo lyrics are timed within it. */
export const TONE_SECONDS = 24;
const RATE = 8000;
/** Each note of the arpeggio, seconds. */
const NOTE_SECONDS = 0.5;
/** A major arpeggio, in semitones above the root. */
const ARPEGGIO = [0, 4, 7, 12, 7, 4];

/** An 8-bit mono PCM WAV file of `TONE_SECONDS`, its pitch chosen by `seed`. */
export function demoTone(seed: string): Uint8Array<ArrayBuffer> {
  const samples = TONE_SECONDS * RATE;
  const wav = new Uint8Array(44 + samples);
  const view = new DataView(wav.buffer);
  const text = (at: number, value: string) => [...value].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, 36 + samples, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true); // size of the format chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE, true); // bytes per second
  view.setUint16(32, 1, true); // bytes per sample frame
  view.setUint16(34, 8, true); // bits per sample
  text(36, "data");
  view.setUint32(40, samples, true);

  const root = 220 * 2 ** ((fnv1a(seed) % 12) / 12);
  const noteSamples = NOTE_SECONDS * RATE;
  for (let i = 0; i < samples; i++) {
    const note = Math.floor(i / noteSamples);
    const frequency = root * 2 ** (ARPEGGIO[note % ARPEGGIO.length] / 12);
    const within = (i % noteSamples) / noteSamples;
    // Each note fades out, so notes are heard apart and nothing clicks.
    const envelope = 0.35 * (1 - within) ** 2;
    wav[44 + i] = Math.round(128 + 127 * envelope * Math.sin((2 * Math.PI * frequency * i) / RATE));
  }
  return wav;
}
