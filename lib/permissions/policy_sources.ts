/**
 * What a policy is built from: the settings sources in order (managed, user, project, local,
 * `.raider`, `--settings`), each with its rules, additional directories and mode, the
 * environment, a mode that overrides them and `--add-dir`. Their rules are parsed once here, in
 * source order. Pure: the sources are read elsewhere (`lib/settings/`).
 *
 * @module
 */

import { isProjectScope, type SourceScope } from "./modes.ts";
import type { PathEnv } from "./paths.ts";
import { parseRule, type Rule, type RuleKind } from "./rule.ts";

/** The rules and settings one source contributes. */
export interface PolicySource {
  /** How reports name it: `.claude/settings.json`, `~/.claude/settings.json`, ... */
  label: string;
  /** Where the source lives: decides which `defaultMode` counts. */
  scope: SourceScope;
  /** Rules that allow (`permissions.allow`). */
  allow?: readonly string[];
  /** Rules that ask (`permissions.ask`). */
  ask?: readonly string[];
  /** Rules that deny (`permissions.deny`). */
  deny?: readonly string[];
  /** More working directories (`permissions.additionalDirectories`). */
  additionalDirectories?: readonly string[];
  /**
   * Absolute paths a read block lets through (`permissions.blockReadsExemptPaths`; Claude Code
   * reads it from `--settings` only).
   */
  blockReadsExemptPaths?: readonly string[];
  /**
   * Absolute paths the blocks count as outside every working directory
   * (`permissions.workingDirectoriesExclude`; from `--settings` only).
   */
  workingDirectoriesExclude?: readonly string[];
  /**
   * The mode the source asks for (`permissions.defaultMode`), as written: a name skald does not
   * know is decided as `default` (see `modes.ts`).
   */
  defaultMode?: string;
  /** Claude Code's `disableSkillShellExecution`: true in any source turns the shell off. */
  disableSkillShellExecution?: boolean;
  /**
   * The switches of `permissions` that only ever restrict (each read where Claude Code 2.1.332
   * reads it: see `Policy`): `blockReadsOutsideWorkingDirectories`,
   * `blockWritesOutsideWorkingDirectories`, `blockFileToolReadsOutsideWorkingDirectories`,
   * `denyInsteadOfPrompting`, `disableBypassPermissionsMode` (`"disable"`), and the top-level
   * `allowManagedPermissionRulesOnly`; only those set to true are listed.
   */
  restricts?: readonly Restriction[];
}

/** A restricting switch of the settings (see {@link PolicySource.restricts}). */
export type Restriction =
  | "blockReadsOutsideWorkingDirectories"
  | "blockWritesOutsideWorkingDirectories"
  | "blockFileToolReadsOutsideWorkingDirectories"
  | "denyInsteadOfPrompting"
  | "disableBypassPermissionsMode"
  | "allowManagedPermissionRulesOnly";

/** What a policy is built from. */
export interface PolicyOptions {
  /** The sources, in order: managed, user, project, local, `.raider`, `--settings`. */
  sources: readonly PolicySource[];
  /** Root, home and the real-path lookup. */
  env: PathEnv;
  /** A mode name that overrides every `defaultMode` (`manual` and `auto` included). */
  mode?: string;
  /** More working directories (`--add-dir`). */
  addDirs?: readonly string[];
}

const KINDS: readonly RuleKind[] = ["deny", "ask", "allow"];

/**
 * Where Claude Code 2.1.332 reads each restricting switch (observed through the oracle):
 * `denyInsteadOfPrompting` not from a file inside the project,
 * `blockFileToolReadsOutsideWorkingDirectories` from `--settings` only,
 * `allowManagedPermissionRulesOnly` from the managed settings only; the others from any source.
 */
const READ_FROM: Readonly<Record<Restriction, (scope: SourceScope) => boolean>> = {
  blockReadsOutsideWorkingDirectories: () => true,
  blockWritesOutsideWorkingDirectories: () => true,
  blockFileToolReadsOutsideWorkingDirectories: (scope) => scope === "cli",
  denyInsteadOfPrompting: (scope) => !isProjectScope(scope),
  disableBypassPermissionsMode: () => true,
  allowManagedPermissionRulesOnly: (scope) => scope === "managed",
};

/**
 * The restricting switches in force, each with the first source that sets it where Claude
 * Code reads it: true in any such source wins (no source can undo it).
 *
 * @param sources the sources
 * @returns each switch in force, and its source's label
 */
export function restrictionsOf(sources: readonly PolicySource[]): Map<Restriction, string> {
  const on = new Map<Restriction, string>();
  for (const s of sources) {
    for (const r of s.restricts ?? []) {
      if (!on.has(r) && READ_FROM[r](s.scope)) on.set(r, s.label);
    }
  }
  return on;
}

/**
 * Every source's rules, parsed, in source order (within a source: deny, ask, allow; an
 * invalid rule is kept), and the additional directories as written (every source's, then
 * `addDirs`). Under `allowManagedPermissionRulesOnly` the allow rules of every other source
 * are left out (Claude Code leaves out their deny and ask rules too; skald keeps those: a
 * deny rule is a promise). The directories of a file inside the project are listed apart:
 * Claude Code does not count them for its blocks outside the working directories.
 *
 * @param options the sources and `addDirs`
 * @param on the restricting switches in force ({@link restrictionsOf})
 * @param parsed the rules of these sources, parsed already (by a policy of the same sources)
 * @returns the rules, the directories, and those of them a block counts
 */
export function readSources(
  options: PolicyOptions,
  on: ReadonlyMap<Restriction, string> = restrictionsOf(options.sources),
  parsed?: readonly Rule[],
): { rules: readonly Rule[]; dirs: string[]; blockDirs: string[] } {
  const managedOnly = on.has("allowManagedPermissionRulesOnly");
  const rules = parsed ??
    options.sources.flatMap((source) =>
      KINDS.flatMap((kind) =>
        kind === "allow" && managedOnly && source.scope !== "managed"
          ? []
          : (source[kind] ?? []).map((text) => parseRule(text, source.label, kind))
      )
    );
  const dirs: string[] = [];
  const blockDirs: string[] = [];
  for (const source of options.sources) {
    dirs.push(...source.additionalDirectories ?? []);
    if (!isProjectScope(source.scope)) blockDirs.push(...source.additionalDirectories ?? []);
  }
  dirs.push(...options.addDirs ?? []);
  blockDirs.push(...options.addDirs ?? []);
  return { rules, dirs, blockDirs };
}

/**
 * The paths of `--settings` sources that a block lets through (`exempt`) or counts as outside
 * (`excluded`), as Claude Code 2.1.332 reads them: absolute ones only, from `--settings` only.
 *
 * @param sources the sources
 * @returns the paths, absolute
 */
export function blockPaths(
  sources: readonly PolicySource[],
): { exempt: string[]; excluded: string[] } {
  const usable = (p: string) => p.startsWith("/") && p === p.trim() && !/(^|\/)\.\.(\/|$)/.test(p);
  const cli = sources.filter((s) => s.scope === "cli");
  return {
    exempt: cli.flatMap((s) => s.blockReadsExemptPaths ?? []).filter(usable),
    excluded: cli.flatMap((s) => s.workingDirectoriesExclude ?? []).filter(usable),
  };
}
