// The station's side of the store's writer thread: a write becomes a message, its answer a settled promise.
// Writes run in the order they are sent. A writer that dies fails the writes it held and is started again.
import type { AuditedChanges } from '../domain/audit.ts';
import { Worker } from 'node:worker_threads';

export interface WriteCall {
  id: number;
  table: string;
  method: string;
  args: unknown[];
  /** The station's clock reading, for the records the write stamps. */
  now: string;
  /** When the write was sent (Date.now()): it waits for another program's lock until WRITE_WAIT_MS after this. */
  sentAt: number;
  /** The audit entry of the change, written in the same savepoint. */
  audit?: AuditedChanges;
}

/** How long a write may wait, queue and lock together, before it answers busy: a request never hangs on a lock. */
export const WRITE_WAIT_MS = 3_000;

export type WriteAnswer =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { name: string; message: string; code?: string } };

export interface Writer {
  call(table: string, method: string, args: unknown[], now: string, audit?: AuditedChanges): Promise<unknown>;
  stop(): Promise<void>;
}

/** An error thrown by the writer thread, with SQLite's code (e.g. SQLITE_CONSTRAINT_UNIQUE) when it has one. */
export class StoreWriteError extends Error {
  readonly code: string | undefined;
  constructor(error: { name: string; message: string; code?: string }) {
    super(error.message);
    this.name = error.name;
    this.code = error.code;
  }
}

function workerUrl(): URL {
  // From source the worker is beside this module; bundled (the desktop app), it is its own entry.
  return import.meta.url.endsWith('.ts') ? new URL('./writer-worker.ts', import.meta.url) : new URL('./store-writer.js', import.meta.url);
}

export function startWriter(file: string, onProblem: (message: string) => void): Writer {
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let stopping = false;
  let worker: Worker;

  const start = () => {
    // Writes make little garbage: a small young generation keeps the writer's memory small.
    worker = new Worker(workerUrl(), { workerData: { file }, resourceLimits: { maxYoungGenerationSizeMb: 2 } });
    worker.unref();
    worker.on('message', (answer: WriteAnswer | 'stopped') => {
      if (answer === 'stopped') return;
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      // Idle, it lets the process end; stopping, it must not, or the stop would never be seen through.
      if (pending.size === 0 && !stopping) worker.unref();
      if (!waiting) return;
      if (answer.ok) waiting.resolve(answer.value);
      else waiting.reject(new StoreWriteError(answer.error));
    });
    worker.on('error', (error) => onProblem(`The store's writer failed: ${error.message}`));
    worker.on('exit', (code) => {
      for (const waiting of pending.values()) waiting.reject(new Error(`The store's writer stopped (exit code ${code}) before answering.`));
      pending.clear();
      if (!stopping) {
        onProblem(`The store's writer stopped with exit code ${code}; starting it again.`);
        start();
      }
    });
  };
  start();

  return {
    call(table, method, args, now, audit) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        // A write in flight keeps the process alive; an idle writer does not.
        worker.ref();
        worker.postMessage({ id, table, method, args, now, sentAt: Date.now(), ...(audit ? { audit } : {}) } satisfies WriteCall);
      });
    },
    stop() {
      stopping = true;
      return new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        // Answers to writes sent before the stop come first: the thread ends at its 'stopped'.
        const onStopped = (message: unknown) => {
          if (message !== 'stopped') return;
          worker.off('message', onStopped);
          void worker.terminate();
        };
        worker.on('message', onStopped);
        worker.ref();
        worker.postMessage('stop');
      });
    },
  };
}
