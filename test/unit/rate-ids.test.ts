import { describe, expect, it } from 'vitest';
import { parseRateId, rateId } from '../../src-shared/rates.ts';

describe('rate ids are made and read in one place', () => {
  it('makes t2-<carrierCode>-<serviceCode>', () => {
    expect(rateId('DHL_WEB_SERVICES', 'ECO')).toBe('t2-DHL_WEB_SERVICES-ECO');
  });

  it('reads back carrier codes that contain dashes or underscores', () => {
    expect(parseRateId('t2-UPS_WEB_SERVICES-XSS')).toEqual({ carrierCode: 'UPS_WEB_SERVICES', serviceCode: 'XSS' });
    expect(parseRateId(rateId('POSTE-ITALIANE', 'PX'))).toEqual({ carrierCode: 'POSTE-ITALIANE', serviceCode: 'PX' });
  });

  it.each(['', 't2-', 't2-DHL', 't3-DHL-EXP', 'DHL-EXP', 't2-DHL-'])('refuses %j', (text) => {
    expect(parseRateId(text)).toBeUndefined();
  });
});
