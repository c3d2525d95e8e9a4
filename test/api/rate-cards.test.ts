// A rate card in the data folder that cannot be read never lets other prices stand in for it: the carrier it was
// for is unavailable, with a reason naming the file, in the rate list, in `carriers list` and in the log.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../src-main/logger.ts';
import { DEFAULT_RESOURCES_DIR } from '../../src-main/station.ts';
import { runCli } from '../helpers/cli.ts';
import { attributes, document, post } from '../helpers/shipments.ts';
import { startTestStation, tempDir, type TestStation } from '../helpers/station.ts';

const stations: TestStation[] = [];
afterEach(async () => {
  for (const station of stations.splice(0)) await station.close();
});

/** A station whose data folder holds the given card files; its log lines are kept. */
async function stationWithCards(files: Record<string, string>) {
  const dataDir = join(tempDir(), 'data');
  mkdirSync(join(dataDir, 'carriers'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dataDir, 'carriers', name), text);
  const lines: string[] = [];
  const keep = (message: string) => void lines.push(message);
  const logger: Logger = { info: keep, warn: keep, error: keep };
  const t = await startTestStation({ dataDir, schedulerIntervalMs: 0, logger });
  stations.push(t);
  return { t, token: await t.token(), lines, dataDir };
}

const bundledDhl = () => JSON.parse(readFileSync(join(DEFAULT_RESOURCES_DIR, 'carriers', 'dhl.json'), 'utf8'));

describe('an override card that cannot be read', () => {
  it('makes its carrier unavailable with the reason, instead of pricing with the bundled card', async () => {
    const negotiated = JSON.stringify({ ...bundledDhl(), carrierName: 'DHL Express (our contract)' });
    const { t, token, lines, dataDir } = await stationWithCards({ 'dhl.json': negotiated.slice(0, negotiated.length / 2) });
    const file = join(dataDir, 'carriers', 'dhl.json');

    const rate = await post(t, token, '/v3/shipments/rate', document(attributes()));
    expect(rate.status).toBe(202);
    expect(rate.json.data.map((quote: { attributes: { carrierCode: string } }) => quote.attributes.carrierCode)).not.toContain(
      'DHL_EXPRESS',
    );
    const unavailable = rate.json.meta.unavailable.filter((entry: { id: string }) => entry.id.startsWith('t2-DHL_EXPRESS-'));
    expect(unavailable.map((entry: { id: string }) => entry.id).sort()).toEqual(['t2-DHL_EXPRESS-ECO', 't2-DHL_EXPRESS-EXP']);
    expect(unavailable[0].reason).toMatch(
      new RegExp(
        `^The rate card ${file} cannot be read \\(not valid JSON .*\\): DHL Express is unavailable until it is fixed or removed\\.$`,
      ),
    );
    expect(unavailable[0]).toMatchObject({
      code: 'carrier.cardUnreadable',
      carrierName: 'DHL Express',
      file,
      problem: expect.stringMatching(/^not valid JSON /),
    });

    const create = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes(), { service: 'express', carrierChoice: 'DHL', scheduledProcessing: false }),
    );
    expect(create.status).toBe(400);
    expect(create.json.errors[0].detail).toContain(`The rate card ${file} cannot be read`);
    // The refusal's reasons carry the same code and figures, for a desk to word them.
    expect(create.json.errors[0]).toMatchObject({
      code: 'shipment.noService',
      meta: { reasons: [{ code: 'carrier.cardUnreadable', carrierName: 'DHL Express', file, reason: unavailable[0].reason }] },
    });
    // Other carriers still ship.
    expect(
      (
        await post(
          t,
          token,
          '/v3/shipments',
          document(attributes(), { service: 'express', carrierChoice: 'UPS', scheduledProcessing: false }),
        )
      ).status,
    ).toBe(201);

    expect(lines.some((line) => line.includes(`The rate card ${file} cannot be read`))).toBe(true);
    // The admin command opens the station's own store: its SQLite file, or the PostgreSQL database it runs on.
    const store = t.databaseUrl ? ['--database', t.databaseUrl] : [];
    const listed = await runCli(['carriers', 'list', '--data', dataDir, ...store, '--json']);
    expect(JSON.parse(listed.stdout).unavailable).toEqual([{ carrierChoice: 'DHL', file, reason: unavailable[0].reason }]);
    expect((await runCli(['carriers', 'list', '--data', dataDir, ...store])).stdout).toContain(
      `unavailable: DHL: The rate card ${file} cannot be read`,
    );

    // Fixed, the card prices again: with its own, negotiated name.
    writeFileSync(file, negotiated);
    t.station.carriers.refresh();
    const fixed = await post(t, token, '/v3/shipments/rate', document(attributes()));
    expect(
      fixed.json.data.find((quote: { attributes: { carrierCode: string } }) => quote.attributes.carrierCode === 'DHL_EXPRESS').attributes
        .carrierName,
    ).toBe('DHL Express (our contract)');
  });

  it('that is valid JSON but not a valid card stops the carrier it names', async () => {
    const { t, token } = await stationWithCards({ 'our-ups.json': JSON.stringify({ choiceCode: 'UPS', zones: 'all of them' }) });
    const rate = await post(t, token, '/v3/shipments/rate', document(attributes()));
    expect(rate.json.data.map((quote: { attributes: { carrierCode: string } }) => quote.attributes.carrierCode)).not.toContain('UPS');
    expect(
      rate.json.meta.unavailable.some((entry: { reason: string }) =>
        /our-ups\.json cannot be read .*: UPS is unavailable/.test(entry.reason),
      ),
    ).toBe(true);
  });

  it('that does not say which carrier it is for stops every carrier, rather than guess', async () => {
    const { t, token, dataDir } = await stationWithCards({ 'negotiated-2027.json': '\u0000\u0001 not a card' });
    const rate = await post(t, token, '/v3/shipments/rate', document(attributes()));
    expect(rate.json.data).toEqual([]);
    expect(rate.json.meta.unavailable[0].reason).toContain(`${join(dataDir, 'carriers', 'negotiated-2027.json')} cannot be read`);
    expect(rate.json.meta.unavailable[0]).toMatchObject({
      code: 'carrier.cardUnreadable',
      carrierName: null,
      file: join(dataDir, 'carriers', 'negotiated-2027.json'),
    });
    const create = await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false }));
    expect(create.status).toBe(400);
    expect(create.json.errors[0].code).toBe('shipment.noService');
    rmSync(join(dataDir, 'carriers', 'negotiated-2027.json'));
    t.station.carriers.refresh();
    expect((await post(t, token, '/v3/shipments/rate', document(attributes()))).json.data.length).toBeGreaterThan(0);
  });
});
