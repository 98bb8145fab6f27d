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
function walk(path: string, from = "/", look: Look = lookOnDisk): string {
  // The directories reached, from the root: a `..` pops one. Arrays, not string surgery: a
  // command may write a path of thousands of parts.
  const dirs = [""];
  for (const seg of from.split("/")) if (seg !== "") dirs.push(`${dirs.at(-1)}/${seg}`);
  // How deep the first part found missing lies while the walk is below it: nothing below a
  // missing part exists, so it is not looked up.
  let missingAt = Infinity;
  const rest = path.split("/").filter((s) => s !== "").reverse();
  for (let hops = 0; rest.length > 0;) {
    const seg = rest.pop()!;
    if (seg === ".") continue;
    if (seg === "..") {
      if (dirs.length > 1) dirs.pop();
      if (dirs.length < missingAt) missingAt = Infinity;
      continue;
    }
    const next = `${dirs.at(-1)}/${seg}`;
    let link: string | undefined;
    if (dirs.length < missingAt) {
      const found = look(dirs.at(-1) || "/", seg);
      if (found === "missing") missingAt = dirs.length + 1;
      else if (found === "link") {
        try {
          link = Deno.readLinkSync(next);
        } catch {
          missingAt = dirs.length + 1;
        }
      }
    }
    if (link === undefined) {
      dirs.push(next);
      continue;
    }
    if (++hops > MAX_LINKS) return posix.normalize([next, ...rest.reverse()].join("/"));
    if (posix.isAbsolute(link)) dirs.length = 1;
    rest.push(...link.split("/").filter((s) => s !== "").reverse());
  }
  return dirs.at(-1) || "/";
}

/** What a directory holds under a name: nothing, a symbolic link, or anything else. */
type Look = (dir: string, name: string) => "missing" | "link" | "other";

/** One `lstat`; a name that cannot be looked at is missing. */
function lookOnDisk(dir: string, name: string): "missing" | "link" | "other" {
  try {
    return Deno.lstatSync(dir === "/" ? `/${name}` : `${dir}/${name}`).isSymlink ? "link" : "other";
  } catch {
    return "missing";
  }
}

/**
 * A `Look` through each directory's listing, read once: a name that is not there is missing
 * without an error (an argument of a command that names no file; a thrown error costs ten
 * times a listing), and so is every name in a directory that is not there or is no directory
 * (the members of an archive extracted into a new directory). A directory that cannot be listed
 * otherwise is looked at name by name.
 */
function listingLook(): Look {
  const listings = new Map<string, Map<string, boolean> | null>();
  return (dir, name) => {
    let entries = listings.get(dir);
    if (entries === undefined) {
      try {
        entries = new Map();
        for (const e of Deno.readDirSync(dir)) entries.set(e.name, e.isSymlink);
      } catch (e) {
        const none = e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory;
        entries = none ? new Map() : null;
      }
      listings.set(dir, entries);
    }
    if (entries === null) return lookOnDisk(dir, name);
    const link = entries.get(name);
    return link === undefined ? "missing" : link ? "link" : "other";
  };
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
  const look = listingLook();
  const parent = (path: string) => path.slice(0, path.lastIndexOf("/")) || "/";
  return (path) => {
    const known = cache.get(path);
    if (known !== undefined) return known;
    const plain = path.startsWith("/") && !NOT_PLAIN.test(path);
    const dir = cache.get(parent(path));
    if (plain && dir !== undefined) {
      // One step from a directory already resolved: one look, and no error for a missing name
      // (an argument of a command that names no file: an error costs more than the look).
      cache.set(path, walk(path.slice(path.lastIndexOf("/") + 1), dir, look));
      return cache.get(path)!;
    }
    const real = existing(path);
    if (real !== undefined || !plain || path.split("/").length > MAX_STEPPED) {
      cache.set(path, real ?? walk(path));
      // A real path is its own: the checks that follow ask for it again (working directories,
      // protected files).
      if (real !== undefined) cache.set(real, real);
      return cache.get(path)!;
    }
    // A plain path that does not exist is its directory's real path and one step: a directory
    // is walked once for all the paths in it (each argument of a command). Most often the
    // directory exists; else down from the deepest one known, a step a part (no recursion).
    const up = parent(path);
    if (!cache.has(up)) {
      const upReal = existing(up);
      if (upReal !== undefined) cache.set(up, upReal);
    }
    const pending = [path];
    while (!cache.has(parent(pending.at(-1)!))) pending.push(parent(pending.at(-1)!));
    for (const p of pending.reverse()) {
      cache.set(p, walk(p.slice(p.lastIndexOf("/") + 1), cache.get(parent(p))!, look));
    }
    return cache.get(path)!;
  };
}

/**
 * The most parts of a path resolved a directory at a time; a deeper one (a command may write a
 * path of thousands of parts) is walked whole, once: remembering each of its directories would
 * cost time in the square of its length.
 */
const MAX_STEPPED = 64;

/** An empty, `.` or `..` segment, or a trailing slash: such a path is walked whole. */
const NOT_PLAIN = /\/\.{0,2}(\/|$)/;
