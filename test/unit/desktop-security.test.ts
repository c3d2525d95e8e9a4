import { describe, expect, it } from 'vitest';
import type { StationBridge } from '../../src-shared/bridge.ts';
import {
  DEFAULT_BOUNDS,
  isExternalWebUrl,
  isStationUrl,
  parseBounds,
  secureWebPreferences,
} from '../../src-main/desktop/window-options.ts';
import { BRIDGE_CHANNELS, createBridge } from '../../src-main/preload/bridge.ts';

describe('the desk window is hardened', () => {
  it('isolates the page: context isolation, sandbox, no Node, no webviews', () => {
    expect(secureWebPreferences('/app/out/preload/index.cjs')).toEqual({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    });
  });

  it('lets the window navigate only within the station', () => {
    const station = 'http://127.0.0.1:8411';
    expect(isStationUrl('http://127.0.0.1:8411/#/shipments', station)).toBe(true);
    for (const url of [
      'http://127.0.0.1:8412/',
      'http://localhost:8411/',
      'https://evil.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isStationUrl(url, station)).toBe(false);
    }
  });

  it('hands only web links to the OS browser', () => {
    expect(isExternalWebUrl('https://track.example.com/abc')).toBe(true);
    for (const url of ['file:///etc/passwd', 'smb://share/x', 'javascript:alert(1)', 'mailto:a@b.c', ''])
      expect(isExternalWebUrl(url)).toBe(false);
  });

  it('restores only sane window bounds', () => {
    expect(parseBounds('{"x":10,"y":20,"width":1400,"height":900,"maximized":true}')).toEqual({
      x: 10,
      y: 20,
      width: 1400,
      height: 900,
      maximized: true,
    });
    expect(parseBounds('{"width":100,"height":100}')).toEqual(DEFAULT_BOUNDS);
    expect(parseBounds('garbage')).toEqual(DEFAULT_BOUNDS);
    expect(parseBounds(undefined)).toEqual(DEFAULT_BOUNDS);
  });
});

describe('the preload bridge exposes exactly the named functions, over fixed channels', () => {
  it('has the two functions of StationBridge and nothing else: no printing, no store access', () => {
    const bridge = createBridge(async () => undefined);
    const expected: (keyof StationBridge)[] = ['apiBase', 'integrationKey'];
    expect(Object.keys(bridge).sort()).toEqual([...expected].sort());
  });

  it('calls each function over its own channel, with plain arguments', async () => {
    const calls: unknown[][] = [];
    const bridge = createBridge(async (...args) => {
      calls.push(args);
      return 'answer';
    });
    await bridge.apiBase();
    await bridge.integrationKey();
    expect(calls).toEqual([[BRIDGE_CHANNELS.apiBase], [BRIDGE_CHANNELS.integrationKey]]);
    expect(new Set(Object.values(BRIDGE_CHANNELS)).size).toBe(2);
    for (const channel of Object.values(BRIDGE_CHANNELS)) expect(channel).toMatch(/^station:[a-z-]+$/);
  });
});
