// A TCP relay between stations and a PostgreSQL server that the tests can break on purpose: cut every connection
// and refuse new ones for a while (a network blip), or cut one connection just after the server has answered a
// COMMIT and before the station reads the answer (a commit whose outcome the station cannot know). It reads the
// client's protocol messages only to spot that COMMIT; everything else passes through untouched.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface DatabaseProxy {
  /** postgres://postgres@127.0.0.1:PORT: the server's URL through the relay. */
  url: string;
  /** Cuts every open connection and refuses new ones for `ms`. */
  blip(ms: number): Promise<void>;
  /**
   * Arms a cut: the next COMMIT on a connection that inserted into `table` reaches the server, which commits it,
   * but its answer never reaches the station. Resolves once that happened.
   */
  cutAfterCommit(table: string): Promise<void>;
  close(): Promise<void>;
}

export async function startDatabaseProxy(target: { host: string; port: number }): Promise<DatabaseProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let refusing = false;
  let armed: { table: string; done: () => void } | undefined;

  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    // As `pg` does on its own socket: each small protocol message goes at once, not after Nagle's wait.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const cut = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', cut).on('close', cut);
    upstream.on('error', cut).on('close', cut);

    // Client messages: the startup message has no type byte; every later one is a type byte and a length.
    let pending = Buffer.alloc(0);
    let started = false;
    let inserted = false;
    let dropAnswers: (() => void) | undefined;
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const header = started ? 5 : 4;
        if (pending.length < header) break;
        const length = started ? pending.readUInt32BE(1) + 1 : pending.readUInt32BE(0);
        if (pending.length < length) break;
        const message = pending.subarray(0, length);
        pending = pending.subarray(length);
        if (!started) {
          // An SSLRequest (80877103) is followed by the real startup message.
          started = message.length !== 8 || message.readUInt32BE(4) !== 80877103;
        } else if (armed && message.includes(`INSERT INTO ${armed.table}`)) {
          inserted = true;
        } else if (armed && inserted && message[0] === 0x51 && /^COMMIT\b/i.test(message.subarray(5).toString('utf8'))) {
          const { done } = armed;
          armed = undefined;
          dropAnswers = () => {
            cut();
            done();
          };
        }
        upstream.write(message);
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      // After the armed COMMIT the server's answer (CommandComplete, ReadyForQuery) is the proof it committed.
      if (dropAnswers) return dropAnswers();
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    async blip(ms) {
      refusing = true;
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await new Promise((resolve) => setTimeout(resolve, ms));
      refusing = false;
    },
    cutAfterCommit: (table) => new Promise<void>((resolve) => (armed = { table, done: resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, upstream] of pairs) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
