// `station site …` (docs/operations.md, "Sites"): an admin adds and changes an account's sites from the command
// line, by the API's rules and in its words; `site desk` sets where a desk stands; and `serve --site` puts a desk at
// a site by name, which a served station's API then answers (GET /v3/warehouses, meta.desk).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { http } from '../helpers/http.ts';
import { addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { runCli, serve } from '../helpers/cli.ts';
import { JSONAPI, tempDir } from '../helpers/station.ts';

const PASSWORD = 'sites-cli-password';
const VERONA = JSON.stringify({
  name: 'Bottega Verona',
  contact: 'Marco Neri',
  address1: 'Via Mazzini 3',
  postalCode: '37121',
  city: 'Verona',
  country: 'it',
  email: 'verona@bottega.example',
});

const json = (stdout: string) => JSON.parse(stdout.trim()) as any;
const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI a site's printers are checked in a real CUPS.`);
if (noCups) console.log(`Skipping the site's print defaults at the command line: ${noCups}.`);
const ZEBRA = `sites-cli-zebra-${process.pid}`;

describe('station site', () => {
  it('adds, changes and lists an account’s sites, sets a desk’s, refuses what the API refuses, and serve --site stands the desk there', async () => {
    const data = join(tempDir(), 'data');
    const added = await runCli([
      'client',
      'add',
      '--data',
      data,
      '--username',
      'bottega',
      '--password',
      PASSWORD,
      '--name',
      'Bottega',
      '--role',
      'admin',
    ]);
    expect(added.code, added.stderr).toBe(0);

    const verona = await runCli([
      'site',
      'add',
      'Verona',
      '--client',
      'bottega',
      '--address',
      VERONA,
      '--time-zone',
      'europe/rome',
      '--cutoff',
      'UPS=17:30',
      '--data',
      data,
      '--json',
    ]);
    expect(verona.code, verona.stderr).toBe(0);
    expect(json(verona.stdout)).toMatchObject({
      id: '2',
      name: 'Verona',
      address: { city: 'Verona', country: 'IT' },
      timeZone: 'Europe/Rome',
      cutoffs: { UPS: '17:30' },
    });
    // The API's rules, in its words: a bad cutoff and a name taken.
    const badCutoff = await runCli(['site', 'add', 'Padova', '--client', 'bottega', '--cutoff', 'UPS=25:00', '--data', data]);
    expect(badCutoff.code).toBe(2);
    expect(badCutoff.stderr).toContain('cutoffs');
    const taken = await runCli(['site', 'add', 'verona', '--client', 'bottega', '--data', data]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('Another site of the account is named verona.');

    const renamed = await runCli(['site', 'set', '1', '--client', 'bottega', '--name', 'Milan', '--data', data, '--json']);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(json(renamed.stdout)).toMatchObject({ id: '1', name: 'Milan', address: null });
    const back = await runCli(['site', 'set', '2', '--client', 'bottega', '--time-zone', 'station', '--data', data, '--json']);
    expect(json(back.stdout)).toMatchObject({ id: '2', timeZone: null });

    const desk = await runCli(['site', 'desk', '2', '--client', 'bottega', '--desk', 'bench-3', '--data', data]);
    expect(desk.code, desk.stderr).toBe(0);
    expect(desk.stdout.trim()).toBe('Desk bench-3 stands at site 2 (Verona).');
    const listed = await runCli(['site', 'list', '--client', 'bottega', '--desk', 'bench-3', '--data', data, '--json']);
    expect(json(listed.stdout).map((site: { id: string; name: string; thisDesk: boolean }) => [site.id, site.name, site.thisDesk])).toEqual(
      [
        ['1', 'Milan', false],
        ['2', 'Verona', true],
      ],
    );

    // A served desk started with --site stands at that site, found by its name in any case.
    const served = await serve(['--data', data, '--port', '0', '--desk', 'bench-7', '--site', 'VERONA']);
    try {
      const keys = json((await runCli(['keys', '--data', data, '--json'])).stdout);
      const signIn = await http(`${served.url}/v3/clients/authentication`, {
        method: 'POST',
        headers: { Accept: JSONAPI, Authorization: serviceApiAuthorization(authenticationHash('bottega', PASSWORD), keys.integrationKey) },
      });
      expect(signIn.status, signIn.text).toBe(200);
      const token = signIn.json.meta.token as string;
      const sites = await http(`${served.url}/v3/warehouses`, { headers: { Accept: JSONAPI, Authorization: `Bearer ${token}` } });
      expect(sites.status, sites.text).toBe(200);
      expect(sites.json.meta.desk).toEqual({ name: 'bench-7', site: '2', chosen: true });
    } finally {
      await served.stop();
    }
  }, 60_000);

  it.skipIf(noCups !== undefined)(
    'sets a site’s print defaults one by one and its cutoffs in any case, refusing a printer the printing system lacks',
    async () => {
      const data = join(tempDir(), 'data');
      expect(
        (await runCli(['client', 'add', '--data', data, '--username', 'shop', '--password', PASSWORD, '--name', 'Shop', '--role', 'admin']))
          .code,
      ).toBe(0);
      addRawQueue(ZEBRA, 'socket://127.0.0.1:9', 'Verona Zebra');
      try {
        const added = await runCli(
          ['site', 'add', 'Verona', '--client', 'shop', '--label-format', 'ZPL', '--dpi', '300', '--label-size', '4x6'].concat([
            '--printer',
            ZEBRA,
            '--auto-print',
            'yes',
            '--cutoff',
            'ups=17:30',
            '--data',
            data,
            '--json',
          ]),
        );
        expect(added.code, added.stderr).toBe(0);
        expect(json(added.stdout)).toMatchObject({
          id: '2',
          cutoffs: { UPS: '17:30' },
          printing: { format: 'zpl', dpi: 300, size: '4x6', printer: ZEBRA, autoPrint: true },
        });
        // One default changed, one taken away: the others stay.
        const changed = await runCli([
          'site',
          'set',
          '2',
          '--client',
          'shop',
          '--dpi',
          '203',
          '--printer',
          'none',
          '--data',
          data,
          '--json',
        ]);
        expect(changed.code, changed.stderr).toBe(0);
        expect(json(changed.stdout).printing).toEqual({ format: 'zpl', dpi: 203, size: '4x6', autoPrint: true });
        const unknown = await runCli(['site', 'set', '2', '--client', 'shop', '--a4-printer', 'No-Such-Laser', '--data', data]);
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toContain('No printer is called No-Such-Laser.');
        const badDpi = await runCli(['site', 'set', '2', '--client', 'shop', '--dpi', '600', '--data', data]);
        expect(badDpi.code).toBe(2);
        expect(badDpi.stderr).toContain('printing.dpi');
        const badAnswer = await runCli(['site', 'set', '2', '--client', 'shop', '--auto-print', 'maybe', '--data', data]);
        expect(badAnswer.code).toBe(2);
        expect(badAnswer.stderr).toContain('--auto-print takes yes, no or none');
        const carrier = await runCli(['site', 'set', '2', '--client', 'shop', '--cutoff', 'Pony=12:00', '--data', data]);
        expect(carrier.code).toBe(1);
        expect(carrier.stderr).toContain("Unknown carrier 'Pony'");
      } finally {
        removeQueue(ZEBRA);
      }
    },
    60_000,
  );
});
