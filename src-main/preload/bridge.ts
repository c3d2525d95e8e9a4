// The preload bridge's surface: one named IPC channel per function of StationBridge, and nothing else.
// Kept free of Electron so the exact surface is unit-tested.
import type { StationBridge } from '../../src-shared/bridge.ts';

export const BRIDGE_CHANNELS = {
  apiBase: 'station:api-base',
  integrationKey: 'station:integration-key',
} as const satisfies Record<keyof StationBridge, string>;

export type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

export function createBridge(invoke: Invoke): StationBridge {
  return {
    apiBase: () => invoke(BRIDGE_CHANNELS.apiBase) as Promise<string>,
    integrationKey: () => invoke(BRIDGE_CHANNELS.integrationKey) as Promise<string>,
  } satisfies StationBridge;
}
