/**
 * Whether two path globs can name the same path: a shell argument `secrets/*` and a rule
 * `Read(./secrets/**)` can, `*.txt` and `secrets/**` cannot. Segment by segment: a literal
 * segment against a pattern is matched exactly, two patterns are taken to overlap (more
 * denials, never fewer), `**` stands for any number of segments. Pure.
 *
 * @module
 */

import { expandBraces, segmentMatch } from "./path_glob.ts";

const GLOB = /[*?[\\]/;

function compatible(a: string, b: string): boolean {
  if (!GLOB.test(a)) return segmentMatch(b, a);
  if (!GLOB.test(b)) return segmentMatch(a, b);
  return true;
}

function overlap(a: string[], b: string[]): boolean {
  const seen = new Set<number>();
  const walk = (i: number, j: number): boolean => {
    const key = i * (b.length + 1) + j;
    if (seen.has(key)) return false;
    seen.add(key);
    if (i === a.length && j === b.length) return true;
    if (i < a.length && a[i] === "**" && (walk(i + 1, j) || (j < b.length && walk(i, j + 1)))) {
      return true;
    }
    if (j < b.length && b[j] === "**" && (walk(i, j + 1) || (i < a.length && walk(i + 1, j)))) {
      return true;
    }
    if (i === a.length || j === b.length) return false;
    return compatible(a[i]!, b[j]!) && walk(i + 1, j + 1);
  };
  return walk(0, 0);
}

/**
 * True when some path could match both globs.
 *
 * @param a a glob, `/`-separated
 * @param b another
 * @returns whether they can name the same path
 */
export function globsOverlap(a: string, b: string): boolean {
  const split = (g: string) => g.split("/").filter((s) => s !== "");
  return expandBraces(a).some((x) => expandBraces(b).some((y) => overlap(split(x), split(y))));
}
