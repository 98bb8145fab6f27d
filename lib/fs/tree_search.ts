/**
 * Whether a directory on disk holds a path a test accepts: the one place the permission engine
 * walks a directory tree. A reader that descends a directory (`grep -r KEY src`) is held
 * against a Read rule that matches at any depth (`Read(./.env)`) only when `src` really holds
 * such a path, so that every recursive read under such a rule is not denied for nothing. The
 * walk is bounded: past the budget, the answer is "maybe" and the rule applies.
 *
 * @module
 */

/** Entries looked at, at most, per question. */
export const TREE_BUDGET = 5000;

/**
 * True when the directory, or a path below it, passes the test; undefined when the walk ran out
 * of budget (so it may). Symbolic links are not followed (`grep -r` does not follow them); a
 * directory that cannot be read is skipped.
 *
 * @param dir an absolute directory
 * @param test a test on an absolute path
 * @param budget the most entries to look at
 * @returns whether a path passes, or undefined when not known
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { treeHolds } from "./tree_search.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.mkdir(`${dir}/a/b`, { recursive: true });
 *   await Deno.writeTextFile(`${dir}/a/b/.env`, "KEY=1");
 *   assert.equal(treeHolds(dir, (p) => p.endsWith("/.env")), true);
 *   assert.equal(treeHolds(`${dir}/a`, (p) => p.endsWith("/id_rsa")), false);
 *   assert.equal(treeHolds(dir, () => false, 1), undefined);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function treeHolds(
  dir: string,
  test: (path: string) => boolean,
  budget = TREE_BUDGET,
): boolean | undefined {
  if (test(dir)) return true;
  const queue = [dir];
  let seen = 0;
  while (queue.length > 0) {
    const d = queue.pop()!;
    let entries: Iterable<Deno.DirEntry>;
    try {
      entries = Deno.readDirSync(d);
    } catch {
      continue;
    }
    for (const e of entries) {
      if (++seen > budget) return undefined;
      const path = d === "/" ? `/${e.name}` : `${d}/${e.name}`;
      if (test(path)) return true;
      if (e.isDirectory) queue.push(path);
    }
  }
  return false;
}
