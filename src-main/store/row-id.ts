// Ids as the API carries them (decimal strings) turned into the tables' integer keys, alike on both back ends;
// text that is no such id names no row.

/** Client ids are decimal strings; anything else names no client. */
export function rowId(id: string): number | undefined {
  return /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : undefined;
}

/**
 * An id of a row as a number for a statement's value, 0 (which names no row) when it is none. Digits with leading
 * zeros name the row their number does, as they always have for webhooks, manifests and deliveries.
 */
export const numericId = (id: string) => (/^[0-9]{1,15}$/.test(id) ? Number(id) : 0);
