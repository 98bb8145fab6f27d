/**
 * Test environments without a disk: a project root, a home and symbolic links as data.
 *
 * @module
 */

import type { PathEnv } from "../lib/permissions/paths.ts";

/** A realPath that follows the given links (link path -> target), longest prefix first. */
export function fakeRealPath(links: Record<string, string>): (path: string) => string {
  const keys = Object.keys(links).sort((a, b) => b.length - a.length);
  return (path) => {
    let p = path;
    for (let hop = 0; hop < 40; hop++) {
      const k = keys.find((key) => p === key || p.startsWith(key + "/"));
      if (k === undefined) return p;
      p = links[k]! + p.slice(k.length);
    }
    return p;
  };
}

/** The links of the tests' project: the oracle's perm-files fixture, as data. */
export const LINKS: Record<string, string> = {
  "/proj/link-secrets": "/proj/secrets",
  "/proj/key-link.txt": "/proj/secrets/key.txt",
  "/outside/to-secret.txt": "/proj/secrets/key.txt",
  "/outside/to-src.txt": "/proj/src/a.txt",
  "/proj/src-link-out.txt": "/outside/out.txt",
};

/** The files of the tests' project, for the disk walks a rule at any depth asks for. */
export const FILES: readonly string[] = [
  "/proj/.env",
  "/proj/secrets/key.txt",
  "/proj/src/a.txt",
  "/proj/README.md",
  "/outside/out.txt",
];

/**
 * A `treeHolds` over a list of files, walking as the disk's does: the directory itself first
 * (`test(dir)`), then each directory down to a file (`test(path, true)`) and the file
 * (`test(path, false)`); whether one the test accepts is there.
 */
export function fakeTreeHolds(
  files: readonly string[],
): (dir: string, test: (path: string, isDir?: boolean) => boolean) => boolean {
  return (dir, test) => {
    if (test(dir)) return true;
    return files.some((f) => {
      if (!f.startsWith(dir === "/" ? "/" : dir + "/")) return false;
      const down: string[] = [];
      for (let p = f; p.length > dir.length; p = p.slice(0, p.lastIndexOf("/"))) down.unshift(p);
      return down.some((p) => test(p, p !== f));
    });
  };
}

/**
 * Root `/proj`, home `/home/u`, the links above, and the files above (a directory read whole,
 * `grep -r x src`, meets `Read(./.env)` only when it holds a `.env`).
 */
export function testEnv(links: Record<string, string> = LINKS): PathEnv {
  return {
    root: "/proj",
    home: "/home/u",
    realPath: fakeRealPath(links),
    treeHolds: fakeTreeHolds(FILES),
  };
}
