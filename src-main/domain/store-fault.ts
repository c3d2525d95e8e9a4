// A fault of the storage under the store, not of the request: the disk is full, the folder read-only, the disk
// failing, or another program holds the database. Nothing was changed; the same call can succeed later. The
// store reports these so, the API answers them with 503 and Retry-After, and scheduled processing retries.
export type StoreFaultKind = 'disk-full' | 'read-only' | 'io' | 'busy';

export class StoreFaultError extends Error {
  readonly kind: StoreFaultKind;
  /** SQLite's own code, e.g. SQLITE_FULL, for the log. */
  readonly code: string;

  constructor(kind: StoreFaultKind, code: string, message: string) {
    super(`${code}: ${message}`);
    this.name = 'StoreFaultError';
    this.kind = kind;
    this.code = code;
  }
}
