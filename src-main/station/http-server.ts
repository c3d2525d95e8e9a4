// The station's HTTP(S) server: a Koa app on a host and port, with deliberate timeouts and a cap on connections,
// and a stop that lets requests in flight finish before it cuts what still hangs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type Koa from 'koa';

/** How long a stop lets requests in flight finish before it cuts their connections. */
const STOP_GRACE_MS = 10_000;

/** Where a station listens unless told: loopback only, on its own port. */
export const DEFAULT_PORT = 8411;
export const DEFAULT_HOST = '127.0.0.1';

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

/** How long a client may take to send its headers, its whole request, and how long an idle connection stays. */
export const DEFAULT_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/** Connections the station holds at once; more are closed as they arrive. A desk and its integrations use a few dozen. */
export const MAX_CONNECTIONS = 1_000;

export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(
      `Port ${port} on ${host} is already in use: another station or program is listening there. Stop it, or choose another port with --port.`,
    );
    this.name = 'PortInUseError';
  }
}

export function isLoopbackAddress(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export interface Listening {
  server: Server;
  /** The base URL it answers at, e.g. http://127.0.0.1:8411 (the port the system chose when 0 was asked). */
  url: string;
}

/** Serves the app on the host and port: its base URL once it listens, or PortInUseError. */
export function listen<State>(
  app: Koa<State>,
  where: { host: string; port: number; tls?: { cert: Buffer | string; key: Buffer | string }; timeouts: HttpTimeouts },
): Promise<Listening> {
  const { host, port, tls, timeouts } = where;
  return new Promise<Listening>((resolve, reject) => {
    const handle = app.callback();
    // Koa answers every failure itself (errorHandler), so the handler's promise never rejects.
    // Deliberate timeouts, checked every second (Node's default looks every 30 s): a client that trickles its
    // headers or body, or holds an idle connection, is cut off instead of holding a socket for minutes.
    const serverOptions = { connectionsCheckingInterval: 1_000, ...tls };
    const listener = (request: IncomingMessage, response: ServerResponse) => void handle(request, response);
    const server: Server = tls ? createTlsServer(serverOptions, listener) : createServer(serverOptions, listener);
    server.headersTimeout = timeouts.headersMs;
    server.requestTimeout = timeouts.requestMs;
    server.keepAliveTimeout = timeouts.keepAliveMs;
    server.maxConnections = MAX_CONNECTIONS;
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError(host, port) : error));
    server.listen(port, host, () => {
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({ server, url: `${tls ? 'https' : 'http'}://${shownHost}:${actualPort}` });
    });
  });
}

/**
 * Serves the app on a server that listens already, from its next request on: requests in flight finish where they
 * started. The station takes over the server that answered while it waited for its database, so the port never closes.
 */
export function takeOver<State>(listening: Listening, app: Koa<State>): Listening {
  const handle = app.callback();
  listening.server.removeAllListeners('request');
  listening.server.on('request', (request: IncomingMessage, response: ServerResponse) => void handle(request, response));
  return listening;
}

/** Stops accepting connections, lets requests in flight finish, and cuts what still hangs after the grace period. */
export function close(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    // Keep-alive sockets turn idle as their last request finishes: sweep them until the server is closed.
    const sweep = setInterval(() => server.closeIdleConnections(), 25);
    const deadline = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
