// The catalogue of error codes: well-formed codes, each of a kind with a status; its page (docs/error-codes.md)
// equal to the one generated; the description holding every code of a status and every text of spec section 7.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodesPage } from '../../src-main/api/openapi/error-codes-page.ts';
import { ERROR_CODE_LIST, ERROR_CODES, KIND_STATUS, codeOfRefusal, isErrorCode, statusOfCode } from '../../src-shared/error-codes.ts';
import { ERROR_TEXT, StationError, errorObject } from '../../src-shared/errors.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const description = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');

describe('the catalogue of error codes', () => {
  it('names each code as area.what, of a kind with a status, with words', () => {
    expect(ERROR_CODE_LIST.length).toBeGreaterThan(80);
    for (const code of ERROR_CODE_LIST) {
      expect(code).toMatch(/^[a-z]+\.[a-z][A-Za-z0-9]*$/);
      expect(KIND_STATUS[ERROR_CODES[code].kind]).toBeGreaterThanOrEqual(400);
      expect(ERROR_CODES[code].words).toMatch(/^[A-Z`a-z].*\.$/);
    }
  });

  it('gives a refusal the status of its code', () => {
    const notYet = new StationError('shipment.notProcessedYet', ERROR_TEXT.shipmentNotYetProcessed);
    expect(notYet.status).toBe(404);
    expect(notYet.errors[0]).toMatchObject({
      status: 404,
      code: 'shipment.notProcessedYet',
      title: 'Not Found',
      detail: 'Shipment not yet processed',
    });
    expect(errorObject('field.missing', ERROR_TEXT.missingRequiredData('data.meta.service'), '/data/meta/service')).toMatchObject({
      status: 400,
      source: { pointer: '/data/meta/service' },
    });
    expect(codeOfRefusal(400, ERROR_TEXT.invalidOrEmptyParameter('searchString'), { parameter: 'searchString' })).toBe('parameter.invalid');
    expect(statusOfCode('rate.priceChanged')).toBe(503);
    expect(isErrorCode('shipment.nope')).toBe(false);
  });

  it('is named by every refusal the station raises: no source file refuses with a bare status', () => {
    const files = execFileSync('git', ['ls-files', 'src-main', 'src-shared'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file.endsWith('.ts'));
    const bare = files.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /new StationError\(\s*\d|errorObject\(\s*\d|StationError\.many\(\s*\d/.test(line) ? [`${file}:${index + 1}`] : [],
        ),
    );
    expect(bare).toEqual([]);
  });

  it('is listed, code by code, on docs/error-codes.md, as npm run openapi writes it', () => {
    const committed = readFileSync(new URL('../../docs/error-codes.md', import.meta.url), 'utf8');
    expect(committed, 'docs/error-codes.md differs from the catalogue: run npm run openapi').toBe(errorCodesPage());
  });

  it('is in the API description: every code, and every text of spec section 7 as an example', () => {
    for (const code of ERROR_CODE_LIST) expect(description, code).toContain(`"${code}"`);
    const section7 = [
      ERROR_TEXT.missingOrInvalidAuthorization,
      ERROR_TEXT.authorizationFailed,
      ERROR_TEXT.shipmentRetrieval,
      ERROR_TEXT.shipmentError,
      ERROR_TEXT.shipmentNotYetProcessed,
      ERROR_TEXT.shipmentNotFound,
      ERROR_TEXT.invalidDateFilter('dateFrom', '2026-13-01'),
      ERROR_TEXT.invalidOrEmptyParameter('searchString'),
      ERROR_TEXT.missingRequiredData('data.meta.service'),
      ERROR_TEXT.invalidData('data.meta.carrierChoice'),
      ERROR_TEXT.deleteNotAvailable,
      ERROR_TEXT.priceIsDifferent('12.40', '13.10'),
    ];
    for (const text of section7) expect(description, text).toContain(JSON.stringify(text));
  });
});
