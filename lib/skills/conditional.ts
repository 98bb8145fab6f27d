/**
 * Conditional skills (Claude Code's `paths:` frontmatter): the globs of a skill, and whether a
 * touched file matches one, relative to the skill's base. Pure.
 *
 * @module
 */

import { posix } from "../path.ts";
import { compileGlob, type PathMatcher } from "../glob/path_glob.ts";
import { splitOutside } from "./split_outside.ts";

/**
 * Splits a comma-separated glob list, not inside `{a,b}`.
 *
 * @param text the `paths:` string
 * @returns the globs, trimmed, empty ones left out
 */
function splitGlobList(text: string): string[] {
  return splitOutside(text, "{", "}", (c) => c === ",").map((g) => g.trim()).filter((g) =>
    g !== ""
  );
}

/**
 * The globs of a `paths:` value: a YAML list (of strings), or a comma-separated string.
 *
 * @param value the frontmatter value
 * @returns the globs; none without `paths:`
 */
export function globsOf(value: unknown): string[] {
  if (typeof value === "string") return splitGlobList(value);
  if (Array.isArray(value)) {
    return value.filter((v): v is string => typeof v === "string").map((v) => v.trim())
      .filter((v) => v !== "");
  }
  return [];
}

const compiled = new Map<string, PathMatcher>();

/**
 * True when a glob matches a path relative to the base: `*` within a segment, `**` over
 * segments, `?` one character, `{a,b}` alternatives; a glob without `/` matches the file name
 * in any directory.
 *
 * @param glob the glob
 * @param relative the path relative to the skill's base, `/`-separated
 * @returns whether it matches
 */
export function globMatches(glob: string, relative: string): boolean {
  const key = glob.includes("/") ? glob.replace(/^\.\//, "") : `**/${glob}`;
  let m = compiled.get(key);
  if (m === undefined) {
    m = compileGlob(key);
    compiled.set(key, m);
  }
  return m(relative);
}

/**
 * The path of a file relative to a base, or undefined when it is not below it.
 *
 * @param path an absolute path
 * @param base an absolute directory
 * @returns the relative path
 */
export function relativeTo(path: string, base: string): string | undefined {
  const rel = posix.relative(base, path);
  if (rel === "" || rel === ".." || rel.startsWith("../") || posix.isAbsolute(rel)) {
    return undefined;
  }
  return rel;
}
