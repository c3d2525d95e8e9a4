// Starting the next parcel: the label shown is put away, the rates, the receiver search and the scanned order are
// cleared, and the form starts again with the account's own address as the sender. New shipment (in the navigation,
// on Today, and after a label) always opens a form, never the last label.
import type { Client } from '../api/types.ts';
import { useLabel } from './label.ts';
import { draftFromClient, useNewShipment } from './new-shipment.ts';
import { usePacking } from './packing.ts';
import { useRates } from './rates.ts';
import { useReceiverSearch } from './receiver-search.ts';

export function startNewShipment(client: Client | null): void {
  useLabel.getState().clear();
  useRates.getState().reset();
  useReceiverSearch.getState().reset();
  usePacking.getState().clear();
  useNewShipment.getState().reset(draftFromClient(client));
}

/** From the navigation: a finished shipment's label gives way to a new form; a form being filled in is kept. */
export function openNewShipment(client: Client | null): void {
  if (useLabel.getState().shipment) startNewShipment(client);
}
