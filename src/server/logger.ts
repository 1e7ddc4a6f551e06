import pino, { type DestinationStream } from 'pino';

/**
 * An error as it may be logged. A database error's text carries the values it was given: drizzle's
 * "Failed query: … params: …" message, PGlite's `query`/`params` properties, PostgreSQL's
 * `detail` ("Key (email)=(…)") and some of its messages ("invalid input syntax …: "…""). A new
 * user's password hash and a session token reached the logs that way (issue 17, finding 4), and
 * redaction by key name cannot catch them. So for any error with a database error in its cause
 * chain only fixed fields are kept: the SQLSTATE code and the names PostgreSQL gives (constraint,
 * table, column, routine), the kind of statement and its first table, and the stack frames
 * without the message. Never a message, a detail, the query text or a parameter.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  const chain: Record<string, unknown>[] = [];
  for (let current: unknown = error; current && typeof current === 'object' && chain.length < 6; current = (current as { cause?: unknown }).cause) {
    chain.push(current as Record<string, unknown>);
  }
  const databaseError = chain.find((e) => typeof e.code === 'string' && SQLSTATE.test(e.code));
  const query = chain.map((e) => e.query).find((q): q is string => typeof q === 'string');
  if (databaseError || query) {
    const out: Record<string, unknown> = { type: 'DatabaseError' };
    if (databaseError) for (const key of DATABASE_FIELDS) if (typeof databaseError[key] === 'string') out[key] = databaseError[key];
    if (query) out.statement = statementName(query);
    out.stack = stackFrames(chain[0]!.stack);
    return out;
  }
  if (!(error instanceof Error)) return { type: typeof error };
  const out: Record<string, unknown> = { type: error.name, message: error.message, stack: error.stack };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') out.code = code;
  if (error.cause !== undefined) out.cause = serializeError(error.cause);
  return out;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const DATABASE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;

/** "insert into accounts", "select from sessions": what ran, without a value. */
export function statementName(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const kind = /^(select|insert into|update|delete from|with|begin|commit|rollback|set|prepare|execute)\b/i.exec(text)?.[1]?.toLowerCase() ?? 'statement';
  const table =
    kind === 'insert into' || kind === 'update' || kind === 'delete from'
      ? /^(?:insert into|update|delete from) ("?[\w.]+"?)/i.exec(text)?.[1]
      : / from ("?[\w.]+"?)/i.exec(text)?.[1];
  if (table) return `${kind === 'select' || kind === 'with' ? `${kind} from` : kind} ${table.replace(/"/g, '')}`;
  // A function call without a table: "select app_add_credential_account".
  const fn = kind === 'select' ? /^select ("?[\w.]+"?)\(/i.exec(text)?.[1] : undefined;
  return fn ? `select ${fn.replace(/"/g, '')}` : kind;
}

/** The "    at …" lines of a stack, without the message above them. */
function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** JSON logs; anything that could carry a secret is redacted wherever it appears. */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      redact: {
        paths: ['password', '*.password', 'confirmPassword', '*.confirmPassword', 'token', '*.token', 'cookie', '*.cookie', 'headers.cookie', 'headers.authorization'],
        censor: '[redacted]',
      },
      serializers: { err: serializeError, error: serializeError },
    },
    destination,
  );
}
