/**
 * Whether paths exist, told by the listings of their directories, each read once per question
 * set: a missing name costs no thrown error (a `stat` of a missing file throws, and a thrown
 * error costs ten times a listing: the hook looks for five settings files, most of them
 * missing, and for `.claude/` in each directory above the call). Make one per decision or run:
 * a listing is not read again, so it would go stale in a long-lived process.
 *
 * @module
 */

/**
 * A lookup of whether a path exists (a dangling link counts: its name is there).
 *
 * @returns the lookup
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { existsByListing } from "./listing.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.writeTextFile(`${dir}/a.json`, "{}");
 *   const exists = existsByListing();
 *   assert.equal(exists(`${dir}/a.json`), true);
 *   assert.equal(exists(`${dir}/b.json`), false);
 *   assert.equal(exists(`${dir}/no/such/file`), false);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function existsByListing(): (path: string) => boolean {
  const listings = new Map<string, Set<string> | null>();
  const listing = (dir: string): Set<string> | null => {
    let names = listings.get(dir);
    if (names === undefined) {
      try {
        names = new Set([...Deno.readDirSync(dir)].map((e) => e.name));
      } catch {
        names = null;
      }
      listings.set(dir, names);
    }
    return names;
  };
  const exists = (path: string): boolean => {
    // A listing names no `.` nor `..`, and a relative path is no listed one: ask the path itself.
    if (!path.startsWith("/") || /(^|\/)\.\.?(\/|$)/.test(path)) return lstatExists(path);
    const p = path.length > 1 ? path.replace(/\/+$/, "") : path;
    if (p === "/" || p === "") return true;
    const cut = p.lastIndexOf("/");
    const dir = cut <= 0 ? "/" : p.slice(0, cut);
    if (!exists(dir)) return false;
    const names = listing(dir);
    if (names !== null) return names.has(p.slice(cut + 1));
    // A directory that cannot be listed (no read right, or not a directory): ask the path.
    return lstatExists(p);
  };
  return exists;
}

/**
 * Whether a path exists by asking it. A path that may not even be looked at may exist: the
 * system's refusal, or Deno's (a narrower `--allow-read`), leaves it to the read that follows to
 * say why it fails (a settings file in a .claude/ without rights is a problem, not a missing file).
 */
function lstatExists(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch (e) {
    return e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.NotCapable;
  }
}
