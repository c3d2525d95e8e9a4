// The desk's side of reading an order file: the chosen File's bytes, read by the same code as the station's
// (src-shared/order-file.ts), so a file reads the same in the browser, over the API and from the watched folder.
import { readOrderTable, type OrderTable } from '../../src-shared/order-file.ts';

export async function readOrderFile(file: File): Promise<OrderTable> {
  return readOrderTable(new Uint8Array(await file.arrayBuffer()));
}
