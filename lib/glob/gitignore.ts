/**
 * gitignore patterns, as git reads a `.gitignore` (man gitignore, "PATTERN FORMAT"): blank
 * lines and `#` comments skipped, trailing spaces dropped unless escaped, `!` re-includes, a
 * trailing `/` matches directories only, a `/` at the start or in the middle anchors the pattern
 * to the file's directory (else it matches a name at any depth), `**` as a whole segment spans
 * directories; braces are literal. ripgrep's `--glob` reads the same syntax. Written on the
 * path-glob matcher (`path_glob.ts`) instead of taking the `ignore` package: the permission
 * engine decides synchronously in the hook, where an npm import costs a resolve on every call.
 * Tested against `git check-ignore` (`tests/glob/gitignore_test.ts`). Pure.
 *
 * @module
 */

import { compileGlob, type PathMatcher } from "./path_glob.ts";

/** One line of an ignore file, compiled. */
interface IgnoreLine {
  /** `!pattern`: a path it matches is included again. */
  negate: boolean;
  /** `pattern/`: it matches directories only. */
  dirOnly: boolean;
  /** The matcher, on a path relative to the file's directory. */
  matches: PathMatcher;
}

/** What a set of patterns says of a path: ignored, included again, or nothing. */
export type IgnoreVerdict = "ignored" | "included" | undefined;

/** Compiled patterns: what the last line that matches a path says of it. */
export type IgnoreMatcher = (relativePath: string, isDir: boolean) => IgnoreVerdict;

/** The options of {@link compileIgnore}. */
export interface IgnoreOptions {
  /** Match letters of either case (ripgrep's `--iglob`, `core.ignoreCase`). */
  caseless?: boolean;
}

/**
 * Compiles the lines of an ignore file.
 *
 * @param lines the file's lines (or ripgrep's `--glob` values)
 * @param options case
 * @returns a matcher on paths relative to the file's directory, `/`-separated
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileIgnore } from "./gitignore.ts";
 *
 * const m = compileIgnore([".env*", "!.env.example", "/build/", "secrets/**"]);
 * assert.equal(m(".env", false), "ignored");
 * assert.equal(m("web/.env.local", false), "ignored");
 * assert.equal(m(".env.example", false), "included");
 * assert.equal(m("build", true), "ignored");
 * assert.equal(m("src/build", true), undefined);
 * assert.equal(m("secrets/key", false), "ignored");
 * ```
 */
export function compileIgnore(
  lines: readonly string[],
  options: IgnoreOptions = {},
): IgnoreMatcher {
  const compiled = lines.flatMap((l) => compileLine(l, options.caseless ?? false) ?? []);
  return (path, isDir) => {
    const rel = options.caseless ? path.toLowerCase() : path;
    for (let i = compiled.length - 1; i >= 0; i--) {
      const line = compiled[i]!;
      if (line.dirOnly && !isDir) continue;
      if (line.matches(rel)) return line.negate ? "included" : "ignored";
    }
    return undefined;
  };
}

/**
 * The lines of an ignore file's text (`\r\n` or `\n`).
 *
 * @param text the file's text
 * @returns its lines
 */
export function ignoreLines(text: string): string[] {
  return text.split(/\r?\n/);
}

function compileLine(raw: string, caseless: boolean): IgnoreLine | undefined {
  // Trailing spaces go unless the last one is escaped (`a\ `).
  let line = raw.replace(/(?<!\\)[ ]+$/, "");
  if (line === "" || line.startsWith("#")) return undefined;
  let negate = false;
  if (line.startsWith("!")) {
    negate = true;
    line = line.slice(1);
  } else if (line.startsWith("\\!") || line.startsWith("\\#")) line = line.slice(1);
  let dirOnly = false;
  if (line.endsWith("/") && !line.endsWith("\\/")) {
    dirOnly = true;
    line = line.replace(/\/+$/, "");
  }
  if (line === "") return undefined;
  // A slash left at the start or in the middle anchors the pattern to the file's directory.
  const anchored = line.includes("/");
  line = line.replace(/^\/+/, "");
  if (caseless) line = line.toLowerCase();
  // Braces and commas are literal in gitignore; the path-glob matcher would expand them.
  const glob = line.replace(/[{},]/g, (c) => `\\${c}`);
  return { negate, dirOnly, matches: compileGlob(anchored ? glob : `**/${glob}`) };
}
