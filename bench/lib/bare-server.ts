// Baseline for the framework-overhead figure: a bare node:http server answering every request with
// the same JSON body and (roughly) the same headers as GET /api/health. argv: port, JSON of
// { headers, body }.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';

const port = Number(process.argv[2]);
const { headers, body } = JSON.parse(process.argv[3]!) as { headers: Record<string, string>; body: string };
const payload = Buffer.from(body);

const server = createServer((_req, res) => {
  // The real server generates a request id per request; do the same work here.
  res.writeHead(200, { ...headers, 'x-request-id': randomUUID(), 'content-length': payload.length });
  res.end(payload);
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
