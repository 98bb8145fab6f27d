/**
 * Real paths from the file system: the one place the permission engine's `realPath` touches
 * the disk. Every symbolic link on the way is followed, a dangling one through its target; a
 * part that does not exist is taken as a plain directory (what `mkdir -p` makes), so that a
 * `..` after it comes back to where the walk was and the links further on are still followed
 * (`missing/../link/x`, once a command made `missing`, is where `link` points).
 *
 * @module
 */

import { posix } from "../path.ts";

const MAX_LINKS = 40;

/**
 * The real form of an absolute path: symbolic links followed, also for a path whose end does
 * not exist yet. Never throws: what cannot be read stays as written.
 *
 * @param path an absolute path
 * @returns the real path
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { realPathOnDisk } from "./real_path.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.mkdir(`${dir}/target`);
 *   await Deno.symlink(`${dir}/target`, `${dir}/link`);
 *   assert.equal(realPathOnDisk(`${dir}/link/new/file.txt`), `${dir}/target/new/file.txt`);
 *   assert.equal(realPathOnDisk(`${dir}/target`), `${dir}/target`);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function realPathOnDisk(path: string): string {
  return existing(path) ?? walk(path);
}

/** The real path of a path that exists, or undefined. */
function existing(path: string): string | undefined {
  try {
    return Deno.realPathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The path walked as the kernel walks it, for a path that does not fully exist: each link
 * followed where it stands (a dangling one through its target), each `..` taken from the
 * directory reached, a part that does not exist (or cannot be read) taken as a plain
 * directory. More than 40 links (the kernel refuses such a path): the rest appended as
 * written. `from`: the real directory the (then relative) path starts in.
 */
function walk(path: string, from = "/"): string {
  let current = from;
  // The first part found missing while the walk is below it: nothing below it exists.
  let missing: string | undefined;
  const rest = path.split("/").filter((s) => s !== "");
  for (let hops = 0; rest.length > 0;) {
    const seg = rest.shift()!;
    if (seg === ".") continue;
    if (seg === "..") {
      current = posix.dirname(current);
      if (missing !== undefined && !`${current}/`.startsWith(`${missing}/`)) missing = undefined;
      continue;
    }
    const next = current === "/" ? `/${seg}` : `${current}/${seg}`;
    let link: string | undefined;
    if (missing === undefined) {
      try {
        if (Deno.lstatSync(next).isSymlink) link = Deno.readLinkSync(next);
      } catch {
        missing = next;
      }
    }
    if (link === undefined) {
      current = next;
      continue;
    }
    if (++hops > MAX_LINKS) return posix.normalize([next, ...rest].join("/"));
    if (posix.isAbsolute(link)) current = "/";
    rest.unshift(...link.split("/").filter((s) => s !== ""));
  }
  return current;
}

/**
 * A `realPath` that remembers its answers, for one decision or one process: pass it as the
 * `realPath` of a policy's environment.
 *
 * @returns the lookup
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cachedRealPath } from "./real_path.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.symlink("/", `${dir}/up`);
 *   const realPath = cachedRealPath();
 *   assert.equal(realPath(`${dir}/up/etc`), "/etc");
 *   await Deno.remove(`${dir}/up`);
 *   assert.equal(realPath(`${dir}/up/etc`), "/etc"); // remembered
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function cachedRealPath(): (path: string) => string {
  const cache = new Map<string, string>([["/", "/"]]);
  const lookup = (path: string): string => {
    let real = cache.get(path);
    if (real === undefined) {
      real = existing(path);
      // A plain path that does not exist is its directory's real path and one step: the
      // directory is walked once for all the paths in it (each argument of a command).
      const slash = path.lastIndexOf("/");
      real ??= path.startsWith("/") && !NOT_PLAIN.test(path)
        ? walk(path.slice(slash + 1), lookup(path.slice(0, slash) || "/"))
        : walk(path);
      cache.set(path, real);
    }
    return real;
  };
  return lookup;
}

/** An empty, `.` or `..` segment, or a trailing slash: such a path is walked whole. */
const NOT_PLAIN = /\/\.{0,2}(\/|$)/;
