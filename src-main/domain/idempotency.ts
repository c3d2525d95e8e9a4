// Idempotency keys' records: a client's key, the fingerprint of the request it came with, what the request made
// (written in the same transaction as that), and the response once answered, replayed byte for byte to a repeat.

/** How long a key and its answer are kept: a repeat after this is a new request. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What a route hands a service so the store writes the key with the change. */
export interface IdempotencyTicket {
  clientId: string;
  key: string;
  fingerprint: string;
}

export interface NewIdempotencyKey extends IdempotencyTicket {
  /** What the first request made: a shipment or a print job. */
  subjectType: 'shipment' | 'printJob';
  subjectId: string;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The request's origin and API base (scheme, host, /v3 or none) its links were made with; absent in answers kept before. */
  base?: { origin: string; apiBase: string };
}

export interface IdempotencyKeyRecord extends NewIdempotencyKey {
  /** Absent when the station stopped between the commit and the answer: the answer is made again from the subject. */
  response: StoredResponse | null;
  createdAt: string;
}

/**
 * Another station committed a request with this key a moment ago (keys are unique by constraint): nothing of this
 * request was recorded, and it is answered from the other one.
 */
export class IdempotencyKeyTakenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdempotencyKeyTakenError';
  }
}
