// Figure 2's floor: bare node:http and node-postgres, sending the products hub's traced statements
// in order on a pooled connection for every request, then answering with the hub's recorded body
// and headers. No routing, session check, validation or JSON: what any Node server sending the
// same statements the same way pays at least. argv: port, JSON of FloorConfig.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

interface FloorConfig {
  database: string;
  connections: number;
  statements: { text: string; name?: string; values: (string | null)[] }[];
  headers: Record<string, string>;
  body: string;
}

const port = Number(process.argv[2]);
const { database, connections, statements, headers, body } = JSON.parse(process.argv[3]!) as FloorConfig;
const payload = Buffer.from(body);
const pool = new pg.Pool({ connectionString: database, max: connections });

const server = createServer((_req, res) => {
  void (async () => {
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      for (const { text, name, values } of statements) await client.query(name ? { name, text, values } : { text, values });
      res.writeHead(200, { ...headers, 'x-request-id': randomUUID(), 'content-length': payload.length });
      res.end(payload);
    } catch (err) {
      // A failed figure, not a crash: the load's check sees the 500 and stops the run.
      await client?.query('rollback').catch(() => undefined);
      res.writeHead(500).end(String(err));
    } finally {
      client?.release();
    }
  })();
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
