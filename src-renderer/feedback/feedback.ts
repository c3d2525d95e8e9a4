// What the desk tells a packer besides the screen: each outcome is said through a live region (for a screen
// reader), heard as one of the three sounds, and, for a parcel that must not ship, shown full-screen until the
// packer acknowledges it with a key. Stores call signal() and block(); the frame shows the regions and the overlay.
// The sounds play at the volume the preferences store sets here (setVolume): this module reads no store.
import { create } from 'zustand';
import { playSignal, type Signal } from './sounds.ts';

/**
 * What is said: the words, or what a store keeps to be said (a Said of i18n/said.ts), which the frame words as it
 * shows it (components/FeedbackLayer.tsx), in the language of that moment. This module holds it unread.
 */
export type Spoken = string | { readonly [member: string]: unknown };

export interface Announcement {
  text: Spoken;
  /** Counts up, so the same words said twice are announced twice. */
  serial: number;
}

export interface FeedbackState {
  polite: Announcement | null;
  assertive: Announcement | null;
  /** Why the parcel in hand must not ship, until acknowledged. */
  blocked: Spoken | null;
  /** The sounds' volume, 0 (silent) to 1: the person's preference, as store/preferences.ts last set it. */
  volume: number;
  acknowledge(): void;
}

export const useFeedback = create<FeedbackState>()((set) => ({
  polite: null,
  assertive: null,
  blocked: null,
  volume: 0,
  acknowledge: () => set({ blocked: null }),
}));

let serial = 0;

/** Takes the person's volume for every sound from now on. */
export function setVolume(volume: number): void {
  useFeedback.setState({ volume });
}

/** Says `text` to a screen reader: politely after what it is reading, or at once for a problem. */
export function announce(text: Spoken, urgency: 'polite' | 'assertive' = 'polite'): void {
  serial += 1;
  useFeedback.setState({ [urgency]: { text, serial } });
}

/** An outcome the packer should hear: a good scan, a wrong one, a printed label. */
export function signal(kind: Signal, text: Spoken): void {
  playSignal(kind, useFeedback.getState().volume);
  announce(text, kind === 'bad' ? 'assertive' : 'polite');
}

/**
 * A parcel that must not ship: the wrong-scan sound, and the reason over the whole screen until a key is pressed.
 * The overlay is an alert dialog, so a screen reader reads the reason as it opens.
 */
export function block(reason: Spoken): void {
  playSignal('bad', useFeedback.getState().volume);
  useFeedback.setState({ blocked: reason });
}
