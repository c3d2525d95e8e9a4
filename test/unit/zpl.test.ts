import { describe, expect, it } from 'vitest';
import { renderZplLabels } from '../../src-main/documents/zpl-label.ts';
import type { ShipmentDocumentInput } from '../../src-main/documents/shipment-pdf.ts';
import { setClock } from '../helpers/clock.ts';
import { SENDER, documentInput, parcel } from '../helpers/document-input.ts';

/** When the labels were made: rendering takes the day it is given. */
const LABELLED = setClock('2026-11-23 10:00', 'Europe/Rome', { running: false });

const input = (overrides: Partial<ShipmentDocumentInput['attributes']> = {}, sandbox = false): ShipmentDocumentInput =>
  documentInput(LABELLED, { sandbox, attributes: { shipFrom: SENDER, packages: [parcel('1'), parcel('2')], ...overrides } });

describe('ZPL labels are native ZPL, one per package', () => {
  it('sizes the label to 4×6 in at 203 and 300 dpi', () => {
    expect(renderZplLabels(input(), 203)).toContain('^PW812\n^LL1218');
    expect(renderZplLabels(input(), 300)).toContain('^PW1200\n^LL1800');
  });

  it('has one ^XA…^XZ block per package, with Code 128 and QR of the tracking number and UTF-8 text', () => {
    const zpl = renderZplLabels(input(), 203);
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.endsWith('^XZ')).toBe(true);
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl.match(/\^BCN,/g)).toHaveLength(2);
    expect(zpl).toContain('^BY3,3,');
    expect(zpl).toMatch(/\^BCN,\d+,N,N,N\^FH\\\^FD1ZA0B1C26512345678\^FS/);
    expect(zpl).toMatch(/\^BQN,2,3\^FH\\\^FDQA,1ZA0B1C26512345678\|100200000017\|80331\|DE\|1\/2\^FS/);
    expect(zpl).toContain('^CI28');
    expect(zpl).toContain('München');
    expect(zpl).toContain('Package 2 of 2');
    expect(zpl).not.toMatch(/\^GF/); // no bitmap graphics
  });

  it('escapes the characters ZPL would read as commands', () => {
    const zpl = renderZplLabels(
      input({ shipTo: { name: 'A^B~C\\D', address1: 'x', city: 'y', postalCode: '1', country: 'DE', contact: 'z' } }),
      203,
    );
    expect(zpl).toContain('^FDA\\5EB\\7EC\\5CD^FS');
  });

  it('marks sandbox labels', () => {
    expect(renderZplLabels(input({}, true), 203)).toContain('TEST LABEL');
    expect(renderZplLabels(input(), 203)).not.toContain('TEST LABEL');
  });
});
