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

/** How a walk goes. */
export interface WalkOptions {
  /** The most entries to look at (default {@link TREE_BUDGET}). */
  budget?: number;
  /**
   * Follow the symbolic links met below the directory, as `grep -R`, `tar -h` or `zip -r` do: a
   * link is also tested by its target's real path, and a link to a directory is walked (each
   * real directory once), so that a tree that reaches a path through a link holds it.
   */
  followLinks?: boolean;
}

/**
 * True when the directory, or a path below it, passes the test; undefined when the walk ran out
 * of budget (so it may). Symbolic links are not followed unless asked (`grep -r` does not
 * follow them, `grep -R` does); a directory that cannot be read is skipped, and so is a link
 * that leads nowhere.
 *
 * @param dir an absolute directory
 * @param test a test on an absolute path
 * @param options the budget, and whether links are followed
 * @returns whether a path passes, or undefined when not known
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { treeHolds } from "../../mod.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.mkdir(`${dir}/a/b`, { recursive: true });
 *   await Deno.mkdir(`${dir}/secrets`);
 *   await Deno.writeTextFile(`${dir}/a/b/.env`, "KEY=1");
 *   await Deno.writeTextFile(`${dir}/secrets/key`, "KEY=2");
 *   await Deno.symlink("../secrets", `${dir}/a/keys`);
 *   assert.equal(treeHolds(dir, (p) => p.endsWith("/.env")), true);
 *   assert.equal(treeHolds(`${dir}/a`, (p) => p.endsWith("/id_rsa")), false);
 *   assert.equal(treeHolds(dir, () => false, { budget: 1 }), undefined);
 *   // Through the link `a/keys`: only when links are followed.
 *   const secret = (p: string) => p === `${dir}/secrets/key`;
 *   assert.equal(treeHolds(`${dir}/a`, secret), false);
 *   assert.equal(treeHolds(`${dir}/a`, secret, { followLinks: true }), true);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function treeHolds(
  dir: string,
  test: (path: string) => boolean,
  options: WalkOptions = {},
): boolean | undefined {
  const budget = options.budget ?? TREE_BUDGET;
  if (test(dir)) return true;
  const queue = [dir];
  // The real directories walked, when links are followed: a link to an ancestor ends there.
  const walked = new Set<string>();
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
      else if (e.isSymlink && options.followLinks) {
        const target = linkTarget(path);
        if (target === "unknown") return undefined;
        if (target === undefined) continue;
        if (test(target.path)) return true;
        if (target.isDirectory && !walked.has(target.path)) {
          walked.add(target.path);
          queue.push(target.path);
        }
      }
    }
  }
  return false;
}

/**
 * Where a link leads: its target's real path, and whether that is a directory; undefined for a
 * link that leads nowhere; "unknown" for one whose target depends on the process that follows it
 * (`/proc/self/cwd/...`, `/dev/fd/N`): skald's own would not be the reader's.
 */
function linkTarget(
  path: string,
): { path: string; isDirectory: boolean } | "unknown" | undefined {
  try {
    if (
      /^\/(proc\/(self|thread-self|\d+)|dev\/(fd|stdin|stdout|stderr))(\/|$)/.test(
        Deno.readLinkSync(path),
      )
    ) {
      return "unknown";
    }
    const real = Deno.realPathSync(path);
    return { path: real, isDirectory: Deno.statSync(real).isDirectory };
  } catch {
    return undefined;
  }
}
