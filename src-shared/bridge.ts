// The preload bridge's contract: the few named functions Electron's preload exposes to the desk UI as
// `window.station`. They tell the UI where its station is; everything else (printing included) is an
// authenticated HTTP call like any client's. In a plain browser the bridge is absent, and the UI asks the
// station's /station-config instead.
export interface StationBridge {
  apiBase(): Promise<string>;
  integrationKey(): Promise<string>;
}

declare global {
  interface Window {
    station?: StationBridge;
  }
}
