/**
 * A plugin's `engines["claude-code"]`, read as Claude Code 2.1.332 reads it (its `HNe` and
 * `a0e`, `chunk-bqhgd24a.js`; its messages, `chunk-6mpxgecd.js`): only that key of `engines`
 * counts. A value that is not text, longer than 256 characters, with a control or
 * bidirectional character, or not a version range is ignored, with the warning
 * `Its Claude Code range "..." isn't a version range, so it's ignored`. A range that leaves out
 * 2.1.332 stops an installed plugin from loading, except one read from the author's own folder
 * (`--plugin-dir`, a directory marketplace): that one loads, with the warning `It needs Claude
 * Code ..., this is 2.1.332. It loads anyway, because it's read from a local folder` (observed:
 * `>=99.0.0`, `not a range` and `node >=99` all load from `--plugin-dir`). Pure: the range
 * functions are given (npm's `semver`, which agrees with Claude Code's own reader on every case
 * of `tests/skills/engine_range_test.ts`).
 *
 * @module
 */

import type { SkillProblem } from "./load_catalogue.ts";

/** The Claude Code version plugins' ranges are held against. */
export const ENGINE_VERSION = "2.1.332";

/** A plugin's stated range, as discovery found it. */
export interface StatedRange {
  /** The plugin's name. */
  plugin: string;
  /** Its manifest, where a problem is reported. */
  file: string;
  /** `engines["claude-code"]` as written. */
  stated: unknown;
  /** Read from the author's folder (`--plugin-dir`), not from an installed copy. */
  local: boolean;
  /** The place of `engines["claude-code"]` in its file. */
  at?: (string | number)[];
}

/** The two range functions of npm's `semver`. */
export interface RangeFunctions {
  /** The range normalised, or null when the text is no range. */
  validRange(range: string): string | null;
  /** Whether a version is in a range. */
  satisfies(version: string, range: string): boolean;
}

/** Control and bidirectional characters (Claude Code's `Wyt`). */
const CONTROL = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** A text cut at 100 characters, as Claude Code quotes a range. */
const quote = (s: string) => s.length > 100 ? `${s.slice(0, 99)}\u2026` : s;

/**
 * What Claude Code 2.1.332 makes of a stated range: nothing when it fits, else a warning.
 *
 * @param range the stated range
 * @param semver `validRange` and `satisfies` (npm's `semver`)
 * @returns the problem, or undefined when the range holds 2.1.332
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import semver from "npm:semver@7.7.2";
 * import { engineRangeProblem } from "./engine_range.ts";
 *
 * const at = { plugin: "p", file: "/p/.claude-plugin/plugin.json", local: true };
 * assert.equal(engineRangeProblem({ ...at, stated: ">=2.1.0 <3" }, semver), undefined);
 * assert.equal(
 *   engineRangeProblem({ ...at, stated: ">=99.0.0" }, semver)?.reason,
 *   'engines["claude-code"] is ">=99.0.0": Claude Code 2.1.332 is outside it, and loads the ' +
 *     "plugin anyway, because it reads it from a local folder",
 * );
 * ```
 */
export function engineRangeProblem(
  range: StatedRange,
  semver: RangeFunctions,
): SkillProblem | undefined {
  const { stated } = range;
  const warning = (reason: string): SkillProblem => ({
    file: range.file,
    reason,
    level: "warning",
    code: "engine-range",
    ...(range.at === undefined ? {} : { at: { path: range.at } }),
  });
  if (typeof stated !== "string") {
    return warning(
      `engines["claude-code"] is not text, so Claude Code ${ENGINE_VERSION} ignores it`,
    );
  }
  if (stated.length > 256 || CONTROL.test(stated) || semver.validRange(stated) === null) {
    return warning(
      `engines["claude-code"] is "${quote(stated)}", which is not a version range, so Claude ` +
        `Code ${ENGINE_VERSION} ignores it`,
    );
  }
  if (semver.satisfies(ENGINE_VERSION, stated)) return undefined;
  const outside = `engines["claude-code"] is "${quote(stated)}": Claude Code ${ENGINE_VERSION} ` +
    "is outside it";
  return warning(
    range.local
      ? `${outside}, and loads the plugin anyway, because it reads it from a local folder`
      : `${outside}: it does not load an installed copy of the plugin (unless its marketplace ` +
        "is a local folder, which skald does not read); skald lists it",
  );
}
