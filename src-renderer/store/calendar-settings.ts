// The Settings screen's station calendar: admins change the station's time zone and holidays there; the answer
// is what every desk counts days with from then on (this desk at once, the others at their next sign-in).
import { create } from 'zustand';
import type { CalendarChange } from '../../src-shared/calendar-settings.ts';
import { ApiError } from '../api/client.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, refusal, type Said } from '../i18n/said.ts';
import { learnStationClock, useStationClock } from './station-clock.ts';

export interface CalendarSettingsState {
  status: 'idle' | 'saving';
  /** The last refusal or failure not about a field, worded by the screen as it shows it. */
  error: Said | null;
  /** Refusals by field (timeZone, holidays), as the station named them: worded by the screen as it shows them. */
  fieldErrors: Record<string, Said>;
  /** Reads the calendar again (another desk or the admin command may have changed it). */
  refresh(): Promise<void>;
  /** Saves the change; false when the station refused it (its reasons in `fieldErrors` or `error`). */
  save(change: CalendarChange): Promise<boolean>;
}

export const useCalendarSettings = create<CalendarSettingsState>()((set) => ({
  status: 'idle',
  error: null,
  fieldErrors: {},
  refresh: () => learnStationClock(async () => (await api().call(ROUTES.calendar)).data.attributes),
  async save(change) {
    set({ status: 'saving', error: null, fieldErrors: {} });
    const askedAt = Date.now();
    try {
      const answer = (await api().call(ROUTES.changeCalendar, { body: { data: { type: 'calendar', attributes: change } } })).data
        .attributes;
      useStationClock.getState().learn(answer, askedAt, Date.now());
      set({ status: 'idle' });
      return true;
    } catch (caught) {
      const fieldErrors: Record<string, Said> = {};
      // Each field's refusal: the station's text in English, the desk's words for its code in another language.
      if (caught instanceof ApiError)
        for (const error of caught.errors) fieldErrors[error.source?.pointer?.split('/')[3] ?? ''] = refusal(error);
      set({ status: 'idle', fieldErrors, error: fieldErrors.timeZone || fieldErrors.holidays ? null : failure(caught) });
      return false;
    }
  },
}));
