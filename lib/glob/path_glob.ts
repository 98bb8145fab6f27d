/**
 * Path globs (`*`, `**`, `?`, `{a,b}`, `[abc]`) for permission path rules and skills' `paths:`,
 * compiled once by picomatch. A pattern is matched against a path relative to its base, with
 * `/` separators and no leading slash.
 *
 * @module
 */

import { picomatch } from "../deps.ts";

/** A compiled path glob. */
export type PathMatcher = (relativePath: string) => boolean;

const OPTIONS = { dot: true, nonegate: true, noextglob: true } as const;

/**
 * Compiles a glob. Dotfiles match `*` (as in gitignore); `!` and extglobs are literal.
 *
 * @param glob the pattern, relative to its base
 * @returns a function telling whether a relative path matches
 */
export function compileGlob(glob: string): PathMatcher {
  const re = picomatch.makeRe(glob, OPTIONS);
  return (path) => re.test(path);
}
