/**
 * Which path rules a directory read whole really meets (issue 23, point 1): the directory is
 * walked once on disk, as its reader walks it (`tree_filter.ts`), and every rule that names a
 * file found there is met; a rule whose walk ran out of budget may be ("maybe": the call is
 * asked about, never allowed and never denied on a guess). A rule is tested on an entry only
 * when the entry's name matches the rule's last named segment (a cheap test), then in full; a
 * directory it names is met by the first file the reader reads below it. Pure:
 * the walk is the environment's (`PathContext.treeHolds`).
 *
 * @module
 */

import { expandBraces, literalSegment, segmentMatch } from "../glob/path_glob.ts";
import type { PathContext } from "./paths.ts";
import { type PathPattern, pathPatternMatches } from "./path_pattern.ts";
import type { TreeFilter } from "./tree_filter.ts";

/**
 * What a walk says of a rule: met, by the path it names there (absolute), or not known (its
 * budget ran out first).
 */
export type TreeHit = { path: string } | "maybe";

/** A rule to hold against a tree: anything with a pattern. */
export interface TreeProbe<T> {
  key: T;
  pattern: PathPattern;
}

/**
 * The rules a directory read whole meets: each probe met by a file the reader reads below the
 * directory (or by the directory itself), with that file, or "maybe" when the walk could not
 * finish.
 *
 * @param dir the directory, absolute
 * @param probes the rules (only those that can name a path below it, by their text)
 * @param filter what the reader skips
 * @param ctx the walk, the budget and the real paths
 * @returns the rules met, by key
 */
export function treeHits<T>(
  dir: string,
  probes: readonly TreeProbe<T>[],
  filter: TreeFilter,
  ctx: PathContext,
): Map<T, TreeHit> {
  const hits = new Map<T, TreeHit>();
  if (probes.length === 0) return hits;
  if (ctx.treeHolds === undefined) {
    for (const p of probes) hits.set(p.key, "maybe");
    return hits;
  }
  const left = probes.map((p) => ({ ...p, keys: lastSegments(p.pattern), armed: [] as string[] }));
  const test = (path: string, isDir?: boolean) => {
    const name = path.slice(path.lastIndexOf("/") + 1);
    for (let i = left.length - 1; i >= 0; i--) {
      const p = left[i]!;
      // Below a directory the rule names, any file the reader reads meets it.
      let met = isDir === false && p.armed.some((a) => path.startsWith(a));
      // Else the entry's name must match the rule's last segment before the full test; the
      // walk's top (isDir undefined) always gets the full test.
      if (!met) {
        const cheap = isDir === undefined || p.keys === undefined || p.keys.some((k) => k(name));
        if (cheap && pathPatternMatches(p.pattern, path, ctx)) {
          if (isDir) p.armed.push(`${path}/`);
          else met = true;
        }
      }
      if (met) {
        hits.set(p.key, { path });
        left.splice(i, 1);
      }
    }
    return left.length === 0;
  };
  const done = ctx.treeHolds(dir, test, {
    reader: filter,
    ...(ctx.walkBudget === undefined ? {} : { budget: ctx.walkBudget }),
  });
  if (done === undefined) { for (const p of left) hits.set(p.key, "maybe"); }
  return hits;
}

/**
 * The last segment of a pattern's glob that is not `**` (each brace alternative's): a path the
 * pattern names has a segment that matches it. Undefined when there is none (`**`, empty).
 */
function lastSegments(pattern: PathPattern): ((name: string) => boolean)[] | undefined {
  const out: ((name: string) => boolean)[] = [];
  for (const alt of expandBraces(pattern.glob)) {
    const seg = alt.split("/").filter((s) => s !== "" && s !== "**").at(-1);
    if (seg === undefined) return undefined;
    out.push(segmentTest(seg));
  }
  return out.length === 0 ? undefined : out;
}

/**
 * A segment pattern as a test of a name, the common shapes without the matcher (a walk tests
 * every entry it meets: `secrets` by equality, `*.env` by its end).
 */
function segmentTest(seg: string): (name: string) => boolean {
  const literal = literalSegment(seg);
  if (literal !== undefined) return (name) => name === literal;
  const suffix = /^\*([^*?[{\\]+)$/.exec(seg)?.[1];
  if (suffix !== undefined) return (name) => name.endsWith(suffix);
  return (name) => segmentMatch(seg, name);
}
