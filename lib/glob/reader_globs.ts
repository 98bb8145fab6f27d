/**
 * The glob semantics of recursive readers (issue 23): grep's `--include`/`--exclude`/
 * `--exclude-dir` on names, ripgrep's `--glob` overrides, and the precedence of ignore files
 * (gitignore's, ripgrep's). The filter they serve is `lib/permissions/tree_filter.ts`; each is
 * held against the program itself in `tests/permissions/tree_filter_test.ts`. Pure.
 *
 * @module
 */

import { segmentMatch } from "./path_glob.ts";
import { compileIgnore, type IgnoreMatcher, type IgnoreVerdict } from "./gitignore.ts";

/** A name glob of grep's: `--include=GLOB` (include) or `--exclude=GLOB`. */
export interface NameGlob {
  /** `--include` (else `--exclude`). */
  include: boolean;
  /** The glob, matched against a file's name. */
  glob: string;
}

/** A glob of ripgrep's `--glob`/`--iglob` (`!GLOB` excludes). */
export interface OverrideGlob {
  /** The glob as given (`!GLOB` excludes). */
  glob: string;
  /** Given with `--iglob`: matched without case. */
  caseless: boolean;
}

/**
 * Whether grep reads a file it meets below a directory, by its name (man grep, `--include`):
 * "If contradictory --include and --exclude options are given, the last matching one wins. If
 * no --include or --exclude options match, a file is included unless the first such option is
 * --include." Globs match the base name, `*` matching a leading dot.
 *
 * @param globs the `--include` and `--exclude` globs, in order
 * @param name the file's base name
 * @returns whether grep reads it
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { grepReadsName } from "./reader_globs.ts";
 *
 * assert.equal(grepReadsName([{ include: true, glob: "*.py" }], ".env"), false);
 * assert.equal(grepReadsName([{ include: false, glob: ".env*" }], ".env.local"), false);
 * assert.equal(grepReadsName([{ include: false, glob: "*.md" }], ".env"), true);
 * ```
 */
export function grepReadsName(globs: readonly NameGlob[], name: string): boolean {
  for (let i = globs.length - 1; i >= 0; i--) {
    if (segmentMatch(globs[i]!.glob, name)) return globs[i]!.include;
  }
  return globs.length === 0 || !globs[0]!.include;
}

/**
 * Whether grep skips a directory it meets below one it reads (`--exclude-dir=GLOB`: "skip any
 * subdirectory whose base name matches GLOB").
 *
 * @param globs the `--exclude-dir` globs
 * @param name the directory's base name
 * @returns whether it is skipped
 */
export function grepSkipsDir(globs: readonly string[], name: string): boolean {
  return globs.some((g) => segmentMatch(g.replace(/\/+$/, ""), name));
}

/** ripgrep's overrides compiled: the verdict on a path relative to where it runs. */
export type OverrideMatcher = (relativePath: string, isDir: boolean) => IgnoreVerdict;

/**
 * ripgrep's `--glob` overrides (the `ignore` crate's `overrides.rs`): gitignore globs whose
 * sense is turned round (`GLOB` includes, `!GLOB` excludes), the last that matches winning and
 * beating every other rule (hidden names, ignore files); a file no glob matches is skipped when
 * any glob includes.
 *
 * @param globs the globs, in order
 * @returns the matcher: `included`, `ignored`, or undefined (the other rules decide)
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileOverrides } from "./reader_globs.ts";
 *
 * const m = compileOverrides([{ glob: "*.py", caseless: false }]);
 * assert.equal(m("src/a.py", false), "included");
 * assert.equal(m(".env", false), "ignored");
 * assert.equal(m("src", true), undefined);
 * assert.equal(compileOverrides([{ glob: "!secrets", caseless: false }])("secrets", true), "ignored");
 * ```
 */
export function compileOverrides(globs: readonly OverrideGlob[]): OverrideMatcher {
  const lines = globs.map((g) => ({
    matcher: compileIgnore([g.glob.startsWith("!") ? g.glob.slice(1) : g.glob], {
      caseless: g.caseless,
    }),
    include: !g.glob.startsWith("!"),
  }));
  const whitelists = lines.some((l) => l.include);
  return (path, isDir) => {
    for (let i = lines.length - 1; i >= 0; i--) {
      if (lines[i]!.matcher(path, isDir) === "ignored") {
        return lines[i]!.include ? "included" : "ignored";
      }
    }
    return whitelists && !isDir ? "ignored" : undefined;
  };
}

/** One directory's ignore files, compiled, by file name. */
export type DirIgnores = ReadonlyMap<string, IgnoreMatcher>;

/**
 * Whether ignore files ignore a path: for each kind of file in precedence order, the file of
 * the path's directory and then of each directory above it (the deepest that matches decides
 * for its kind), then the repository's `info/exclude` (man gitignore, "the precedence").
 *
 * @param chain the ignore files of each directory from the path's own up (absolute directories)
 * @param kinds the ignore file names, highest precedence first
 * @param exclude the repository's `info/exclude` and its top, when it counts
 * @param path the path, absolute
 * @param isDir it is a directory
 * @returns whether it is ignored
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileIgnore } from "./gitignore.ts";
 * import { ignoredBy } from "./reader_globs.ts";
 *
 * const chain = [
 *   { dir: "/p/web", files: new Map([[".gitignore", compileIgnore(["!.env"])]]) },
 *   { dir: "/p", files: new Map([[".gitignore", compileIgnore([".env"])]]) },
 * ];
 * assert.equal(ignoredBy(chain, [".gitignore"], undefined, "/p/web/.env", false), false);
 * assert.equal(ignoredBy(chain.slice(1), [".gitignore"], undefined, "/p/.env", false), true);
 * ```
 */
export function ignoredBy(
  chain: readonly { dir: string; files: DirIgnores }[],
  kinds: readonly string[],
  exclude: { matcher: IgnoreMatcher; top: string } | undefined,
  path: string,
  isDir: boolean,
): boolean {
  const under = (dir: string) => dir === "/" ? path.slice(1) : path.slice(dir.length + 1);
  for (const kind of kinds) {
    for (const { dir, files } of chain) {
      const verdict = files.get(kind)?.(under(dir), isDir);
      if (verdict !== undefined) return verdict === "ignored";
    }
  }
  return exclude !== undefined && exclude.matcher(under(exclude.top), isDir) === "ignored";
}
