/**
 * Real paths from the file system: the one place the permission engine's `realPath` touches
 * the disk. Symbolic links of the nearest existing ancestor are followed, a dangling link
 * through its target, and the rest of the path appended.
 *
 * @module
 */

import { posix } from "node:path";

const MAX_LINKS = 40;

/**
 * The real form of an absolute path. Never throws: what cannot be read stays as written.
 *
 * @param path an absolute, normalised path
 * @returns the real path
 */
export function realPathOnDisk(path: string): string {
  return resolve(path, 0);
}

function resolve(path: string, hops: number): string {
  if (hops > MAX_LINKS) return path;
  try {
    return Deno.realPathSync(path);
  } catch {
    // not there, or a dangling link: read it by hand below
  }
  try {
    if (Deno.lstatSync(path).isSymlink) {
      const target = Deno.readLinkSync(path);
      const next = posix.isAbsolute(target) ? target : posix.join(posix.dirname(path), target);
      return resolve(posix.normalize(next), hops + 1);
    }
  } catch {
    // not there: resolve the parent
  }
  const parent = posix.dirname(path);
  if (parent === path) return path;
  return posix.join(resolve(parent, hops), posix.basename(path));
}

/**
 * A `realPath` that remembers its answers, for one decision or one process.
 *
 * @returns the lookup
 */
export function cachedRealPath(): (path: string) => string {
  const cache = new Map<string, string>();
  return (path) => {
    let real = cache.get(path);
    if (real === undefined) {
      real = realPathOnDisk(path);
      cache.set(path, real);
    }
    return real;
  };
}
