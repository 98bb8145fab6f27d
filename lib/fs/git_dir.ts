/**
 * The git repository a directory is in, found as git finds it: the nearest `.git` at or above
 * it, a directory, or a file `gitdir: PATH` (a worktree or a submodule) whose `commondir` names
 * the directory its worktrees share. Reads the disk.
 *
 * @module
 */

import { posix } from "../path.ts";

/** A repository's places. */
export interface GitRepository {
  /** The top of its working tree (the directory holding `.git`). */
  top: string;
  /** Its git directory (`.git`, or `.git/worktrees/NAME` for a worktree). */
  gitDir: string;
  /** The directory its worktrees share (the git directory itself, outside a worktree). */
  commonDir: string;
}

/**
 * The repository a directory is in, or undefined outside one.
 *
 * @param dir an absolute directory
 * @returns the repository
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { repositoryOf } from "./git_dir.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.mkdir(`${dir}/.git`);
 *   await Deno.mkdir(`${dir}/src`);
 *   assert.deepEqual(repositoryOf(`${dir}/src`), {
 *     top: dir,
 *     gitDir: `${dir}/.git`,
 *     commonDir: `${dir}/.git`,
 *   });
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function repositoryOf(dir: string): GitRepository | undefined {
  for (let d = posix.normalize(dir);; d = posix.dirname(d)) {
    const dotGit = `${d === "/" ? "" : d}/.git`;
    let info: Deno.FileInfo | undefined;
    try {
      info = Deno.statSync(dotGit);
    } catch {
      info = undefined;
    }
    if (info?.isDirectory) return { top: d, gitDir: dotGit, commonDir: dotGit };
    if (info?.isFile) {
      const m = /^gitdir:\s*(.+?)\s*$/m.exec(smallText(dotGit) ?? "");
      if (m === null) return undefined;
      const gitDir = posix.resolve(d, m[1]!);
      const common = smallText(`${gitDir}/commondir`)?.trim();
      return { top: d, gitDir, commonDir: common ? posix.resolve(gitDir, common) : gitDir };
    }
    if (d === "/") return undefined;
  }
}

/** The most of a small git file (a configuration, `.git`, `commondir`) read. */
export const MAX_SMALL_FILE = 2 ** 20;

/**
 * A regular file's text; undefined for one missing or unreadable (git skips those too), and for
 * a pipe, a device or an overly large file, which would block or never end the read (a
 * `.git/config` that is a FIFO, or an `include.path` of `/dev/zero`, would hang the hook past
 * Claude Code's time-out, which lets the call through).
 *
 * @param path an absolute path
 * @param max the most bytes read
 * @returns the text
 */
export function smallText(path: string, max = MAX_SMALL_FILE): string | undefined {
  try {
    const info = Deno.statSync(path);
    if (!info.isFile || info.size > max) return undefined;
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}
