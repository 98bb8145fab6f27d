/**
 * Which project a call belongs to when nobody says (`CLAUDE_PROJECT_DIR` unset): the nearest
 * directory at or above the call's directory that holds `.claude/`, else the nearest that holds
 * `.git`, else the call's directory. The home's `.claude` is the user's settings, not a project:
 * it counts only when the call runs in the home itself.
 *
 * @module
 */

import { posix } from "../path.ts";

/**
 * The project root of a directory.
 *
 * @param cwd the directory a call runs in, absolute
 * @param home the home directory
 * @param exists whether a path exists (a directory for `.claude`; a directory or a file for
 *   `.git`, which is a file in a worktree)
 * @returns the project root
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findProjectRoot } from "./project_root.ts";
 *
 * const on = new Set(["/home/me/.claude", "/home/me/repo/.git", "/home/me/repo/app/.claude"]);
 * const exists = (p: string) => on.has(p);
 * assert.equal(findProjectRoot("/home/me/repo/app/src", "/home/me", exists), "/home/me/repo/app");
 * assert.equal(findProjectRoot("/home/me/repo/lib", "/home/me", exists), "/home/me/repo");
 * assert.equal(findProjectRoot("/home/me/notes", "/home/me", exists), "/home/me/notes");
 * assert.equal(findProjectRoot("/home/me", "/home/me", exists), "/home/me");
 * ```
 */
export function findProjectRoot(
  cwd: string,
  home: string,
  exists: (path: string) => boolean,
): string {
  const start = posix.normalize(cwd);
  for (const marker of [".claude", ".git"]) {
    for (let dir = start;; dir = posix.dirname(dir)) {
      if ((dir !== home || dir === start) && exists(posix.join(dir, marker))) return dir;
      if (dir === "/") break;
    }
  }
  return start;
}

/**
 * True when the path exists on disk (a broken link does not).
 *
 * @param path a path
 * @returns whether it exists
 */
export function existsOnDisk(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}
