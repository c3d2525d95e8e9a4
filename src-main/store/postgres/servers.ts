// libpq's multi-host connection strings for the shared database, which `pg` does not read itself:
// postgres://user@primary:5432,standby:5432/warehouse?target_session_attrs=read-write names a primary and its
// standbys, and every new connection goes to the first server that accepts writes. So a desk follows a standby
// that the operator promoted, without a restart or a changed setting.
import pg from 'pg';

export interface DatabaseServer {
  host: string;
  port: number;
}

export interface DatabaseServers {
  /** The URL as `pg` reads it: the first server only, and without target_session_attrs. */
  url: string;
  servers: DatabaseServer[];
  /** Whether a connection must find a server that accepts writes (always so with more than one server). */
  readWrite: boolean;
}

/** What libpq accepts for target_session_attrs that a station, which writes, can work with. */
const WRITABLE_ATTRS = new Set(['any', 'read-write', 'primary']);
const DEFAULT_PORT = 5432;

/** The hosts and ports of a postgres:// URL, with one host or several (`h1:5432,h2:5433`, `[::1]:5432`). */
export function parseDatabaseUrl(url: string): DatabaseServers {
  const parts = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/.exec(url);
  if (!parts) return { url, servers: [], readWrite: false };
  const [, scheme, credentials = '', hostList, rest] = parts as unknown as [string, string, string | undefined, string, string];
  const query = rest.indexOf('?');
  const params = new URLSearchParams(query >= 0 ? rest.slice(query + 1) : '');
  const attrs = params.get('target_session_attrs');
  if (attrs !== null && !WRITABLE_ATTRS.has(attrs)) {
    throw new Error(`target_session_attrs=${attrs} in --database cannot work: the station writes, so use read-write (or primary, or any).`);
  }
  params.delete('target_session_attrs');
  const servers = hostList === '' ? [] : hostList.split(',').map(parseServer);
  const path = query >= 0 ? rest.slice(0, query) : rest;
  const search = params.toString();
  const first = servers[0];
  const firstHost = first ? `${first.host.includes(':') ? `[${first.host}]` : first.host}:${first.port}` : '';
  return {
    url: `${scheme}${credentials}${firstHost}${path}${search ? `?${search}` : ''}`,
    servers,
    readWrite: servers.length > 1 || attrs === 'read-write' || attrs === 'primary',
  };
}

function parseServer(text: string): DatabaseServer {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, port: Number(bracketed[2] ?? DEFAULT_PORT) };
  const [host, port] = text.split(':');
  return { host: decodeURIComponent(host!), port: Number(port || DEFAULT_PORT) };
}

/**
 * A `pg` Client class for the pool that connects to the first of `servers` that accepts writes, trying the one that
 * did last time first. Each new connection asks (`SHOW transaction_read_only`, on a short connection of its own),
 * as libpq does for target_session_attrs=read-write: a few milliseconds, and pooled connections live long.
 */
export function writableServerClient(choice: DatabaseServers, config: pg.ClientConfig): typeof pg.Client {
  let lastWritable = 0;
  const findWritable = async (): Promise<DatabaseServer> => {
    const order = choice.servers.map((_, index) => (lastWritable + index) % choice.servers.length);
    const refused: string[] = [];
    for (const index of order) {
      const server = choice.servers[index]!;
      const probe = new pg.Client(config);
      probe.host = server.host;
      probe.port = server.port;
      // A server that goes away mid-question must not take the station with it.
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        const readOnly = (await probe.query<{ transaction_read_only: string }>('SHOW transaction_read_only')).rows[0]!
          .transaction_read_only;
        if (readOnly === 'off') {
          lastWritable = index;
          return server;
        }
        refused.push(`${server.host}:${server.port} accepts no writes (a standby)`);
      } catch (error) {
        refused.push(`${server.host}:${server.port}: ${(error as Error).message}`);
      } finally {
        await probe.end().catch(() => undefined);
      }
    }
    // SQLSTATE 08001 (the client could not establish a connection): a fault of the database, answered with 503.
    throw Object.assign(new Error(`No database server accepts writes now: ${refused.join('; ')}`), { code: '08001' });
  };

  class WritableServerClient extends pg.Client {
    connectToWritable(callback?: (error: Error | null) => void): Promise<unknown> | undefined {
      const connecting = findWritable().then((server) => {
        this.host = server.host;
        this.port = server.port;
        return super.connect();
      });
      if (!callback) return connecting;
      connecting.then(() => callback(null), callback);
      return undefined;
    }
  }
  // The pool calls connect(callback); `pg`'s overloads of connect cannot be restated in a subclass, so it is set here.
  Object.defineProperty(WritableServerClient.prototype, 'connect', { value: WritableServerClient.prototype.connectToWritable });
  return WritableServerClient;
}

/**
 * Whether any server of a postgres:// URL takes a connection now: a desk that starts before its database asks this
 * before it loads the station's modules (a second or more on a slow PC), so it says it waits within a moment of its
 * start. Resolves once one server accepts; rejects with the last server's error (ECONNREFUSED, a server starting up).
 * A server that answers with any other refusal (a wrong password) counts as reachable: the real start says why.
 */
export async function reachPostgres(url: string, timeoutMs = 2_000): Promise<void> {
  const choice = parseDatabaseUrl(url);
  let lastError: unknown;
  for (const server of choice.servers.length > 0 ? choice.servers : [undefined]) {
    const probe = new pg.Client({ connectionString: choice.url, connectionTimeoutMillis: timeoutMs, application_name: 'shipping-station' });
    if (server) {
      probe.host = server.host;
      probe.port = server.port;
    }
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return;
    } catch (error) {
      lastError = error;
    } finally {
      await probe.end().catch(() => undefined);
    }
  }
  throw lastError;
}
