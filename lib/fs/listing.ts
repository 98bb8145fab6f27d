/**
 * Whether paths exist, told by the listings of their directories, each read once per question
 * set: a missing name costs no thrown error (a `stat` of a missing file throws, and a thrown
 * error costs ten times a listing: the hook looks for five settings files, most of them
 * missing, and for `.claude/` in each directory above the call). Make one per decision or run:
 * a listing is not read again, so it would go stale in a long-lived process. Across decisions,
 * the resident decider keeps the listings of the trees recursive readers walk ({@link Listings}),
 * each used again only while its directory has not changed.
 *
 * @module
 */

/** A directory's listing, as kept: what identifies the directory's state, and its entries. */
export interface KeptListing {
  /** Its modification time when listed (ms). */
  mtime: number;
  /** Its change time when listed (ms; whole seconds to Deno). */
  ctime: number;
  /** Its inode. */
  ino: number | null;
  /** Its entries. */
  entries: Deno.DirEntry[];
}

/**
 * Listings kept across walks, by directory; `settleMs`: how long ago a directory must have
 * changed for its listing to be kept (default 2,000 ms).
 */
export interface Listings {
  /** The listings, by absolute directory. */
  byDir: Map<string, KeptListing>;
  /** How long ago a directory must have changed to be kept (ms; 2,000 by default). */
  settleMs?: number;
}

/** An empty store of listings. */
export function newListings(): Listings {
  return { byDir: new Map() };
}

/** Listings kept at most: past this many, the oldest are dropped. */
const MAX_LISTINGS = 20_000;

/**
 * A directory's entries (every time read again without kept listings), from the kept listings
 * when the directory has not changed since:
 * adding, removing or renaming an entry changes its modification time. A directory changed in
 * the last 2 seconds is not kept (a change within the same clock tick would not show). A listing
 * is kept only when the directory was the same before and after it was read, and is reached
 * through no symbolic link: a link retargeted while the directory was read (`ln -sfn` in a loop)
 * changes neither directory's times, and would otherwise keep one directory's names for the
 * other's as long as the decider lives.
 */
export function listDir(dir: string, listings: Listings | undefined): Deno.DirEntry[] {
  if (listings === undefined) return [...Deno.readDirSync(dir)];
  const info = Deno.statSync(dir);
  const mtime = info.mtime?.getTime() ?? NaN;
  const ctime = info.ctime?.getTime() ?? NaN;
  const kept = listings.byDir.get(dir);
  if (kept !== undefined && kept.mtime === mtime && kept.ctime === ctime && kept.ino === info.ino) {
    return kept.entries;
  }
  const entries = [...Deno.readDirSync(dir)];
  const after = Deno.statSync(dir);
  const same = after.ino === info.ino && after.mtime?.getTime() === mtime &&
    after.ctime?.getTime() === ctime;
  const settled = Date.now() - Math.max(mtime, ctime) > (listings.settleMs ?? 2000);
  if (same && settled && realPathOrNull(dir) === dir) {
    if (listings.byDir.size >= MAX_LISTINGS) {
      listings.byDir.delete(listings.byDir.keys().next().value!);
    }
    listings.byDir.set(dir, { mtime, ctime, ino: info.ino, entries });
  } else listings.byDir.delete(dir);
  return entries;
}

/** A path's real form, or null when it cannot be read. */
function realPathOrNull(path: string): string | null {
  try {
    return Deno.realPathSync(path);
  } catch {
    return null;
  }
}

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
