// Ids as the API carries them (decimal strings) turned into the tables' integer keys, alike on both back ends;
// text that is no such id names no row.

/** Client ids are decimal strings; anything else names no client. */
export function rowId(id: string): number | undefined {
  return /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : undefined;
}
