// The desk window's security settings and navigation rules, kept free of Electron so they are unit-tested.
export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized?: boolean;
}

export const DEFAULT_BOUNDS: WindowBounds = { width: 1280, height: 800 };

export function secureWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  } as const;
}

/** Only the station's own pages may load in the window; everything else opens in the OS browser or nowhere. */
export function isStationUrl(url: string, stationOrigin: string): boolean {
  try {
    return new URL(url).origin === new URL(stationOrigin).origin;
  } catch {
    return false;
  }
}

/** Links the window may hand to the OS browser: web pages only, never file: or custom schemes. */
export function isExternalWebUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Saved bounds, trusted only when they are sane numbers. */
export function parseBounds(json: string | undefined): WindowBounds {
  try {
    const value = JSON.parse(json ?? '') as Partial<WindowBounds>;
    const valid = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
    if (!valid(value.width) || !valid(value.height) || value.width! < 800 || value.height! < 600) return DEFAULT_BOUNDS;
    const bounds: WindowBounds = { width: value.width!, height: value.height!, maximized: value.maximized === true };
    if (valid(value.x) && valid(value.y)) Object.assign(bounds, { x: value.x, y: value.y });
    return bounds;
  } catch {
    return DEFAULT_BOUNDS;
  }
}
