// The station's log: one line per event on stderr. It never receives secrets: callers log
// methods, paths and statuses, never headers, bodies or keys.
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export function consoleLogger(): Logger {
  const line = (level: string, message: string) => `${new Date().toISOString()} ${level} ${message}`;
  return {
    info: (message) => console.error(line('info', message)),
    warn: (message) => console.error(line('warn', message)),
    error: (message, error) =>
      console.error(line('error', message), error instanceof Error ? `\n${error.stack ?? error.message}` : ''),
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
