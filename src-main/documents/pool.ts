// The document workers: a small pool of worker threads that render PDFs, so the API's thread never does.
// Two lanes: a request waiting at the desk goes before the scheduler's batch. A worker that dies mid-job is
// replaced and the job tried once more on the new one; a job that kills two workers fails with the reason.
// The request lane is bounded: past it, callers are told the station is busy rather than queued without end.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { DocumentAnswer, DocumentJob } from './jobs.ts';
import type { RenderOptions, ShipmentDocumentInput } from './shipment-pdf.ts';

export type Lane = 'request' | 'batch';

export interface DocumentPoolOptions {
  fontsDir: string;
  /** Worker threads; by default one per core but one, left to the API. */
  size?: number;
  /** Jobs that may wait in the request lane before `render` refuses with PoolBusyError. */
  maxQueued?: number;
  /** A job running longer is taken to have hung: its worker is replaced, as for a crash. */
  jobTimeoutMs?: number;
  /** The worker's module; tests pass their own to make workers crash. */
  workerUrl?: URL;
}

export interface DocumentPoolStats {
  workers: number;
  busy: number;
  queued: number;
  replaced: number;
}

export interface DocumentPool {
  readonly size: number;
  /** One shipment's PDF; or, given many, their labels on sheets of `options.layout` (bulk print). */
  render(input: ShipmentDocumentInput | readonly ShipmentDocumentInput[], options?: RenderOptions, lane?: Lane): Promise<Uint8Array>;
  stats(): DocumentPoolStats;
  close(): Promise<void>;
}

/** The request lane is full: the caller should answer 503 with Retry-After. */
export class PoolBusyError extends Error {}

/** The job killed two workers, or the renderer refused it: not worth trying again. */
export class RenderFailedError extends Error {}

/**
 * A render failure as the refusal of a request waiting for it: the request lane full (document.renderBusy, 503 with
 * Retry-After), or a shipment the renderer fails on (document.renderFailed, a 500 that reveals nothing: the caller
 * logs the reason). Undefined for any other error.
 */
export function renderRefusal(error: unknown): StationError | undefined {
  if (error instanceof PoolBusyError) return new StationError('document.renderBusy', error.message);
  if (error instanceof RenderFailedError) return new StationError('document.renderFailed', ERROR_TEXT.internal);
  return undefined;
}

interface PendingJob {
  job: DocumentJob;
  lane: Lane;
  attempts: number;
  resolve(pdf: Uint8Array): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  running?: PendingJob;
  timer?: NodeJS.Timeout;
  /** Why the pool itself stopped this worker (a hung job, closing), if it did. */
  stopReason?: string;
}

export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

function defaultWorkerUrl(): URL {
  // From source the worker is worker.ts beside this module; bundled (the desktop app), it is its own entry.
  return import.meta.url.endsWith('.ts') ? new URL('./worker.ts', import.meta.url) : new URL('./documents-worker.js', import.meta.url);
}

export function createDocumentPool(options: DocumentPoolOptions): DocumentPool {
  const size = Math.max(1, options.size ?? defaultPoolSize());
  // About a quarter of a second of ordinary labels per worker: a burst waits briefly, a flood hears 503 at once.
  const maxQueued = options.maxQueued ?? size * 128;
  const jobTimeoutMs = options.jobTimeoutMs ?? 30_000;
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  const queues: Record<Lane, PendingJob[]> = { request: [], batch: [] };
  const slots: Slot[] = [];
  let nextId = 1;
  let replaced = 0;
  let closed = false;

  const settle = (slot: Slot) => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    const pending = slot.running;
    slot.running = undefined;
    slot.worker.unref();
    return pending;
  };

  const start = (): Slot => {
    // A label's garbage is a few hundred kilobytes: a small young generation keeps each worker's memory small.
    const slot: Slot = {
      worker: new Worker(workerUrl, { workerData: { fontsDir: options.fontsDir }, resourceLimits: { maxYoungGenerationSizeMb: 4 } }),
    };
    slot.worker.unref();
    slot.worker.on('message', (answer: DocumentAnswer) => {
      const pending = settle(slot);
      if (pending && pending.job.id === answer.id) {
        if (answer.ok) pending.resolve(answer.pdf);
        else pending.reject(new RenderFailedError(answer.message));
      }
      dispatch();
    });
    // A worker that throws outside a job, exits, or is terminated for hanging: replace it, retry its job once.
    let gone = false;
    const onGone = (reason: string) => {
      if (gone) return;
      gone = true;
      const pending = settle(slot);
      const index = slots.indexOf(slot);
      if (closed) {
        pending?.reject(new Error(ERROR_TEXT.documentsStopping));
        return;
      }
      if (index >= 0) {
        slots[index] = start();
        replaced++;
      }
      if (pending) {
        pending.attempts++;
        if (pending.attempts >= 2) pending.reject(new RenderFailedError(ERROR_TEXT.rendererFailedTwice(reason)));
        else queues[pending.lane].unshift(pending);
      }
      dispatch();
    };
    slot.worker.on('error', (error) => onGone(error.message));
    slot.worker.on('exit', (code) => onGone(slot.stopReason ?? `the worker exited with code ${code}`));
    return slot;
  };

  const dispatch = () => {
    for (const slot of slots) {
      if (slot.running) continue;
      const pending = queues.request.shift() ?? queues.batch.shift();
      if (!pending) return;
      slot.running = pending;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        slot.stopReason = ERROR_TEXT.rendererHung(Math.round(jobTimeoutMs / 1000));
        void slot.worker.terminate();
      }, jobTimeoutMs);
      slot.worker.postMessage(pending.job);
    }
  };

  for (let i = 0; i < size; i++) slots.push(start());

  return {
    size,
    render(input, renderOptions = {}, lane = 'request') {
      if (closed) return Promise.reject(new Error(ERROR_TEXT.documentsStopping));
      if (lane === 'request' && queues.request.length >= maxQueued) return Promise.reject(new PoolBusyError(ERROR_TEXT.documentsBusy));
      return new Promise<Uint8Array>((resolve, reject) => {
        queues[lane].push({ job: { id: nextId++, input, options: renderOptions }, lane, attempts: 0, resolve, reject });
        dispatch();
      });
    },
    stats: () => ({
      workers: slots.length,
      busy: slots.filter((slot) => slot.running).length,
      queued: queues.request.length + queues.batch.length,
      replaced,
    }),
    async close() {
      closed = true;
      for (const pending of [...queues.request.splice(0), ...queues.batch.splice(0)])
        pending.reject(new Error(ERROR_TEXT.documentsStopping));
      await Promise.all(
        slots.map((slot) => {
          slot.stopReason = ERROR_TEXT.documentsStopping;
          return slot.worker.terminate();
        }),
      );
    },
  };
}
