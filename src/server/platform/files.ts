import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/tenant';
import { AppError, badRequest } from '../http/errors';
import { ERROR_CODES } from '@/shared/errors';

/**
 * File uploads and downloads of module records (résumés today). Files live in the database
 * (bytea), so every server process serves them; they are read out in slices, a slice per short
 * transaction, so a download never holds the whole file (let alone twice) in memory.
 */

/** The largest file a module accepts (its route may accept less). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Routes whose body is a file, not JSON: the app's body limit for them is MAX_UPLOAD_BYTES
 * instead of BODY_LIMIT_BYTES (app.ts). A module adding an upload route adds its path here.
 */
export const UPLOAD_PATHS: RegExp[] = [/^\/api\/ats\/candidates\/[^/]+\/resume$/];
export const isUploadPath = (path: string) => UPLOAD_PATHS.some((p) => p.test(path));

/** A PDF starts with "%PDF-" (ISO 32000, 7.5.2); a renamed file of another kind does not. */
export const isPdf = (bytes: Uint8Array) =>
  bytes.length >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d;

/** The media type of a Content-Type header, lower-cased, without parameters. */
export const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Reads a request body of at most `max` bytes (413 with `tooLarge` beyond it, as soon as it is
 * known: from Content-Length, or while reading) and answers it as one buffer.
 */
export async function readUpload(request: Request, max: number, messages: { tooLarge: string; empty: string }): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) throw new AppError(413, ERROR_CODES.tooLarge, messages.tooLarge);
  if (!request.body) throw badRequest(messages.empty);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw new AppError(413, ERROR_CODES.tooLarge, messages.tooLarge);
    }
    chunks.push(value);
  }
  if (total === 0) throw badRequest(messages.empty);
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** A file name as a user gave it, made safe to store and to send back: no path, no control characters. */
export function cleanFileName(name: string | undefined, fallback: string, extension: string) {
  const base = (name ?? '')
    .normalize('NFKC')
    .replace(/^.*[\\/]/, '')
    .replace(/[\p{Cc}\p{Cf}"]/gu, '')
    .trim()
    .slice(0, 150);
  if (!base) return fallback;
  return base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`;
}

/** Content-Disposition: attachment, with an ASCII fallback name and the UTF-8 one (RFC 6266). */
export function attachment(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The slice size of a download: each slice is one short read. */
export const DOWNLOAD_SLICE_BYTES = 256 * 1024;

/**
 * The most a row of a slice carries. node-postgres receives bytea as hex text, two characters a
 * byte: a 256 KB slice in one row arrived as a 512 KB string, which V8 allocates in its
 * large-object space and frees only at a full collection, so ten 5 MB downloads at once grew the
 * server by 98–132 MB, mostly such strings (bench figure A3, goal < 100 MB). Rows of 48 KB arrive
 * as 96 KB strings, below V8's 128 KB large-object threshold: the young generation, collected as
 * it fills (73–78 MB for the same downloads).
 */
export const DOWNLOAD_PIECE_BYTES = 48 * 1024;

/**
 * `length` bytes of a bytea column from byte `offset` (0-based) of the row `where` names, read in
 * one statement as rows of at most DOWNLOAD_PIECE_BYTES and joined here; null when no row matches
 * (or `length` is 0). The caller's transaction applies: row-level security decides what it sees.
 */
export async function readByteaSlice(
  tx: Tx,
  source: { table: string; column: string; where: SQL },
  offset: number,
  length: number,
): Promise<Uint8Array | null> {
  const column = sql.identifier(source.column);
  const { rows } = await tx.execute<{ part: Uint8Array }>(sql`
    select substring(${column} from ${offset + 1}::int + piece.at for least(${DOWNLOAD_PIECE_BYTES}::int, ${length}::int - piece.at)) as part
    from ${sql.identifier(source.table)}, generate_series(0, ${length}::int - 1, ${DOWNLOAD_PIECE_BYTES}::int) as piece(at)
    where ${source.where}
    order by piece.at`);
  if (rows.length === 0) return null;
  const parts = rows.map((r) => (r.part instanceof Uint8Array ? r.part : new Uint8Array(r.part as ArrayBufferLike)));
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/**
 * A file download, streamed: `readSlice(offset, length)` reads one slice (its own transaction,
 * with the caller's scope checked again), pulled only as fast as the client reads.
 */
export function fileResponse(file: { fileName: string; size: number; contentType: string }, readSlice: (offset: number, length: number) => Promise<Uint8Array>) {
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= file.size) {
        controller.close();
        return;
      }
      const length = Math.min(DOWNLOAD_SLICE_BYTES, file.size - offset);
      const slice = await readSlice(offset, length);
      if (slice.byteLength !== length) throw new Error('The file changed during the download');
      offset += length;
      controller.enqueue(slice);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.size),
      'content-disposition': attachment(file.fileName),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
