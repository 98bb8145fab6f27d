/**
 * The permission engine's view of the disk, for a decision made on this machine: real paths
 * (followed once per path and remembered), the walk of trees, git's configured aliases and globs
 * expanded as bash expands them. The CLI and the hook (and the tests that hold the engine against
 * bash and Claude Code) decide with the same one; a policy without it holds rules by text only.
 * Make one per decision or run: what it read it does not read again.
 *
 * @module
 */

import type { PathEnv } from "../permissions/paths.ts";
import { cachedRealPath } from "./real_path.ts";
import { treeHolds } from "./tree_search.ts";
import { gitAliases } from "./git_aliases.ts";
import { expandGlob } from "./glob_expand.ts";

/**
 * The disk as a `PathEnv` for a project and a home.
 *
 * @param root the project's root
 * @param home the user's home
 * @returns the environment a `Policy` decides in
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { diskPathEnv } from "../../mod.ts";
 *
 * const env = diskPathEnv("/p", "/h");
 * assert.equal(env.root, "/p");
 * assert.equal(typeof env.treeHolds, "function");
 * ```
 */
export function diskPathEnv(root: string, home: string): PathEnv {
  return {
    root,
    home,
    realPath: cachedRealPath(),
    treeHolds,
    gitAlias: gitAliases(home),
    expandGlob,
  };
}
