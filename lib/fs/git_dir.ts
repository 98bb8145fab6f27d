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

/**
 * Whether git may read a word as a revision (a branch, a tag, a remote branch `checkout` would
 * track, a commit id, an expression such as `HEAD~1`, `-`, `@{-1}`) in a repository: what
 * `git checkout WORD` decides between switching branches and restoring a file on (its refs read
 * from disk: loose and packed). True when it may be, false when it is none.
 *
 * @param repo the repository
 * @param word the word
 * @returns whether it may name a revision
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mayBeRevision, repositoryOf } from "./git_dir.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.mkdir(`${dir}/.git/refs/heads`, { recursive: true });
 *   await Deno.writeTextFile(`${dir}/.git/refs/heads/main`, "0".repeat(40));
 *   const repo = repositoryOf(dir)!;
 *   assert.equal(mayBeRevision(repo, "main"), true);
 *   assert.equal(mayBeRevision(repo, "HEAD~1"), true);
 *   assert.equal(mayBeRevision(repo, "src/app.py"), false);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function mayBeRevision(repo: GitRepository, word: string): boolean {
  // An id, an expression, the previous branch, a pseudo-ref.
  if (/^[0-9a-f]{4,64}$/i.test(word) || /[~^@:{}]/.test(word) || word === "-") return true;
  if (/^[A-Z_]*HEAD$/.test(word)) return true;
  const loose = (ref: string) => {
    try {
      return Deno.statSync(`${repo.commonDir}/${ref}`).isFile;
    } catch {
      return false;
    }
  };
  const remotes = (() => {
    try {
      return [...Deno.readDirSync(`${repo.commonDir}/refs/remotes`)].map((e) => e.name);
    } catch {
      return [];
    }
  })();
  const names = [
    word,
    `refs/${word}`,
    `refs/tags/${word}`,
    `refs/heads/${word}`,
    `refs/remotes/${word}`,
    ...remotes.map((r) => `refs/remotes/${r}/${word}`),
  ];
  if (names.some(loose)) return true;
  const packedPath = `${repo.commonDir}/packed-refs`;
  const packed = smallText(packedPath, 64 * MAX_SMALL_FILE);
  if (packed === undefined) {
    // None (refs all loose): it is none; one that cannot be read: it may be.
    try {
      Deno.lstatSync(packedPath);
      return true;
    } catch {
      return false;
    }
  }
  const wanted = new Set(names.filter((n) => n.startsWith("refs/")));
  const remote = new RegExp(`^refs/remotes/[^/]+/${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  for (const line of packed.split("\n")) {
    const ref = line.split(" ")[1];
    if (ref !== undefined && (wanted.has(ref) || remote.test(ref))) return true;
  }
  return false;
}
