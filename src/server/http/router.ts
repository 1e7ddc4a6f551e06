import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** A path with no parameter, wildcard or optional part: the same request path always matches it alike. */
const isStaticPath = (path: string) => !/[:*?{]/.test(path);

/** Methods whose matches are kept: Node's parser takes a few dozen more, which go to the trie each time. */
const KEPT_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Hono's TrieRouter, with the match of each static route path kept once it has been worked out.
 *
 * Why: Hono's faster RegExpRouter refuses this API's paths (a parameter next to a fixed segment,
 * as in `/api/users/:id` and `/api/users/invite`), so every request walked the trie and sorted the
 * handlers it collected (the request context, the route, the API's 404, and the web app's
 * handlers when it is served). For a path a route names exactly, that result depends on the
 * method and path alone: the first match computes it, later ones reuse it (as RegExpRouter does
 * for static paths). Only paths registered as routes, with common methods, are kept: made-up
 * paths or methods cannot grow the cache. Results are shared between requests; Hono only reads
 * them (its RegExpRouter shares its static results the same way).
 */
export class StaticMatchRouter<T> implements Router<T> {
  readonly name = 'StaticMatchRouter';
  readonly #trie = new TrieRouter<T>();
  readonly #staticPaths = new Set<string>();
  readonly #matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#trie.add(method, path, handler);
    if (isStaticPath(path)) this.#staticPaths.add(path);
    // A route added after matching began (Hono does not, but the contract allows it) may change any result.
    this.#matches.clear();
  }

  match(method: string, path: string): Result<T> {
    if (!this.#staticPaths.has(path) || !KEPT_METHODS.has(method)) return this.#trie.match(method, path);
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (!result) {
      result = this.#trie.match(method, path);
      this.#matches.set(key, result);
    }
    return result;
  }
}
