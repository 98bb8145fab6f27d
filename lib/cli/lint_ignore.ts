/**
 * Findings a project means to keep: `lint --ignore CODE`, and the lines of the project's
 * `.skald-lint-ignore` file, each `CODE` or `CODE FILE-GLOB` (the glob relative to the root:
 * `hidden-name .claude/skills/legacy/**`), `#` starting a comment. Pure.
 *
 * @module
 */

import { compileGlob } from "../glob/path_glob.ts";

/** The ignore file, at the project's root. */
export const IGNORE_FILE = ".skald-lint-ignore";

/** One ignored code, everywhere or in the files a glob matches. */
export interface IgnoreEntry {
  code: string;
  glob?: string;
}

/**
 * Reads an ignore file's text.
 *
 * @param text the file's text
 * @returns the entries
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseIgnoreFile } from "./lint_ignore.ts";
 *
 * assert.deepEqual(parseIgnoreFile("# kept on purpose\nweak-rule\nhidden-name  .claude/skills/**\n"), [
 *   { code: "weak-rule" },
 *   { code: "hidden-name", glob: ".claude/skills/**" },
 * ]);
 * ```
 */
export function parseIgnoreFile(text: string): IgnoreEntry[] {
  const out: IgnoreEntry[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, "").trim();
    if (line === "") continue;
    const [code, glob] = line.split(/\s+/, 2);
    out.push(glob === undefined ? { code: code! } : { code: code!, glob });
  }
  return out;
}

/**
 * A test of whether a finding is ignored.
 *
 * @param entries the entries (`--ignore` ones have no glob)
 * @returns true for a finding of an ignored code, in a file its glob matches
 */
export function ignoreTest(
  entries: readonly IgnoreEntry[],
): (code: string, relativeFile: string) => boolean {
  const compiled = entries.map((e) => ({
    code: e.code,
    matches: e.glob === undefined ? () => true : compileGlob(e.glob),
  }));
  return (code, file) => compiled.some((e) => e.code === code && e.matches(file));
}
