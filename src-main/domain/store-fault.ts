// A fault of the storage under the store, not of the request: the disk is full, the folder read-only, the disk
// failing, another program holds the database, or the shared database server cannot be reached. Nothing was
// changed (or, for a connection lost mid-commit, the caller cannot know; a retry is answered by what is stored). The
// store reports these so, the API answers them with 503 and Retry-After, and scheduled processing retries.
/** `corrupt`: the database file is damaged (SQLITE_CORRUPT, SQLITE_NOTADB; PostgreSQL's XX001, XX002). */
export type StoreFaultKind = 'disk-full' | 'read-only' | 'io' | 'busy' | 'unreachable' | 'corrupt';

export class StoreFaultError extends Error {
  readonly kind: StoreFaultKind;
  /** The back end's own code, e.g. SQLITE_FULL, PostgreSQL's 53100 or ECONNREFUSED, for the log. */
  readonly code: string;

  constructor(kind: StoreFaultKind, code: string, message: string) {
    super(`${code}: ${message}`);
    this.name = 'StoreFaultError';
    this.kind = kind;
    this.code = code;
  }
}

/**
 * The tracking number drawn for a shipment was recorded by another station in the moment between the check and
 * the commit (numbers are unique by constraint): nothing was recorded, and the shipment is processed again with a
 * new number.
 */
export class TrackingNumberTakenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrackingNumberTakenError';
  }
}
