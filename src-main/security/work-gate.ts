// Bounded concurrency for CPU-heavy work on Node's thread pool (scrypt): at most `concurrent` at once, at most
// `queued` waiting; past that the caller is told at once (GateFullError), so a burst never fills the pool that
// file reads and token checks share, and never piles up in memory.
export class GateFullError extends Error {
  constructor() {
    super('the work gate is full');
    this.name = 'GateFullError';
  }
}

export interface WorkGate {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createWorkGate(concurrent: number, queued: number): WorkGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };
  return {
    async run(work) {
      if (running >= concurrent) {
        if (waiting.length >= queued) throw new GateFullError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
