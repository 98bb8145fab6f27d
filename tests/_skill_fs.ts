/**
 * A file system as data for catalogue tests: paths map to file texts, `DIR` for an empty
 * directory, or an error.
 *
 * @module
 */

import { posix } from "node:path";
import type { DirEntry, FileHead, ReadError, SkillReader } from "../lib/skills/reader.ts";
import { loadYaml } from "../lib/deps/yaml.ts";

/** A directory with no files (so it exists). */
export const DIR = Symbol("dir");
/** A file that cannot be read. */
export const UNREADABLE = Symbol("unreadable");

/** Path -> contents. */
export type Tree = Record<string, string | typeof DIR | typeof UNREADABLE>;

const YAML = await loadYaml();

/** The YAML parser the CLI uses. */
export const yaml = (text: string): unknown => YAML.parse(text, { maxAliasCount: 100 });

/**
 * A reader over a tree.
 *
 * @param tree paths (absolute) to contents
 * @returns the reader
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
    list(dir: string): DirEntry[] | undefined {
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
          ? { error: "Cannot read the file: A directory stands where a file is expected" }
          : { error: "The file does not exist", missing: true };
      }
      if (v === UNREADABLE) return { error: "Cannot read the file: Permission denied" };
      if (v === DIR) {
        return { error: "Cannot read the file: A directory stands where a file is expected" };
      }
      return { text: v.slice(0, limit), truncated: v.length > limit };
    },
    size: (file) => typeof tree[file] === "string" ? (tree[file] as string).length : undefined,
    realPath: (p) => p,
  };
}
