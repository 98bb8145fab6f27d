/**
 * Whether a directory on disk holds a path a test accepts: the one place the permission engine
 * walks a directory tree. A reader that descends a directory (`grep -r KEY src`) is held
 * against a Read rule only where `src` really holds a file the rule names and the reader reads
 * it with its own filters (`tree_filter.ts`: grep's `--include`/`--exclude`/`--exclude-dir`,
 * ripgrep's hidden names, ignore files and `--glob`, git's tracked files and `.gitignore`), so
 * that a recursive read is not denied for nothing. The walk is bounded, by entries and by time,
 * one budget for a whole decision: past it, the answer is "not known".
 *
 * @module
 */

import { compileIgnore, ignoreLines, type IgnoreMatcher } from "../glob/gitignore.ts";
import {
  compileOverrides,
  type DirIgnores,
  grepReadsName,
  grepSkipsDir,
  ignoredBy,
  type OverrideMatcher,
} from "../glob/reader_globs.ts";
import type { TreeFilter } from "../permissions/tree_filter.ts";
import { type GitRepository, repositoryOf, smallText } from "./git_dir.ts";
import { trackedPaths } from "./git_index.ts";
import type { WalkBudget } from "../permissions/paths.ts";
import { realPathOnDisk } from "./real_path.ts";

/** Entries looked at, at most, per question, when no budget is shared. */
export const TREE_BUDGET = 5000;

/** How a walk goes. */
export interface WalkOptions {
  /** The most entries to look at (default {@link TREE_BUDGET}), or a budget shared by a decision. */
  budget?: number | WalkBudget;
  /**
   * Directory listings kept from earlier walks (the resident decider keeps one for its life):
   * a directory whose modification and change times and inode are still those it was listed
   * with is not listed again.
   */
  listings?: Listings;
  /**
   * Walk as this reader does: what it skips is neither tested nor descended, and each entry is
   * tested with whether it is a directory (`test(path, isDir)`; the walk's top without). Without
   * one, every entry is tested by its path alone.
   */
  reader?: TreeFilter;
  /**
   * Follow the symbolic links met below the directory, as `grep -R`, `tar -h` or `zip -r` do: a
   * link is also tested by its target's real path, and a link to a directory is walked (each
   * real directory once), so that a tree that reaches a path through a link holds it.
   */
  followLinks?: boolean;
  /**
   * The caller's environment variable (the hook's, not the resident decider's own): a
   * reader's configuration variable is read from it. Default: this process's.
   */
  variable?: (name: string) => string | undefined;
}

/**
 * True when the directory, or a path below it, passes the test; undefined when the walk ran out
 * of budget (so it may). Symbolic links are not followed unless asked (`grep -r` does not
 * follow them, `grep -R` does); a directory that cannot be read is skipped, and so is a link
 * that leads nowhere.
 *
 * @param dir an absolute directory
 * @param test a test on an absolute path
 * @param options the budget, and whether links are followed
 * @returns whether a path passes, or undefined when not known
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { treeHolds } from "./tree_search.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.mkdir(`${dir}/a/b`, { recursive: true });
 *   await Deno.mkdir(`${dir}/secrets`);
 *   await Deno.writeTextFile(`${dir}/a/b/.env`, "KEY=1");
 *   await Deno.writeTextFile(`${dir}/secrets/key`, "KEY=2");
 *   await Deno.symlink("../secrets", `${dir}/a/keys`);
 *   assert.equal(treeHolds(dir, (p) => p.endsWith("/.env")), true);
 *   assert.equal(treeHolds(`${dir}/a`, (p) => p.endsWith("/id_rsa")), false);
 *   assert.equal(treeHolds(dir, () => false, { budget: 1 }), undefined);
 *   // Through the link `a/keys`: only when links are followed.
 *   const secret = (p: string) => p === `${dir}/secrets/key`;
 *   assert.equal(treeHolds(`${dir}/a`, secret), false);
 *   assert.equal(treeHolds(`${dir}/a`, secret, { followLinks: true }), true);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function treeHolds(
  dir: string,
  test: (path: string, isDir?: boolean) => boolean,
  options: WalkOptions = {},
): boolean | undefined {
  const budget: WalkBudget = typeof options.budget === "object"
    ? options.budget
    : { entries: options.budget ?? TREE_BUDGET, ms: Infinity };
  budget.started ??= performance.now();
  const spend = () => {
    if (--budget.entries < 0) return false;
    // The clock is read every 64 entries: it costs more than an entry.
    return (budget.entries & 63) !== 0 || performance.now() - budget.started! <= budget.ms;
  };
  if (test(dir)) return true;
  const reader = options.reader === undefined
    ? undefined
    : withConfig(options.reader, options.variable);
  if (reader !== undefined && filters(reader)) {
    return readerHolds(dir, test, reader, options.followLinks ?? false, spend, options.listings);
  }
  const queue = [dir];
  // The real directories walked, when links are followed: a link to an ancestor ends there.
  const walked = new Set<string>();
  const filesOnly = options.reader !== undefined;
  while (queue.length > 0) {
    const d = queue.pop()!;
    let entries: Iterable<Deno.DirEntry>;
    try {
      entries = listDir(d, options.listings);
    } catch {
      continue;
    }
    for (const e of entries) {
      if (!spend()) return undefined;
      const path = d === "/" ? `/${e.name}` : `${d}/${e.name}`;
      if (filesOnly ? test(path, e.isDirectory) : test(path)) return true;
      if (e.isDirectory) queue.push(path);
      else if (e.isSymlink && options.followLinks) {
        const target = linkTarget(path);
        if (target === "unknown") return undefined;
        if (target === undefined) continue;
        if (test(target.path)) return true;
        if (target.isDirectory && !walked.has(target.path)) {
          walked.add(target.path);
          queue.push(target.path);
        }
      }
    }
  }
  return false;
}

/** The ignore files of one directory, and the directory. */
interface IgnoreLevel {
  dir: string;
  files: DirIgnores;
}

/**
 * A walk as a filtering reader walks: entries it skips are neither tested nor descended. A
 * directory reached through a followed link is read whole (its filters are not worked out).
 */
function readerHolds(
  dir: string,
  test: (path: string, isDir?: boolean) => boolean,
  filter: TreeFilter,
  followLinks: boolean,
  spend: () => boolean,
  listings: Listings | undefined,
): boolean | undefined {
  const git = filter.tracked !== undefined;
  const repo = git || filter.ignoreFiles.includes(".gitignore") ? repositoryOf(dir) : undefined;
  const tracked = git && repo !== undefined ? trackedPaths(repo) : undefined;
  // git's view with an index skald cannot read: every file but git's own counts.
  const trackedMode = tracked === undefined ? undefined : filter.tracked;
  const kinds = filter.ignoreFiles.filter((k) => k !== ".gitignore" || repo !== undefined);
  const ignoring = kinds.length > 0 && trackedMode !== "only";
  const exclude = ignoring && git && repo !== undefined ? excludeOf(repo) : undefined;
  const overrides: OverrideMatcher | undefined = filter.overrides.length > 0
    ? compileOverrides(filter.overrides)
    : undefined;
  const base = filter.base ?? dir;
  const underBase = (p: string) =>
    p.startsWith(base === "/" ? "/" : `${base}/`) ? p.slice(base === "/" ? 1 : base.length + 1) : p;
  const rel = (p: string) => (repo === undefined ? p : p.slice(repo.top.length + 1));
  const isTracked = (p: string, isDir: boolean) => {
    const r = rel(p);
    if (tracked!.files.has(r) || (isDir && tracked!.dirs.has(r))) return true;
    for (const w of tracked!.wholeDirs) if (r.startsWith(`${w}/`)) return true;
    return false;
  };
  // The ignore files of the directories above the walk's top (git: from the repository's top;
  // ripgrep: from `/`, its `.gitignore` only inside the repository).
  const chain: IgnoreLevel[] = [];
  if (ignoring) {
    const tops = git ? [repo!.top] : ["/"];
    const ancestors: string[] = [];
    for (let d = parentOf(dir); d !== undefined; d = parentOf(d)) {
      ancestors.push(d);
      if (tops.includes(d)) break;
    }
    for (const a of ancestors) {
      const files = ignoreFilesOf(a, kinds, repo, undefined);
      if (files.size > 0) chain.push({ dir: a, files });
    }
  }
  // Each directory to walk, with the ignore files of the directories above it, nearest first.
  const stack: { dir: string; above: IgnoreLevel[]; whole: boolean }[] = [
    { dir, above: chain, whole: false },
  ];
  const walked = new Set<string>();
  while (stack.length > 0) {
    const { dir: d, above, whole } = stack.pop()!;
    let entries: Deno.DirEntry[];
    try {
      entries = listDir(d, listings);
    } catch {
      continue;
    }
    let levels = above;
    if (ignoring && !whole) {
      const files = ignoreFilesOf(d, kinds, repo, entries);
      if (files.size > 0) levels = [{ dir: d, files }, ...above];
    }
    for (const e of entries) {
      if (!spend()) return undefined;
      const path = d === "/" ? `/${e.name}` : `${d}/${e.name}`;
      if (!whole && skips(path, e.name, e.isDirectory, levels)) continue;
      if (test(path, e.isDirectory)) return true;
      if (e.isDirectory) {
        stack.push({ dir: path, above: levels, whole });
        continue;
      }
      if (e.isSymlink && followLinks) {
        const target = linkTarget(path);
        if (target === "unknown") return undefined;
        if (target === undefined) continue;
        if (test(target.path)) return true;
        if (target.isDirectory && !walked.has(target.path)) {
          walked.add(target.path);
          stack.push({ dir: target.path, above: [], whole: true });
        }
      }
    }
  }
  return false;

  function skips(path: string, name: string, isDir: boolean, levels: IgnoreLevel[]): boolean {
    if (git && name === ".git") return true;
    const o = overrides?.(underBase(path), isDir);
    if (o === "ignored") return true;
    if (o === "included") return false;
    if (filter.skipsHidden && name.startsWith(".")) return true;
    if (isDir ? grepSkipsDir(filter.excludeDirs, name) : !grepReadsName(filter.nameGlobs, name)) {
      return true;
    }
    if (trackedMode === "only") return !isTracked(path, isDir);
    if (trackedMode === "or-unignored" && isTracked(path, isDir)) return false;
    return ignoring && ignoredBy(levels, kinds, exclude, path, isDir);
  }
}
/**
 * Where a link leads: its target's real path, and whether that is a directory; undefined for a
 * link that leads nowhere; "unknown" for one whose target depends on the process that follows it
 * (`/proc/self/cwd/...`, `/dev/fd/N`): skald's own would not be the reader's.
 */
function linkTarget(
  path: string,
): { path: string; isDirectory: boolean } | "unknown" | undefined {
  try {
    if (
      /^\/(proc\/(self|thread-self|\d+)|dev\/(fd|stdin|stdout|stderr))(\/|$)/.test(
        Deno.readLinkSync(path),
      )
    ) {
      return "unknown";
    }
    const real = Deno.realPathSync(path);
    return { path: real, isDirectory: Deno.statSync(real).isDirectory };
  } catch {
    return undefined;
  }
}

/**
 * A filter with what a configuration file of more options could undo dropped, when the
 * variable that names one is set or cannot be read (ripgrep's `RIPGREP_CONFIG_PATH` may hold
 * `--hidden`, `--no-ignore` or a `--glob`).
 */
function withConfig(
  filter: TreeFilter,
  variable: (name: string) => string | undefined = (name) => Deno.env.get(name),
): TreeFilter {
  if (filter.configVariable === undefined) return filter;
  let set: boolean;
  try {
    set = variable(filter.configVariable) !== undefined;
  } catch {
    set = true;
  }
  return set ? { ...filter, skipsHidden: false, ignoreFiles: [], overrides: [] } : filter;
}

/** True when the reader skips something (the walk then needs its ignore files, index, globs). */
function filters(f: TreeFilter): boolean {
  return f.skipsHidden || f.ignoreFiles.length > 0 || f.tracked !== undefined ||
    f.nameGlobs.length > 0 || f.excludeDirs.length > 0 || f.overrides.length > 0;
}

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
  if (same && settled && realPathOnDisk(dir) === dir) {
    if (listings.byDir.size >= MAX_LISTINGS) {
      listings.byDir.delete(listings.byDir.keys().next().value!);
    }
    listings.byDir.set(dir, { mtime, ctime, ino: info.ino, entries });
  } else listings.byDir.delete(dir);
  return entries;
}

/** The parent of an absolute directory; undefined for `/`. */
function parentOf(dir: string): string | undefined {
  if (dir === "/") return undefined;
  const i = dir.lastIndexOf("/");
  return i <= 0 ? "/" : dir.slice(0, i);
}

/** The most of an ignore file read. */
const MAX_IGNORE_BYTES = 2 ** 20;

/**
 * A directory's ignore files of the kinds asked, compiled (a `.gitignore` only inside the
 * repository); its entries, when already listed, spare a failed read per kind.
 */
function ignoreFilesOf(
  dir: string,
  kinds: readonly string[],
  repo: GitRepository | undefined,
  entries: readonly Deno.DirEntry[] | undefined,
): Map<string, IgnoreMatcher> {
  const out = new Map<string, IgnoreMatcher>();
  for (const kind of kinds) {
    if (entries !== undefined && !entries.some((e) => e.name === kind && !e.isDirectory)) continue;
    if (kind === ".gitignore" && (repo === undefined || !isInside(dir, repo.top))) continue;
    const text = smallText(`${dir === "/" ? "" : dir}/${kind}`, MAX_IGNORE_BYTES);
    if (text !== undefined) out.set(kind, compileIgnore(ignoreLines(text)));
  }
  return out;
}

/** A repository's `info/exclude`, compiled, with the top its patterns are relative to. */
function excludeOf(repo: GitRepository): { matcher: IgnoreMatcher; top: string } | undefined {
  const text = smallText(`${repo.commonDir}/info/exclude`, MAX_IGNORE_BYTES);
  return text === undefined
    ? undefined
    : { matcher: compileIgnore(ignoreLines(text)), top: repo.top };
}

function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir === "/" ? "/" : `${dir}/`);
}
