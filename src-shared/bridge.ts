// The preload bridge's contract: the few named functions Electron's preload exposes to the desk UI as
// `window.station`. In a plain browser it is absent, and the UI asks the station's HTTP API instead.
export interface PrinterInfo {
  name: string;
  description: string;
  isDefault: boolean;
  status: string;
  supportsRawZpl: boolean;
}

export interface PrintOptions {
  printer?: string;
  copies?: number;
  format?: 'pdf' | 'zpl';
  dpi?: 203 | 300;
}

export interface PrintJobInfo {
  id: string;
  status: 'queued' | 'printing' | 'done' | 'failed';
  reason: string | null;
}

export interface AppInfo {
  name: string;
  version: string;
  electron: string;
  dataDir: string;
}

export interface StationBridge {
  apiBase(): Promise<string>;
  integrationKey(): Promise<string>;
  listPrinters(): Promise<PrinterInfo[]>;
  print(shipmentId: string, options: PrintOptions): Promise<PrintJobInfo>;
  appInfo(): Promise<AppInfo>;
}

declare global {
  interface Window {
    station?: StationBridge;
  }
}
