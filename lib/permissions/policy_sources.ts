/**
 * What a policy is built from: the settings sources in order (managed, user, project, local,
 * `.raider`, `--settings`), each with its rules, additional directories and mode, the
 * environment, a mode that overrides them and `--add-dir`. Their rules are parsed once here, in
 * source order. Pure: the sources are read elsewhere (`lib/settings/`).
 *
 * @module
 */

import type { SourceScope } from "./modes.ts";
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
   * The mode the source asks for (`permissions.defaultMode`), as written: a name skald does not
   * know is decided as `default` (see `modes.ts`).
   */
  defaultMode?: string;
  /** Claude Code's `disableSkillShellExecution`: true in any source turns the shell off. */
  disableSkillShellExecution?: boolean;
}

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
 * Every source's rules, parsed, in source order (within a source: deny, ask, allow; an
 * invalid rule is kept), and the additional directories as written (every source's, then
 * `addDirs`).
 *
 * @param options the sources and `addDirs`
 * @returns the rules and the directories
 */
export function readSources(options: PolicyOptions): { rules: Rule[]; dirs: string[] } {
  const rules: Rule[] = [];
  const dirs: string[] = [];
  for (const source of options.sources) {
    for (const kind of KINDS) {
      for (const text of source[kind] ?? []) rules.push(parseRule(text, source.label, kind));
    }
    dirs.push(...source.additionalDirectories ?? []);
  }
  dirs.push(...options.addDirs ?? []);
  return { rules, dirs };
}
