/**
 * Claude Code 2.1.332's blocks on what lies outside the working directories, in every mode
 * (bypassPermissions and dontAsk included) and over every allow rule (observed through the
 * oracle):
 *
 * - `permissions.blockReadsOutsideWorkingDirectories` denies a file tool's read outside them
 *   (Read, Grep, Glob, LS), and asks about a shell command that reads outside them or whose
 *   paths are only known when it runs;
 * - `blockFileToolReadsOutsideWorkingDirectories` (from `--settings` only) does the first and
 *   leaves shell commands alone;
 * - `permissions.blockWritesOutsideWorkingDirectories` denies a file tool's write outside them,
 *   and a write of a Claude Code settings file (`.claude/settings.json`,
 *   `.claude/settings.local.json`) anywhere, since that file could lift the block. Claude Code
 *   leaves shell commands alone; skald asks about one that writes outside them (stricter: the
 *   docs/differences.md says so).
 *
 * Pure: the working directories and the command's effects come in as data.
 *
 * @module
 */

import type { CallFacts } from "./facts.ts";
import type { ShellEffects } from "./effects/shell_effects.ts";
import { isInside, type PathContext, resolvePath } from "./paths.ts";
import type { Restriction } from "./policy_sources.ts";
import { unruled } from "./reasons.ts";
import { READ_TOOLS, WRITE_TOOLS } from "./tool_names.ts";
import type { Decision } from "./verdict.ts";
import type { WorkingDirs } from "./working_dirs.ts";

/**
 * What the blocks count as inside: the working directories they count, less the paths of
 * `workingDirectoriesExclude` (but a working directory at or inside one), plus for reads the
 * paths of `blockReadsExemptPaths` (both from `--settings`, as Claude Code reads them).
 */
export interface BlockScope {
  /** The working directories the blocks count. */
  dirs: WorkingDirs;
  /** Absolute paths a read block lets through. */
  exempt: readonly string[];
  /** Absolute paths counted as outside every working directory. */
  excluded: readonly string[];
}

/** Whether a block counts the path as inside. */
function inside(scope: BlockScope, path: string, reading: boolean): boolean {
  if (reading && scope.exempt.some((e) => isInside(path, e))) return true;
  const excluded = scope.excluded.filter((x) => isInside(path, x));
  if (excluded.length > 0) {
    // Still inside: a working directory that is the excluded path or lies inside it.
    return scope.dirs.dirs.some((d) =>
      excluded.some((x) => isInside(d.written, x)) && isInside(path, d.written)
    );
  }
  return scope.dirs.contains(path);
}

/** `.claude/settings.json` or `.claude/settings.local.json`, wherever it is. */
const SETTINGS_FILE = /(^|\/)\.claude\/settings(\.local)?\.json$/;

const READS = "blockReadsOutsideWorkingDirectories";
const FILE_TOOL_READS = "blockFileToolReadsOutsideWorkingDirectories";
const WRITES = "blockWritesOutsideWorkingDirectories";

/** The setting, named with the source that set it. */
const named = (key: Restriction, on: ReadonlyMap<Restriction, string>) =>
  `permissions.${key} (from ${on.get(key)})`;

/**
 * Every absolute path a command's literal reads reach: each read from each directory the
 * command may run in, and the trees and globs it reads.
 */
function commandReads(effects: ShellEffects, ctx: PathContext): string[] {
  const written = [...effects.reads, ...effects.readTrees, ...effects.readGlobs.map(globBase)];
  return effects.bases.flatMap((base) => written.map((p) => resolvePath(p, { ...ctx, cwd: base })));
}

/** The directory a glob stays inside: its part before the first segment with a wildcard. */
function globBase(glob: string): string {
  const segments = glob.split("/");
  const fixed = segments.slice(0, segments.findIndex((s) => /[*?[]/.test(s)));
  return fixed.length === 0 ? "." : fixed.join("/") || "/";
}

/** Every absolute path a command's literal writes reach, from each directory it may run in. */
function commandWrites(effects: ShellEffects, ctx: PathContext): string[] {
  const written = [
    ...effects.writes,
    ...effects.writeTrees,
    ...effects.writeGlobs.map(globBase),
    ...effects.copies.map((c) => c.into),
  ];
  return effects.bases.flatMap((base) => written.map((p) => resolvePath(p, { ...ctx, cwd: base })));
}

/**
 * The decision of a block in force on the call, or undefined when none applies.
 *
 * @param facts the call's facts
 * @param effects the command's effects (bash and monitor calls)
 * @param ctx where the call runs
 * @param scope what the blocks count as inside
 * @param on the restricting switches in force, with their sources
 * @returns a deny (a file tool) or an ask (a shell command), naming the setting
 */
export function outsideBlock(
  facts: CallFacts,
  effects: ShellEffects | undefined,
  ctx: PathContext,
  scope: BlockScope,
  on: ReadonlyMap<Restriction, string>,
): Decision | undefined {
  if (on.size === 0) return undefined;
  const tool = facts.tool;
  const paths = facts.paths ?? [];
  const reads = tool !== undefined && READ_TOOLS.includes(tool);
  const outside = paths.find((p) => !inside(scope, p, reads));
  if (reads && outside !== undefined) {
    const key = on.has(READS) ? READS : on.has(FILE_TOOL_READS) ? FILE_TOOL_READS : undefined;
    if (key !== undefined) {
      return unruled(
        "deny",
        `Reading ${outside}, outside the working directories, is blocked by ${named(key, on)}`,
        "guard",
      );
    }
  }
  if (tool !== undefined && WRITE_TOOLS.includes(tool) && on.has(WRITES)) {
    if (outside !== undefined) {
      return unruled(
        "deny",
        `Writing ${outside}, outside the working directories, is blocked by ${named(WRITES, on)}`,
        "guard",
      );
    }
    const settings = paths.find((p) => SETTINGS_FILE.test(p));
    if (settings !== undefined) {
      return unruled(
        "deny",
        `Writing the Claude Code settings file ${settings} is blocked while ` +
          `${named(WRITES, on)} is on: the file could lift the block`,
        "guard",
      );
    }
  }
  if (effects === undefined || facts.command === undefined) return undefined;
  if (on.has(READS)) {
    const read = commandReads(effects, ctx).find((p) => !inside(scope, p, true));
    if (read !== undefined) {
      return unruled(
        "ask",
        `The command reads ${read}, outside the working directories: ${named(READS, on)}`,
        "guard",
      );
    }
    if (runTimePaths(facts, effects)) {
      return unruled(
        "ask",
        "A path of the command is only known when it runs, so it cannot be held against " +
          named(READS, on),
        "guard",
      );
    }
  }
  if (on.has(WRITES)) {
    const write = commandWrites(effects, ctx).find((p) => !inside(scope, p, false));
    if (write !== undefined || effects.unknownWrites) {
      return unruled(
        "ask",
        `The command writes ${write ?? "where it is only known when it runs"}, outside the ` +
          `working directories: ${named(WRITES, on)}`,
        "guard",
      );
    }
  }
  return undefined;
}

/** True when a command reads a place only known when it runs: a computed word, a hidden part. */
function runTimePaths(facts: CallFacts, effects: ShellEffects): boolean {
  const command = facts.command!;
  if (effects.unknownTree || effects.looseGlobs || command.view.hidden.length > 0) return true;
  return command.parse.commands.some((c) =>
    c.words.slice(1).some((w) => w.dynamic) || c.redirects.some((r) => r.target?.dynamic)
  );
}
