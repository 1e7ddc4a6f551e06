import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { withPresetHeaders } from './preset-headers';

/**
 * Answers sent before the request body was read (413 from the body limit, 403 from the origin
 * check, 401, 415, ...) must leave the connection usable or say that it ends.
 *
 * Why this exists: the body limit (and anything that touches `c.req.raw.body`) wraps the Node
 * request in a Web stream (`Readable.toWeb`), whose 'data' listener pauses the request whenever its
 * queue is full. Once the answer is sent nobody reads that stream again, so @hono/node-server's own
 * drain (`resume()` after the response) is paused straight back, gives up after 500 ms and
 * destroys the socket, after it had answered `Connection: keep-alive`: the client's next request
 * on that connection died with a reset.
 *
 * So we own the clean-up (`autoCleanupIncoming: false`) and decide when the answer's headers go
 * out, while the client can still be told:
 * - no body, or one read to its end: nothing to do;
 * - declared `Content-Length` up to `drainLimitBytes`: keep the connection and, once the answer is
 *   sent, read the rest of the body and discard it (within `timeoutMs`, else close);
 * - larger or of unknown length (chunked): answer `Connection: close`, so a client cannot make us
 *   read gigabytes to keep its connection; after the answer, read on for at most `lingerLimitBytes`
 *   and `timeoutMs` so the client sees our answer rather than a reset, then close.
 */
export interface UnreadBodyPolicy {
  /** Largest unread body (declared Content-Length) read and discarded to keep the connection. */
  drainLimitBytes: number;
  /**
   * When closing, how much more is read (and discarded) after the answer, so the client reads our
   * answer instead of a reset (see linger()).
   */
  lingerLimitBytes: number;
  /** How long the rest of a body may take to arrive (drain) or be read after the answer (linger). */
  timeoutMs: number;
}

export const DEFAULT_UNREAD_BODY_POLICY: UnreadBodyPolicy = {
  drainLimitBytes: 1024 * 1024,
  lingerLimitBytes: 16 * 1024 * 1024,
  timeoutMs: 5000,
};

/**
 * The ServerResponse class the server uses: every answer passes writeHead (Node's implicit headers
 * call it too), the last moment at which `Connection: close` can still be said, and where the
 * request's preset headers join the handler's (preset-headers.ts).
 */
export function responseClass(policy: UnreadBodyPolicy) {
  return class SettlingResponse extends ServerResponse {
    override writeHead(statusCode: number, statusMessage?: string, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
    override writeHead(statusCode: number, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
    override writeHead(statusCode: number, ...rest: unknown[]): this {
      // Cheap for the usual cases: a body read to its end, or none (GET).
      if (!this.headersSent && (!this.req.complete || this.req.readableLength > 0)) settleUnreadBody(this.req, this, policy);
      return (super.writeHead as (code: number, ...args: unknown[]) => this)(statusCode, ...withPresetHeaders(this, rest));
    }
  };
}

function settleUnreadBody(req: IncomingMessage, res: ServerResponse, policy: UnreadBodyPolicy) {
  const declared = req.headers['content-length'];
  // Neither header: the request has no body (RFC 9112 §6.3), even if Node has not yet marked it complete.
  if (declared === undefined && req.headers['transfer-encoding'] === undefined) return;
  const length = declared !== undefined && /^\d{1,15}$/.test(declared) ? Number(declared) : undefined;
  const unbounded = length === undefined || length > policy.drainLimitBytes || req.headers['transfer-encoding'] !== undefined;
  if (!req.complete && unbounded) {
    res.setHeader('connection', 'close');
    // Node ends a `Connection: close` answer with socket.destroySoon(). Closing at once while the
    // client is still sending makes our kernel answer its next bytes with a reset, and the client
    // then often reports EPIPE or ECONNRESET instead of our answer. So close gently: send FIN,
    // keep reading (and discarding) for a bounded time and size, then close.
    const socket = req.socket;
    socket.destroySoon = () => linger(req, socket, policy);
    return;
  }
  res.once('finish', () => drain(req, policy));
}

/** Reads what is left of the request body and throws it away, so the next request can be parsed. */
function drain(req: IncomingMessage, policy: UnreadBodyPolicy) {
  if (req.readableEnded || req.destroyed) return;
  discardBody(req, policy.drainLimitBytes, policy.timeoutMs, () => req.socket.destroy(), () => {});
}

/** After the last answer on a connection: FIN, then read and discard until the client stops or a limit is hit. */
function linger(req: IncomingMessage, socket: Socket, policy: UnreadBodyPolicy) {
  socket.end();
  const close = () => socket.destroy();
  if (req.readableEnded || req.destroyed) return close();
  discardBody(req, policy.lingerLimitBytes, policy.timeoutMs, close, close);
}

function discardBody(req: IncomingMessage, limitBytes: number, timeoutMs: number, onLimit: () => void, onEnd: () => void) {
  let seen = 0;
  const timer = setTimeout(onLimit, timeoutMs);
  timer.unref();
  const done = () => {
    clearTimeout(timer);
    onEnd();
  };
  req.once('end', done);
  req.once('close', () => clearTimeout(timer));
  // The Web stream adapter's 'data' listener would pause the request again as soon as its queue
  // is full (nobody reads that stream any more): take it off, then let the body flow away.
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limitBytes) {
      clearTimeout(timer);
      onLimit();
    }
  });
  req.resume();
}
