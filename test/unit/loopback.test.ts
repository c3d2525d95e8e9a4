import { describe, expect, it } from 'vitest';
import { isLoopbackHostname } from '../../src-main/api/middleware/loopback-guard.ts';
import { defaultDataDir } from '../../src-main/data-dir.ts';
import { homedir } from 'node:os';
import { join } from 'node:path';

describe('only loopback host names count as local', () => {
  it.each(['localhost', 'LOCALHOST', 'desk.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1'])(
    'accepts %s',
    (host) => expect(isLoopbackHostname(host)).toBe(true),
  );
  it.each(['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.1', '0.0.0.0', '::', '1.127.0.0.1', ''])(
    'refuses %s',
    (host) => expect(isLoopbackHostname(host)).toBe(false),
  );
});

describe('the default data folder is the per-user folder Electron uses for "shipping-station"', () => {
  it('prefers STATION_DATA_DIR', () => {
    expect(defaultDataDir({ STATION_DATA_DIR: '/srv/desk-1' }, 'linux')).toBe('/srv/desk-1');
  });
  it('uses XDG_CONFIG_HOME or ~/.config on Linux', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/x/shipping-station');
    expect(defaultDataDir({}, 'linux')).toBe(join(homedir(), '.config', 'shipping-station'));
  });
  it('uses Application Support on macOS and APPDATA on Windows', () => {
    expect(defaultDataDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'shipping-station'));
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\p\\AppData\\Roaming' }, 'win32')).toBe(
      join('C:\\Users\\p\\AppData\\Roaming', 'shipping-station'),
    );
  });
});
