// The names one desk uses to tell the others that settings changed (NOTIFY), and what it says: the setting's name,
// 'carrier-settings' for the carriers' surcharges, or '*' for everything. Shared by the statements that announce a
// change (sql/dialect.ts, settings.ts) and the desks' caches that hear it (settings-cache.ts).

export const SETTINGS_CHANNEL = 'station_settings_changed';
export const ALL_SETTINGS = '*';
/** The key of the carriers' surcharges, in memory and as a change's payload. */
export const CARRIER_SETTINGS = 'carrier-settings';
