// The desk's sounds, made with the Web Audio API (no sound files to ship or load): a short high beep for a good
// scan, a low double buzz for a wrong scan or a blocked parcel, and a rising two-note chime for a printed label.
// Distinct in pitch, length and rhythm, so a packer who does not look up still knows which it was.
// The volume is the caller's to give (the person's preference): this module reads no store.

export type Signal = 'good' | 'bad' | 'printed';

interface Tone {
  /** Hz. */
  frequency: number;
  /** Seconds after the signal starts. */
  at: number;
  /** Seconds. */
  length: number;
  wave: OscillatorType;
}

export const SIGNAL_TONES: Readonly<Record<Signal, readonly Tone[]>> = {
  good: [{ frequency: 1320, at: 0, length: 0.09, wave: 'sine' }],
  bad: [
    { frequency: 140, at: 0, length: 0.22, wave: 'square' },
    { frequency: 140, at: 0.3, length: 0.22, wave: 'square' },
  ],
  printed: [
    { frequency: 660, at: 0, length: 0.12, wave: 'triangle' },
    { frequency: 990, at: 0.14, length: 0.18, wave: 'triangle' },
  ],
};

let context: AudioContext | null = null;

/** Plays a signal at `volume` (0 to 1, the person's); silently nothing where the browser has no audio (or it is muted). */
export function playSignal(signal: Signal, volume: number): void {
  if (volume <= 0 || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime + 0.01;
    for (const tone of SIGNAL_TONES[signal]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = tone.wave;
      oscillator.frequency.value = tone.frequency;
      // A short fade in and out: no click at either end.
      const level = (tone.wave === 'square' ? 0.25 : 0.5) * volume;
      gain.gain.setValueAtTime(0, start + tone.at);
      gain.gain.linearRampToValueAtTime(level, start + tone.at + 0.01);
      gain.gain.setValueAtTime(level, start + tone.at + tone.length - 0.02);
      gain.gain.linearRampToValueAtTime(0, start + tone.at + tone.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + tone.at);
      oscillator.stop(start + tone.at + tone.length);
    }
  } catch {
    // No audio device: the screen and the announcement still say it.
  }
}
