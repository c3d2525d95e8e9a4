// A TCP relay between stations and a PostgreSQL server that the tests can break on purpose: cut every connection
// and refuse new ones for a while (a network blip), or cut one connection just after the server has answered a
// COMMIT and before the station reads the answer (a commit whose outcome the station cannot know). It reads the
// client's protocol messages only to spot that COMMIT, and, once one is armed, the server's to find its answer
// (the station pipelines: the answers to the statements sent with the COMMIT come first); everything else passes
// through untouched.
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
    /** Set once the armed COMMIT went out: the server's messages are read until its answer, which is dropped. */
    let awaitingCommit: (() => void) | undefined;
    let answers = Buffer.alloc(0);
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
          awaitingCommit = () => {
            cut();
            done();
          };
        }
        upstream.write(message);
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!awaitingCommit) return client.write(chunk);
      // After the armed COMMIT, the answers before its own pass; its CommandComplete is the proof it committed: the
      // connection is cut there, and the station never reads it.
      answers = Buffer.concat([answers, chunk]);
      for (;;) {
        if (answers.length < 5) return;
        const length = answers.readUInt32BE(1) + 1;
        if (answers.length < length) return;
        const message = answers.subarray(0, length);
        answers = answers.subarray(length);
        if (message[0] === 0x43 && /^COMMIT\b/.test(message.subarray(5).toString('utf8'))) return awaitingCommit();
        client.write(message);
      }
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
