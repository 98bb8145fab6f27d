/**
 * A {@link SkillReader} over a file tree held as data: the catalogue without a disk, for
 * examples, tests and callers whose skills do not live in files. Pure.
 *
 * @module
 */

import { posix } from "../path.ts";
import type { DirEntry, FileHead, ReadError, SkillReader } from "./reader.ts";

/** A directory with no files (so that it exists). */
export const DIR: unique symbol = Symbol("dir");
/** A file that cannot be read, or a directory that cannot be listed. */
export const UNREADABLE: unique symbol = Symbol("unreadable");

/** Absolute path -> the file's text, {@link DIR} or {@link UNREADABLE}. */
export type Tree = Record<string, string | typeof DIR | typeof UNREADABLE>;

const NOT_A_FILE = "Cannot read the file: A directory stands where a file is expected";

/**
 * A reader over a tree: every directory above a path exists; a file's text is read as it is in
 * the tree when asked for (a changed or deleted key is seen), its limit and size counted in
 * UTF-16 code units; real paths are the paths as written.
 *
 * @param tree absolute paths to contents
 * @returns the reader
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DIR, treeReader } from "./tree_reader.ts";
 *
 * const reader = treeReader({ "/s/pdf/SKILL.md": "Work with PDF files\n", "/s/empty": DIR });
 * const list = reader.list("/s");
 * assert.ok(Array.isArray(list));
 * assert.deepEqual(list.map((e) => [e.name, e.isDirectory]), [["empty", true], ["pdf", true]]);
 * assert.deepEqual(reader.read("/s/pdf/SKILL.md", 4), { text: "Work", truncated: true });
 * assert.deepEqual(reader.read("/s/gone.md", 4), { error: "The file does not exist", missing: true });
 * ```
 */
export function treeReader(tree: Tree): SkillReader {
  const dirs = new Set<string>();
  for (const [path, v] of Object.entries(tree)) {
    let d = v === DIR ? path : posix.dirname(path);
    while (d !== "/" && !dirs.has(d)) {
      dirs.add(d);
      d = posix.dirname(d);
    }
  }
  return {
    list(dir: string): DirEntry[] | { error: string } | undefined {
      if (tree[dir] === UNREADABLE && !dirs.has(dir)) {
        return { error: "Cannot list the directory: Permission denied" };
      }
      if (!dirs.has(dir)) return undefined;
      const names = new Map<string, DirEntry>();
      for (const p of [...Object.keys(tree), ...dirs]) {
        if (posix.dirname(p) !== dir || p === dir) continue;
        const name = posix.basename(p);
        names.set(name, { name, isDirectory: dirs.has(p), isFile: !dirs.has(p) });
      }
      return [...names.values()];
    },
    read(file: string, limit: number): FileHead | ReadError {
      const v = tree[file];
      if (v === undefined) {
        return dirs.has(file)
          ? { error: NOT_A_FILE }
          : { error: "The file does not exist", missing: true };
      }
      if (v === UNREADABLE) return { error: "Cannot read the file: Permission denied" };
      if (v === DIR) return { error: NOT_A_FILE };
      return { text: v.slice(0, limit), truncated: v.length > limit };
    },
    size: (file) => {
      const v = tree[file];
      return typeof v === "string" ? v.length : undefined;
    },
    realPath: (p) => p,
  };
}
