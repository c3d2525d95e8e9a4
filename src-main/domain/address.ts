// An address-book entry: an address a client has shipped from, to or collected at.
import type { SavedAddressAttributes } from '../../src-shared/shipment.ts';

export interface SavedAddress extends SavedAddressAttributes {
  id: string;
}
