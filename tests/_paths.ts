/**
 * Path helpers for tests (std's `fromFileUrl` is on JSR, which our machines cannot reach).
 *
 * @module
 */

/** The file-system path of a `file:` URL. */
export function fromFileUrl(url: URL): string {
  return decodeURIComponent(url.pathname);
}
