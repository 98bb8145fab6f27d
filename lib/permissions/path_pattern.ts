/**
 * `Read(path)` / `Edit(path)` specifiers: gitignore-style globs with anchors. `//abs` is
 * absolute, `~/x` under the home, `/x`, `./x` and `x/y` under the project root, and a pattern
 * without a slash matches at any depth under the root. A pattern that matches a directory
 * matches everything below it. Pure.
 *
 * @module
 */

import { posix } from "../path.ts";
import { compileGlob, type PathMatcher } from "../glob/path_glob.ts";
import { globsOverlap } from "../glob/glob_overlap.ts";
import { isInside, type PathContext } from "./paths.ts";

/** Where a path pattern is anchored. */
export type PathAnchor = "absolute" | "home" | "root" | "anywhere";

/** A parsed path specifier. */
export interface PathPattern {
  /** What the glob is relative to. */
  anchor: PathAnchor;
  /** The glob relative to its base, without leading `..` (those are in `up`). */
  glob: string;
  /** Leading `..` segments: the base is that many directories above the root or home. */
  up: number;
  /** Compiled on first use. */
  matcher?: PathMatcher;
}

/**
 * Parses a path specifier. `wide` is Claude Code's reading of a deny or ask rule (2.1.332,
 * observed through the oracle): a pattern under the root that names one segment, with or
 * without `./` and a trailing `/**` (`./secrets/**`, `secrets/**`, `./.env`), matches at any
 * depth, as a pattern without a slash does; `/x`, `./a/b/**`, `secrets/*` and `d/e.txt` stay
 * anchored. Allow rules keep the spec's narrower reading (anchored at the root).
 *
 * @param spec the text inside the parentheses
 * @param wide read as a deny or ask rule
 * @returns the pattern, or an error message
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePathSpecifier } from "./path_pattern.ts";
 *
 * assert.deepEqual(parsePathSpecifier("./secrets/**"), { anchor: "root", glob: "secrets/**", up: 0 });
 * assert.deepEqual(parsePathSpecifier("./secrets/**", true), {
 *   anchor: "anywhere",
 *   glob: "secrets/**",
 *   up: 0,
 * });
 * assert.equal((parsePathSpecifier("./a/b/**", true) as { anchor: string }).anchor, "root");
 * assert.equal((parsePathSpecifier("/secrets/**", true) as { anchor: string }).anchor, "root");
 * ```
 */
export function parsePathSpecifier(spec: string, wide = false): PathPattern | { error: string } {
  if (spec.trim() === "") return { error: "empty path" };
  let anchor: PathAnchor;
  let rest: string;
  if (spec.startsWith("//")) [anchor, rest] = ["absolute", spec.replace(/^\/+/, "")];
  else if (spec === "~" || spec.startsWith("~/")) [anchor, rest] = ["home", spec.slice(2)];
  else if (spec.startsWith("/")) [anchor, rest] = ["root", spec.slice(1)];
  else if (spec === "." || spec.startsWith("./")) [anchor, rest] = ["root", spec.slice(2)];
  else if (spec.replace(/\/+$/, "").includes("/")) [anchor, rest] = ["root", spec];
  else [anchor, rest] = ["anywhere", spec];
  let glob = rest === "" ? "" : posix.normalize(rest).replace(/\/+$/, "");
  if (glob === ".") glob = "";
  let up = 0;
  while (glob === ".." || glob.startsWith("../")) {
    up++;
    glob = glob.slice(3);
  }
  if (up > 0 && anchor === "anywhere") anchor = "root";
  if (wide && anchor === "root" && up === 0 && !spec.startsWith("/")) {
    const name = glob.replace(/(\/\*\*)+$/, "");
    if (name !== "" && !name.includes("/")) anchor = "anywhere";
  }
  return { anchor, glob, up };
}

/**
 * The directories a pattern's glob is relative to: `/`, or the home or the root (as written
 * and as real path), `up` directories above.
 *
 * @param anchor the pattern's anchor
 * @param up its leading `..` segments
 * @param ctx root and home
 * @returns one directory, or two when the real form differs
 */
export function patternBases(anchor: PathAnchor, up: number, ctx: PathContext): string[] {
  const raw = anchor === "absolute"
    ? ["/"]
    : anchor === "home"
    ? [ctx.home, ctx.realHome]
    : [ctx.root, ctx.realRoot];
  const out = up === 0 ? raw : raw.map((b) => posix.normalize(b + "/..".repeat(up)));
  return out[0] === out[1] ? [out[0]!] : out;
}

/**
 * True when a path glob (an absolute shell argument like `/proj/secrets/*`) could name a path
 * the pattern matches, or a directory above one.
 *
 * @param pattern a parsed path specifier
 * @param glob an absolute glob
 * @param ctx root and home
 * @returns whether they can meet
 */
export function pathPatternOverlaps(pattern: PathPattern, glob: string, ctx: PathContext): boolean {
  const rel = pattern.glob === ""
    ? "**"
    : pattern.anchor === "anywhere"
    ? `**/${pattern.glob}`
    : pattern.glob;
  return patternBases(pattern.anchor, pattern.up, ctx).some((b) => {
    const prefix = b === "/" ? "" : b;
    return globsOverlap(glob, `${prefix}/${rel}`) || globsOverlap(glob, `${prefix}/${rel}/**`);
  });
}

function matcherOf(pattern: PathPattern): PathMatcher {
  if (pattern.matcher) return pattern.matcher;
  const glob = pattern.anchor === "anywhere" ? `**/${pattern.glob}` : pattern.glob;
  const itself = compileGlob(glob);
  const below = compileGlob(`${glob}/**`);
  return pattern.matcher = (path) => itself(path) || below(path);
}

/**
 * True when the pattern names the absolute path or a directory above it.
 *
 * @param pattern a parsed path specifier
 * @param path an absolute, normalised path
 * @param ctx root and home, as written and real
 * @returns whether the pattern matches
 */
export function pathPatternMatches(pattern: PathPattern, path: string, ctx: PathContext): boolean {
  for (const base of patternBases(pattern.anchor, pattern.up, ctx)) {
    if (!isInside(path, base)) continue;
    const rel = base === "/" ? path.slice(1) : path.slice(base.length + 1);
    if (pattern.glob === "" || pattern.glob === "**") return true;
    if (rel !== "" && matcherOf(pattern)(rel)) return true;
  }
  return false;
}
