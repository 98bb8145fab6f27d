/**
 * `--settings` values as the CLI and the hook hand them to the settings loader: a file named
 * relative to the current directory, as every other path argument is (the loader alone would
 * take it relative to the project root), inline JSON (starting with `{`) as given.
 *
 * Apart from `common.ts` so that the hook's start-up path can use it without loading the CLI
 * library.
 *
 * @module
 */

import { posix } from "../path.ts";

/**
 * Resolves the file values of `--settings` against the current directory.
 *
 * @param values the `--settings` values
 * @param cwd the current directory
 * @returns absolute paths, and inline JSON unchanged
 */
export function settingsArgs(values: readonly string[], cwd: string): string[] {
  return values.map((v) => v.trimStart().startsWith("{") ? v : posix.resolve(cwd, v));
}
