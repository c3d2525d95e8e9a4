// Starting the next parcel: the label shown is put away, the rates, the receiver search and the scanned order are
// cleared, and the form starts again with the account's own address as the sender. New shipment (in the navigation,
// on Today, and after a label) always opens a new form, never the last label nor a form left behind.
import type { Client } from '../api/types.ts';
import { useLabel } from './label.ts';
import { useNavigation } from './navigation.ts';
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

/**
 * From the navigation or Today: New shipment starts a new one. A form left for another screen is not brought back
 * (Back returns to it); only the link of the screen the packer is on keeps the form being filled in.
 */
export function openNewShipment(client: Client | null): void {
  if (useLabel.getState().shipment || useNavigation.getState().screen !== 'new') startNewShipment(client);
}
