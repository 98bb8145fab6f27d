/**
 * Paths of a call as the file tools resolve them: against the project root, `~` for the home,
 * `.` and `..` taken out, and their real form with symbolic links followed. Pure: the real
 * path lookup is a function the caller passes in.
 *
 * @module
 */

import { posix } from "../path.ts";
import type { TreeFilter } from "./tree_filter.ts";

/** What resolving a path needs: the project root, the home and a real-path lookup. */
export interface PathEnv {
  /** The project root, absolute. */
  root: string;
  /** The home directory (`~`), absolute. */
  home: string;
  /**
   * The directory a call runs in, absolute: relative paths resolve against it. The root when
   * undefined.
   */
  cwd?: string;
  /**
   * The real form of an absolute path: every symbolic link on the way followed, a part that
   * does not exist taken as a plain directory. Returns the path itself when nothing is a link.
   */
  realPath(path: string): string;
  /**
   * Whether a directory holds a path the test accepts (see `lib/fs/tree_search.ts`): asked
   * when a command reads a directory whole and a Read rule matches at any depth, and when a
   * reader that follows symbolic links (`grep -R`, `tar -h`, `zip -r`) reads one (then with
   * `followLinks`: a path reached through a link counts by its real path). Undefined (the
   * default) or an undefined answer: it may, and the rule applies.
   */
  treeHolds?(
    dir: string,
    test: (path: string, isDir?: boolean) => boolean,
    options?: { followLinks?: boolean; reader?: TreeFilter; budget?: WalkBudget },
  ): boolean | undefined;
  /**
   * The value of an alias git's configuration files define (`push`, `!cmd`) for a repository
   * directory (see `lib/fs/git_aliases.ts`): asked when a command runs git with a subcommand
   * that is not one of git's own. Undefined (the default): no alias is known.
   */
  gitAlias?(name: string, dir: string): string | undefined;
  /**
   * The paths an absolute glob matches on disk, as bash expands it (see `lib/fs/glob_expand.ts`);
   * undefined when not known. Asked for a glob argument, to see the real paths its matches
   * reach through links. Undefined (the default): a glob is held by its text only.
   */
  expandGlob?(glob: string): string[] | undefined;
  /**
   * What bash may make of an absolute glob (see `lib/fs/glob_expand.ts`, `shellGlobWords`): its
   * matches under bash's defaults and under every option that widens a match; undefined when
   * the budget ran out. Undefined (the default): a glob word is only known when the command
   * runs.
   */
  shellGlob?(glob: string): { plain: string[]; wide: string[] } | undefined;
  /**
   * Whether git, run in a directory, may read a word as a revision (see `lib/fs/git_dir.ts`,
   * `mayBeRevision`); undefined outside a repository, or without the disk: `git checkout WORD`
   * is then read as switching branches.
   */
  gitRevision?(dir: string, word: string): boolean | undefined;
  /**
   * The members of an archive file, as `tar` or `unzip` reads it (see
   * `lib/fs/archive_members.ts`): "missing" when no file is there, undefined when it cannot be
   * read whole (a format not read, a bound passed). Asked for `tar -x` and `unzip`, which then
   * write those members, not every path below the directory they extract into. Undefined (the
   * default): they may write anything there.
   */
  archiveMembers?(path: string, format: "tar" | "zip"): ArchiveListing | "missing" | undefined;
  /**
   * The text of a patch file (see `lib/fs/archive_members.ts`, `patchText`): "missing" when no
   * file is there, undefined when it cannot be read whole. Asked for `patch`, which then writes
   * the files it names. Undefined (the default): it may write anything below where it runs.
   */
  patchText?(path: string): string | "missing" | undefined;
}

/** One member of an archive, as stored. */
export interface ArchiveMember {
  /** Its name as stored (`./src/a.py`, `/abs/x`, `../x`, `dir/`). */
  name: string;
  /** A file (or a device or a fifo: one path made), a directory, or a link. */
  kind: "file" | "dir" | "symlink" | "hardlink";
  /** Where a link leads, as stored. */
  target?: string;
}

/** What an archive on disk holds. */
export interface ArchiveListing {
  /** The members, in the order stored. */
  members: ArchiveMember[];
  /** A tar archive holds more than zeros after its end mark (what `tar -i` reads on). */
  trailing?: boolean;
}

/**
 * What the walks of one decision may spend together (issue 23: "one budget for the whole
 * call"): entries looked at, and milliseconds from the first walk's start (set by the walk).
 */
export interface WalkBudget {
  /** Entries that may still be looked at. */
  entries: number;
  /** Milliseconds all the walks may take. */
  ms: number;
  /** When the first walk started (`performance.now()`). */
  started?: number;
}

/** Entries the walks of one decision may look at (README, "Recursive readers"). */
export const WALK_ENTRIES = 50_000;
/** Milliseconds the walks of one decision may take. */
export const WALK_MS = 200;

/** A fresh budget for one decision's walks. */
export function walkBudget(): WalkBudget {
  return { entries: WALK_ENTRIES, ms: WALK_MS };
}

/** A `PathEnv` with the root and home as written and as real paths, computed once. */
export interface PathContext extends PathEnv {
  /** The root with symbolic links followed. */
  realRoot: string;
  /** The home with symbolic links followed. */
  realHome: string;
  /** The budget of this decision's walks (none: each walk has its own, by entries only). */
  walkBudget?: WalkBudget;
}

/**
 * Completes a `PathEnv` with the real forms of its root and home (`.` and `..` taken out of
 * both first).
 *
 * @param env the environment
 * @returns the context rules are matched in
 */
export function pathContext(env: PathEnv): PathContext {
  const root = posix.normalize(env.root);
  const home = posix.normalize(env.home);
  const ctx = { ...env, root, home, realRoot: env.realPath(root), realHome: env.realPath(home) };
  if (env.cwd !== undefined) ctx.cwd = resolvePath(env.cwd, { root, home });
  return ctx;
}

/**
 * A path as the file tools resolve it: `~` and `~/x` under the home, a relative path under
 * the directory the call runs in (`cwd`, by default the root), `.` and `..` taken out.
 * Symbolic links are not followed.
 *
 * @param path the path as the call wrote it
 * @param env root, home and the call's directory
 * @returns the absolute, normalised path
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolvePath } from "./paths.ts";
 *
 * const env = { root: "/proj", home: "/home/me" };
 * assert.equal(resolvePath("src/../README.md", env), "/proj/README.md");
 * assert.equal(resolvePath("~/.ssh/id_rsa", env), "/home/me/.ssh/id_rsa");
 * assert.equal(resolvePath("/etc/hosts/", env), "/etc/hosts");
 * assert.equal(resolvePath("../.env", { ...env, cwd: "/proj/src" }), "/proj/.env");
 * ```
 */
export function resolvePath(
  path: string,
  env: Pick<PathEnv, "root" | "home" | "cwd">,
): string {
  if (path === "~" || path.startsWith("~/")) return posix.join(env.home, path.slice(1));
  const abs = posix.isAbsolute(path) ? path : posix.join(env.cwd ?? env.root, path);
  const normal = posix.normalize(abs);
  return normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
}

/**
 * The absolute forms of a path argument a rule is held against (the spec's `call_paths`):
 * the resolved path, and its real path when that differs.
 *
 * @param path the path as the call wrote it
 * @param env the path environment
 * @returns one or two absolute paths
 */
export function callPaths(path: string, env: PathEnv): string[] {
  const written = resolvePath(path, env);
  const real = env.realPath(written);
  const forms = new Set(real === written ? [written] : [written, real]);
  // `/proc/self/cwd/.env` is `.env` where the tool runs (the red team's: a Read of it went past
  // `Read(./.env)`), `/proc/self/root/x` is `/x`.
  for (const p of procForms(written, env.cwd ?? env.root)) {
    forms.add(p);
    forms.add(env.realPath(p));
  }
  return [...forms];
}

/**
 * A path through a process's own directories as the directory itself: `/proc/PID/cwd/x`
 * (`self`, `thread-self` or a number: whichever process it is, it may run where the call runs)
 * is `x` in `cwd`, `/proc/PID/root/x` is `/x`; none for any other path.
 *
 * @param path an absolute path, resolved lexically
 * @param cwd the directory the call runs in
 * @returns what it stands for
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { procForms } from "./paths.ts";
 *
 * assert.deepEqual(procForms("/proc/self/cwd/.env", "/p"), ["/p/.env"]);
 * assert.deepEqual(procForms("/proc/1/root/p/.env", "/q"), ["/p/.env"]);
 * assert.deepEqual(procForms("/proc/self/root", "/q"), ["/"]);
 * assert.deepEqual(procForms("/proc/cpuinfo", "/q"), []);
 * ```
 */
export function procForms(path: string, cwd: string): string[] {
  const m = /^\/proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/(cwd|root)(\/.*)?$/.exec(path);
  if (m === null) return [];
  const rest = m[2] ?? "";
  return [posix.normalize((m[1] === "root" ? "/" : `${cwd}/`) + rest) || "/"];
}

/**
 * The absolute forms of a path a shell command names, when it runs in `base`: resolved
 * lexically, with symbolic links followed, and, when it holds `..`, walked as the kernel walks
 * it ({@link physicalPath}). Path rules and protected files are held against each.
 *
 * @param arg the path as the command wrote it (`~` already expanded)
 * @param base an absolute directory the command may run in
 * @param ctx root, home and the real-path lookup
 * @returns one to three absolute paths
 */
export function argumentPaths(arg: string, base: string, ctx: PathContext): string[] {
  const abs = arg.startsWith("/") ? arg : `${base}/${arg}`;
  const written = resolvePath(abs, ctx);
  const forms = new Set([written, ctx.realPath(written)]);
  if (arg.includes("..")) forms.add(physicalPath(abs, ctx.realPath));
  for (const p of procForms(written, base)) {
    forms.add(p);
    forms.add(ctx.realPath(p));
  }
  return [...forms];
}

/**
 * A path as the kernel walks it: each `..` taken from the real directory reached so far, so
 * `lnk/../key` is the parent of where `lnk` leads, not the directory holding `lnk`.
 *
 * @param path an absolute path, `..` not yet taken out
 * @param realPath the real-path lookup
 * @returns the real path reached
 */
export function physicalPath(path: string, realPath: (p: string) => string): string {
  let current = "/";
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") current = posix.dirname(current);
    else current = realPath(current === "/" ? `/${seg}` : `${current}/${seg}`);
  }
  return current;
}

/**
 * True when `path` is `dir` or lies below it.
 *
 * @param path an absolute, normalised path
 * @param dir an absolute, normalised directory
 * @returns whether the path is inside the directory
 */
export function isInside(path: string, dir: string): boolean {
  if (dir === "/") return path.startsWith("/");
  return path === dir || path.startsWith(dir + "/");
}
