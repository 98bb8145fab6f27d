/**
 * How a recursive reader walks a directory, as data (issue 23, point 1): which entries it skips
 * by its own defaults and options, so that a Read rule applies to a tree only where the program
 * really reads a file the rule names. Each reader's facts are in its spec (`lib/programs/`) and
 * tested against the program itself (`tests/permissions/tree_filter_test.ts` runs `grep -rc`,
 * `rg --files` and `git ls-files` on a scratch tree). Pure: the glob semantics of each reader are
 * `lib/glob/reader_globs.ts`, the disk walk that applies a filter `lib/fs/tree_search.ts`.
 *
 * What is not modelled reads more, never less: ripgrep's `--type`, a global git excludes file,
 * ag's and ack's own ignore lists.
 *
 * @module
 */

import type { NameGlob, OverrideGlob } from "../glob/reader_globs.ts";

/** What a recursive reader skips below a directory it reads. */
export interface TreeFilter {
  /** Names that start with `.` are skipped (ripgrep, ag), unless an override includes them. */
  skipsHidden: boolean;
  /**
   * The per-directory ignore files it honours, highest precedence first (ripgrep: `.rgignore`,
   * `.ignore`, `.gitignore`); `.gitignore` and the repository's `info/exclude` count only inside
   * a git repository.
   */
  ignoreFiles: readonly string[];
  /**
   * git's view: `only` the files git tracks (`git grep`), `or-unignored` those and every file
   * not ignored (`git grep --untracked`, `git add -A`); `.git` itself is never read.
   */
  tracked?: "only" | "or-unignored";
  /** grep's `--include` and `--exclude`, in order: on file names. */
  nameGlobs: readonly NameGlob[];
  /** grep's `--exclude-dir`: on directory names. */
  excludeDirs: readonly string[];
  /** ripgrep's `--glob`/`--iglob`, in order, relative to the directory it runs in. */
  overrides: readonly OverrideGlob[];
  /** Where the reader runs (the overrides' base), absolute; set by the engine. */
  base?: string;
  /**
   * A variable naming a file of more options the reader reads (`RIPGREP_CONFIG_PATH`): when it
   * is set, or cannot be read, the walk skips nothing the options could undo.
   */
  configVariable?: string;
}

/** A reader that skips nothing: `grep -r`, `cp -r`, `tar`. */
export const READS_ALL: TreeFilter = {
  skipsHidden: false,
  ignoreFiles: [],
  nameGlobs: [],
  excludeDirs: [],
  overrides: [],
};

/** True when the filter skips nothing (the walk needs no ignore file, index or override). */
export function readsAll(f: TreeFilter): boolean {
  return !f.skipsHidden && f.ignoreFiles.length === 0 && f.tracked === undefined &&
    f.nameGlobs.length === 0 && f.excludeDirs.length === 0 && f.overrides.length === 0;
}
