// `station config token-lifetime`: how long the Bearer tokens the station issues live, set by the admin (issue 45):
// shown, set for the tokens issued from then on (a served station's next sign-in says so), and refused out of range.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { http } from '../helpers/http.ts';
import { runCli, serve } from '../helpers/cli.ts';
import { JSONAPI, tempDir } from '../helpers/station.ts';

function lastJsonLine(stdout: string): any {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

describe('station config token-lifetime', () => {
  it('shows a working shift until set, sets the lifetime of the tokens issued from then on, and refuses what is out of range', async () => {
    const data = join(tempDir(), 'data');
    expect(
      (
        await runCli([
          'client',
          'add',
          '--data',
          data,
          '--username',
          'lifetime',
          '--password',
          'lifetime-password',
          '--name',
          'Lifetime',
          '--role',
          'admin',
        ])
      ).code,
    ).toBe(0);
    const shown = await runCli(['config', 'token-lifetime', '--data', data]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout.trim()).toBe('Tokens live 12h (the default).');
    expect(lastJsonLine((await runCli(['config', 'token-lifetime', '--data', data, '--json'])).stdout)).toEqual({
      lifetimeSeconds: 43_200,
      lifetime: '12h',
      isDefault: true,
    });

    const set = await runCli(['config', 'token-lifetime', '1h30m', '--data', data]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout.trim()).toBe('Tokens issued from now on live 1h30m; tokens issued before keep their expiry.');
    expect(lastJsonLine((await runCli(['config', 'token-lifetime', '5m', '--data', data, '--json'])).stdout)).toEqual({
      lifetimeSeconds: 300,
      lifetime: '5m',
      isDefault: false,
    });
    expect((await runCli(['config', 'token-lifetime', '90m', '--data', data])).code).toBe(0);

    // A served station issues tokens that live the lifetime set.
    const served = await serve(['--data', data, '--port', '0']);
    try {
      const keys = lastJsonLine((await runCli(['keys', '--data', data, '--json'])).stdout);
      const signIn = await http(`${served.url}/v3/clients/authentication`, {
        method: 'POST',
        headers: {
          Accept: JSONAPI,
          Authorization: serviceApiAuthorization(authenticationHash('lifetime', 'lifetime-password'), keys.integrationKey),
        },
      });
      expect(signIn.status, signIn.text).toBe(200);
      const claims = JSON.parse(Buffer.from(signIn.json.meta.token.split('.')[1], 'base64url').toString());
      expect(claims.exp - claims.iat).toBe(5_400);
      expect(signIn.json.meta.expiresAt).toBe(new Date(claims.exp * 1000).toISOString());
    } finally {
      await served.stop();
    }

    // Refusals change nothing: they run side by side.
    await Promise.all(
      [
        ['4m', 'The token lifetime must be from 5 minutes to 7 days; 240 seconds is not.'],
        ['7d1s', 'The token lifetime must be from 5 minutes to 7 days; 604801 seconds is not.'],
        ['soon', "'soon' is not a duration. Give it as 12h, 90m, 1h30m or 2d (from 5m to 7d)."],
        ['12', "'12' is not a duration."],
      ].map(async ([value, message]) => {
        const refused = await runCli(['config', 'token-lifetime', value!, '--data', data]);
        expect(refused.code, `${value}: ${refused.stderr}`).toBe(2);
        expect(refused.stderr).toContain(message);
      }),
    );
    // The refusals changed nothing; the ends of the range are taken.
    expect(lastJsonLine((await runCli(['config', 'token-lifetime', '--data', data, '--json'])).stdout)).toEqual({
      lifetimeSeconds: 5_400,
      lifetime: '1h30m',
      isDefault: false,
    });
    expect(lastJsonLine((await runCli(['config', 'token-lifetime', '7d', '--data', data, '--json'])).stdout).lifetime).toBe('7d');
    // Every change is in the audit log, with what it was before; the refusals are not.
    const audit = lastJsonLine((await runCli(['audit', '--action', 'tokens.lifetime-changed', '--data', data, '--json'])).stdout);
    expect(audit.map((entry: { detail: unknown }) => entry.detail)).toEqual([
      { lifetimeSeconds: { from: 5_400, to: 604_800 } },
      { lifetimeSeconds: { from: 300, to: 5_400 } },
      { lifetimeSeconds: { from: 5_400, to: 300 } },
      { lifetimeSeconds: { from: 43_200, to: 5_400 } },
    ]);
  }, 90_000);
});
