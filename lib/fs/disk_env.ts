/**
 * The permission engine's view of the disk, for a decision made on this machine: real paths
 * (followed once per path and remembered), the walk of trees, git's configured aliases, globs
 * expanded as bash expands them, and what archives and patch files hold. The CLI and the hook (and
 * the tests that hold the engine against bash and Claude Code) decide with the same one; a policy
 * without it holds rules by text only.
 * Make one per decision or run: what it read it does not read again.
 *
 * @module
 */

import type { PathEnv } from "../permissions/paths.ts";
import { cachedRealPath } from "./real_path.ts";
import { type Listings, treeHolds } from "./tree_search.ts";
import { gitAliases } from "./git_aliases.ts";
import { expandGlob, shellGlobWords } from "./glob_expand.ts";
import { mayBeRevision, repositoryOf } from "./git_dir.ts";
import { archiveMembers, type Gunzip, patchText } from "./archive_members.ts";

/**
 * The disk as a `PathEnv` for a project and a home.
 *
 * @param root the project's root
 * @param home the user's home
 * @param listings directory listings kept across decisions (the resident decider's), if any
 * @param gunzip the gzip decompressor (`loadGunzip`), to read gzip-compressed tar archives
 * @param variable the caller's environment (a reader's configuration variable, `RIPGREP_CONFIG_PATH`), by
 *   default this process's
 * @returns the environment a `Policy` decides in
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { diskPathEnv } from "./disk_env.ts";
 *
 * const env = diskPathEnv("/p", "/h");
 * assert.equal(env.root, "/p");
 * assert.equal(typeof env.treeHolds, "function");
 * ```
 */
export function diskPathEnv(
  root: string,
  home: string,
  listings?: Listings,
  gunzip?: Gunzip,
  variable?: (name: string) => string | undefined,
): PathEnv {
  return {
    root,
    home,
    realPath: cachedRealPath(),
    treeHolds: listings === undefined && variable === undefined
      ? treeHolds
      : (dir, test, options) =>
        treeHolds(dir, test, {
          ...options,
          ...(listings === undefined ? {} : { listings }),
          ...(variable === undefined ? {} : { variable }),
        }),
    gitAlias: gitAliases(home),
    expandGlob,
    shellGlob: (glob) => shellGlobWords(glob),
    gitRevision: (dir, word) => {
      const repo = repositoryOf(dir);
      return repo === undefined ? undefined : mayBeRevision(repo, word);
    },
    archiveMembers: (path, format) => archiveMembers(path, format, gunzip),
    patchText,
  };
}
