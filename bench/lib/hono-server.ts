// Figure 1's floor: the framework alone. A Hono app with one route on @hono/node-server (what the
// product runs on), answering GET /api/health with the same JSON and headers as the product, no
// middleware. argv: port, JSON of { headers, body }.
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.argv[2]);
const { headers, body } = JSON.parse(process.argv[3]!) as { headers: Record<string, string>; body: string };
const answer = JSON.parse(body) as object;
const { 'content-type': _contentType, ...rest } = headers;

const app = new Hono();
// All of them in one go: c.json writes them with the answer, as the product's preset headers do.
app.get('*', (c) => c.json(answer, 200, { ...rest, 'x-request-id': randomUUID() }));
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
