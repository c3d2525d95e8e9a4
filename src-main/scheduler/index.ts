// A timer for scheduled work. Runs never overlap: a tick that finds the previous run still going skips.
// runOnce() lets tests and shutdown drive it directly.
import type { Logger } from '../logger.ts';

export interface Scheduler {
  start(): void;
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
  /** Runs the task now, or waits for the run in progress; resolves when that run is over. */
  runOnce(): Promise<void>;
}

export interface SchedulerOptions {
  intervalMs: number;
  task: () => Promise<unknown>;
  logger: Logger;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runOnce = (): Promise<void> => {
    if (running) return running;
    running = options
      .task()
      .then(
        () => undefined,
        (error: unknown) => options.logger.error('Scheduled run failed', error),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (!running) void runOnce();
      }, options.intervalMs);
      // The timer alone must not keep a process alive that has nothing else to do.
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    runOnce,
  };
}
