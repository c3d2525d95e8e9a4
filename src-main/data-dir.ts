// Where a station keeps its data when not told: STATION_DATA_DIR, else the same per-user folder
// Electron's app.getPath('userData') uses for "shipping-station", so headless and desktop share one station.
import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_FOLDER_NAME = 'shipping-station';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.STATION_DATA_DIR) return env.STATION_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_FOLDER_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_FOLDER_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_FOLDER_NAME);
}
