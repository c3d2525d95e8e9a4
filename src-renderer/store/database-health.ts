// Whether the station's database answers, as the desk's banner shows it. Any 503 makes the desk ask the station's
// health; while the database is away the desk asks again every few seconds, and the banner goes once it answers.
// Screens keep what the packer typed meanwhile: nothing here touches their state.
import { create } from 'zustand';
import type { HealthAttributes } from '../../src-shared/resources.ts';

/** How often the desk asks while the database is away. */
const RECHECK_MS = 2_000;

interface DatabaseHealthState {
  /** When the database stopped answering (ISO 8601), or null while it answers. */
  unavailableSince: string | null;
  /** Found damaged: it does not come back by itself, an operator restores it. */
  damaged: boolean;
  /** Readable but not writable (its files are read-only): it comes back once someone makes them writable. */
  readOnly: boolean;
  /** A 503 came: ask the station's health now, and keep asking while the database is away. */
  noticeUnavailable(health: () => Promise<HealthAttributes>): void;
}

let checking = false;

export const useDatabaseHealth = create<DatabaseHealthState>((set) => ({
  unavailableSince: null,
  damaged: false,
  readOnly: false,
  noticeUnavailable(health) {
    if (checking) return;
    checking = true;
    const check = async () => {
      const answer = await health().catch(() => undefined);
      // No answer at all is the station itself away: the screens say so; the banner is about the database.
      if (answer && !answer.database.available) {
        set({
          unavailableSince: answer.database.unavailableSince,
          damaged: answer.database.damaged === true,
          readOnly: answer.database.readOnly === true,
        });
        setTimeout(() => void check(), RECHECK_MS);
        return;
      }
      set({ unavailableSince: null, damaged: false, readOnly: false });
      checking = false;
    };
    void check();
  },
}));
