/**
 * A TCP proxy in front of PostgreSQL that counts round trips (issue 36), for tests and the bench.
 *
 * A round trip is counted each time a client (our server) sends after the database has answered
 * since that client last sent: a client that pipelines (sends again before any answer arrived)
 * pays one round trip for the lot. The first send of a connection counts as one. The startup and
 * authentication exchange is not counted: counting starts with the first client send after the
 * server's first ReadyForQuery ('Z'), found by reading the server's message boundaries (1-byte type
 * + int32 length) until then. A connection that asks for TLS and gets it ('S') is never counted.
 *
 * "Answered" means answer bytes were handed to the client's socket (after any delay), so the
 * client could have been waiting for them. `delayMs` delays each chunk in each direction by that
 * many milliseconds, keeping order (a loopback stand-in for a database on another machine).
 */
import net from 'node:net';

export interface RoundTripProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** The same URL with its host and port replaced by the proxy's. */
  url(databaseUrl: string): string;
  /** Round trips counted on every connection since the start or the last reset(). */
  roundTrips(): number;
  /** Round trips of each connection opened since the start (closed ones included), by id. */
  perConnection(): Map<number, number>;
  /** Zero the counts (connections stay open). */
  reset(): void;
  /** Connections open now. */
  openConnections(): number;
  /** Stop listening and destroy every open connection. */
  close(): Promise<void>;
}

export interface RoundTripProxyOptions {
  target: { host: string; port: number };
  /** Delay each chunk, each direction, by this many ms (order kept). Default 0. */
  delayMs?: number;
  /** The address to listen on. Default 127.0.0.1. */
  host?: string;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/** Forwards chunks to a socket, each after delayMs, in order, with backpressure on the source. */
function forwarder(source: net.Socket, dest: net.Socket, delayMs: number, delivered: () => void) {
  const queue: { due: number; chunk: Buffer }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let paused = false;
  const write = (chunk: Buffer) => {
    if (dest.destroyed) return;
    delivered();
    if (!dest.write(chunk) && !paused) {
      paused = true;
      source.pause();
      dest.once('drain', () => {
        paused = false;
        source.resume();
      });
    }
  };
  const flush = () => {
    timer = null;
    const now = performance.now();
    while (queue.length > 0 && queue[0]!.due <= now + 0.05) write(queue.shift()!.chunk);
    if (queue.length > 0) timer = setTimeout(flush, Math.max(0, queue[0]!.due - performance.now()));
  };
  return {
    push(chunk: Buffer) {
      if (delayMs <= 0) return write(chunk);
      queue.push({ due: performance.now() + delayMs, chunk });
      if (!timer) timer = setTimeout(flush, delayMs);
    },
    /** Called when the source ended: end the destination once the queue is written. */
    end() {
      const finish = () => {
        if (queue.length > 0 || timer) return setTimeout(finish, 1);
        if (!dest.destroyed) dest.end();
      };
      finish();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      queue.length = 0;
    },
  };
}

/** The frontend's Terminate message ('X', length 4): a connection's goodbye. */
const isTerminate = (chunk: Buffer) => chunk.length === 5 && chunk[0] === 0x58 && chunk.readInt32BE(1) === 4;

export async function startRoundTripProxy(options: RoundTripProxyOptions): Promise<RoundTripProxy> {
  const delayMs = options.delayMs ?? 0;
  const counts = new Map<number, number>();
  const sockets = new Set<net.Socket>();
  const open = new Set<number>();
  let nextId = 1;

  const server = net.createServer((client) => {
    const id = nextId++;
    counts.set(id, 0);
    open.add(id);
    client.setNoDelay(true);
    const upstream = net.connect({ host: options.target.host, port: options.target.port });
    upstream.setNoDelay(true);
    sockets.add(client);
    sockets.add(upstream);

    // Startup: read the server's messages until its first ReadyForQuery.
    let counting = false;
    let neverCount = false;
    let expectSingleByte = false; // the server's one-byte answer to an SSL/GSSENC request
    let firstClientPacket = true;
    let pending: Buffer = Buffer.alloc(0);
    let answered = true; // the first send after startup counts

    const scanServer = (chunk: Buffer) => {
      if (counting || neverCount) return;
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let at = 0;
      while (at < pending.length) {
        if (expectSingleByte) {
          expectSingleByte = false;
          const answer = String.fromCharCode(pending[at]!);
          at += 1;
          if (answer === 'S' || answer === 'G') {
            neverCount = true;
            break;
          }
          continue;
        }
        if (pending.length - at < 5) break;
        const type = String.fromCharCode(pending[at]!);
        const length = pending.readInt32BE(at + 1);
        if (pending.length - at < 1 + length) break;
        at += 1 + length;
        if (type === 'Z') {
          counting = true;
          break;
        }
      }
      pending = counting || neverCount ? Buffer.alloc(0) : pending.subarray(at);
    };

    const toServer = forwarder(client, upstream, delayMs, () => {});
    const toClient = forwarder(upstream, client, delayMs, () => {
      if (counting) answered = true;
    });

    client.on('data', (chunk: Buffer) => {
      if (firstClientPacket) {
        firstClientPacket = false;
        if (chunk.length >= 8) {
          const code = chunk.readInt32BE(4);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) expectSingleByte = true;
        }
      }
      // A Terminate alone (a pool closing an idle connection) waits for no answer: not a round trip.
      if (counting && answered && !isTerminate(chunk)) {
        answered = false;
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      toServer.push(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      scanServer(chunk);
      toClient.push(chunk);
    });

    const teardown = () => {
      open.delete(id);
      toServer.stop();
      toClient.stop();
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('end', () => toServer.end());
    upstream.on('end', () => toClient.end());
    client.on('close', teardown);
    upstream.on('close', teardown);
    client.on('error', teardown);
    upstream.on('error', teardown);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as net.AddressInfo;
  const host = options.host ?? '127.0.0.1';

  return {
    port: address.port,
    url(databaseUrl: string) {
      const u = new URL(databaseUrl);
      u.hostname = host;
      u.port = String(address.port);
      return u.toString();
    },
    roundTrips() {
      let total = 0;
      for (const n of counts.values()) total += n;
      return total;
    },
    perConnection() {
      return new Map(counts);
    },
    reset() {
      for (const id of counts.keys()) counts.set(id, 0);
    },
    openConnections() {
      return open.size;
    },
    close() {
      return new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        sockets.clear();
        server.close(() => resolve());
      });
    },
  };
}
