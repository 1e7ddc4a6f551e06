import type { OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export type HeaderList = readonly (readonly [string, string])[];

/** Header name (lower case) → value: a request's preset headers, owned by its response. */
export type HeaderRecord = Record<string, string>;

const PRESET = Symbol('presetHeaders');
type WithPreset = ServerResponse & { [PRESET]?: HeaderRecord };

/**
 * Headers every response to this request carries unless the handler sets its own (the security
 * headers, `no-store`, the request id): kept on Node's response and written by writeHead, in the
 * one call that writes the handler's headers. `headers` (lower-case names) is made for this
 * response and becomes its own: writeHead completes it with the handler's headers and hands it on.
 *
 * Why not `setHeader` each: a response with headers already set makes Node's writeHead take its
 * slow path (a setHeader per handler header too), and a dozen setHeader calls per request were
 * about a sixth of the server's CPU time for a small JSON answer (bench figure 1).
 */
export function presetHeaders(res: ServerResponse, headers: HeaderRecord): void {
  (res as WithPreset)[PRESET] = headers;
}

/**
 * writeHead's arguments after the status code, with the preset headers the handler did not set.
 * Called once, by the server's response class (unread-body.ts), before Node writes the head.
 */
export function withPresetHeaders(res: ServerResponse, args: unknown[]): unknown[] {
  const preset = (res as WithPreset)[PRESET];
  if (!preset) return args;
  (res as WithPreset)[PRESET] = undefined;
  const at = typeof args[0] === 'string' ? 1 : 0;
  const given = args[at] as OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined | null;
  if (Array.isArray(given)) {
    // Raw header arrays are rare (nothing here writes them): set the missing ones one by one.
    const names = new Set<string>();
    const flat = given.length > 0 && !Array.isArray(given[0]);
    for (let i = 0; i < given.length; i += flat ? 2 : 1) names.add(String(flat ? given[i] : (given[i] as unknown as unknown[])[0]).toLowerCase());
    for (const name in preset) if (!names.has(name) && !res.hasHeader(name)) res.setHeader(name, preset[name]!);
    return args;
  }
  // Headers set one by one (setHeader, lower-case names here) go out with writeHead's and win.
  for (const name of res.getHeaderNames()) delete preset[name];
  // The handler's own win: the same name written in another case replaces the preset too.
  if (given) {
    for (const name in given) {
      const lower = name.toLowerCase();
      if (lower !== name) delete preset[lower];
    }
  }
  const out = args.slice();
  out[at] = given ? Object.assign(preset, given) : preset;
  return out;
}
