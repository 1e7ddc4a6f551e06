import { getRequestListener, RequestError } from '@hono/node-server';
import { createServer, ServerResponse, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, GENERIC_ERROR } from '@/shared/errors';
import type { HeaderList } from './preset-headers';
import { DEFAULT_UNREAD_BODY_POLICY, responseClass, type UnreadBodyPolicy } from './unread-body';

export type AppFetch = (request: Request, env: object) => Response | Promise<Response>;

/** Node's parser errors and the status Node itself would answer them with. */
const CLIENT_ERROR_STATUS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large'],
};

/**
 * The Node HTTP server for the app. Requests the app never sees still get the security headers,
 * `no-store`, a JSON error and `Connection: close`: a request line or header Node cannot parse
 * (answered on the socket here, instead of Node's bare 400), and a request whose Host is missing
 * or malformed (refused by @hono/node-server before the app; Node's own missing-Host answer is
 * turned off so it arrives there too).
 *
 * Answers sent before the request body was read follow `unreadBody` (unread-body.ts): this server,
 * not @hono/node-server, cleans up unread bodies.
 */
export function createNodeServer(fetch: AppFetch, security: HeaderList, unreadBody: UnreadBodyPolicy): Server {
  const headers: HeaderList = [...security, ['cache-control', 'no-store'], ['content-type', 'application/json; charset=utf-8'], ['connection', 'close']];
  const body = (code: string, message: string) => JSON.stringify({ error: { code, message } });

  const listener = getRequestListener(fetch, {
    autoCleanupIncoming: false,
    errorHandler: (e) =>
      e instanceof RequestError
        ? new Response(body(ERROR_CODES.validation, 'Bad request'), { status: 400, headers: headers as [string, string][] })
        : new Response(body(ERROR_CODES.internal, GENERIC_ERROR), { status: 500, headers: headers as [string, string][] }),
  });
  const server = createServer({ requireHostHeader: false, ServerResponse: responseClass(unreadBody) as typeof ServerResponse }, listener);

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: { headersSent?: boolean } }) => {
    // As Node does: nothing to answer on a reset or already closed socket, or once a response has started.
    if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, reason] = CLIENT_ERROR_STATUS[err.code ?? ''] ?? [400, 'Bad Request'];
    const content = body(status === 413 ? ERROR_CODES.tooLarge : ERROR_CODES.validation, reason);
    const lines = [`HTTP/1.1 ${status} ${reason}`, ...headers.map(([name, value]) => `${name}: ${value}`), `content-length: ${Buffer.byteLength(content)}`];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${content}`);
  });
  return server;
}

export interface ServeOptions {
  fetch: AppFetch;
  port: number;
  hostname?: string;
  /** Headers every answer the app never sees still carries (see createNodeServer). */
  security?: HeaderList;
  unreadBody?: UnreadBodyPolicy;
}

/** Starts the HTTP server for a Hono app's fetch, as `src/server/main.ts` does. */
export function serveApp(options: ServeOptions): Server {
  const server = createNodeServer(options.fetch, options.security ?? [], options.unreadBody ?? DEFAULT_UNREAD_BODY_POLICY);
  server.listen(options.port, options.hostname);
  return server;
}

