// The address form's order (src-renderer/screens/new-shipment/address-order.ts): the country first, then the
// fields as the country writes an address. The e2e test address-entry.e2e.ts walks the same order with Tab.
import { describe, expect, it } from 'vitest';
import { addressFieldOrder } from '../../src-renderer/screens/new-shipment/address-order.ts';

describe('addressFieldOrder', () => {
  it('puts the country first and the postal code before the city where the country writes it so', () => {
    for (const country of ['DE', 'it', ' FR ', 'PL', 'ES', 'CH', '']) {
      expect(addressFieldOrder(country)).toEqual([
        'country',
        'name',
        'contact',
        'address1',
        'address2',
        'postalCode',
        'city',
        'state',
        'phone',
        'email',
      ]);
    }
  });

  it('puts the city and state before the postal code in the US, the UK and the others that write it so', () => {
    for (const country of ['US', 'gb', 'CA', 'AU']) {
      expect(addressFieldOrder(country).slice(4, 8)).toEqual(['address2', 'city', 'state', 'postalCode']);
    }
  });
});
