// The desk window's preload: exposes `window.station`, the typed bridge, and no generic IPC.
import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge.ts';

contextBridge.exposeInMainWorld(
  'station',
  createBridge((channel, ...args) => ipcRenderer.invoke(channel, ...args)),
);
