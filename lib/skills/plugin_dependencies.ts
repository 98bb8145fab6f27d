/**
 * A plugin's `dependencies`, checked across the plugins found as Claude Code 2.1.332 checks
 * them (observed: a `--plugin-dir` plugin whose dependency is missing is not loaded, one whose
 * `optionalDependencies` is missing is; the rule is its `Y`, `chunk-a25xy4js.js`):
 *
 * - a dependency of an installed plugin (`name@marketplace`) written without a marketplace
 *   means one of that marketplace (`other` of `p@mk` is `other@mk`); a `--plugin-dir` plugin's
 *   stays a bare name;
 * - a bare name is met by any plugin of that name still loaded, `name@marketplace` only by the
 *   installed plugin of that key;
 * - a plugin with a dependency not met is not loaded, and so the plugins that need it are not
 *   either (repeated until nothing changes);
 * - `optionalDependencies` are never required.
 *
 * Pure.
 *
 * @module
 */

import type { Plugin, SkillProblem } from "./load_catalogue.ts";

/** A plugin found, with what its dependencies are checked against. */
export interface FoundPlugin {
  plugin: Plugin;
  /** `name@marketplace` of an installed plugin; none for a `--plugin-dir` one. */
  key?: string;
  /** Its manifest's `dependencies`. */
  dependencies?: readonly string[];
  /** Where its problem is reported (its manifest, or the marketplace entry standing for it). */
  file: string;
  /** The place of its `dependencies` in that file. */
  dependenciesAt?: (string | number)[];
}

/** Why a dependency is not met. */
type Unmet =
  | "not installed"
  | "not installed (nor given with --plugin-dir)"
  | "disabled in enabledPlugins"
  | "not loaded either";

const nameOf = (f: FoundPlugin) => f.key === undefined ? f.plugin.name : f.key.split("@")[0]!;

/**
 * The plugins whose dependencies are met, in their order, and a problem for each of the others.
 *
 * @param found the plugins found, in order
 * @param disabled the keys of the installed plugins `enabledPlugins` turns off
 * @returns the plugins to load and the problems of those left out
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withDependencies } from "./plugin_dependencies.ts";
 *
 * const plugin = (name: string) => ({ name, dirs: [] });
 * const { plugins, problems } = withDependencies([
 *   { plugin: plugin("a"), dependencies: ["b"], file: "/a/.claude-plugin/plugin.json" },
 *   { plugin: plugin("b"), file: "/b/.claude-plugin/plugin.json" },
 *   { plugin: plugin("c"), dependencies: ["gone"], file: "/c/.claude-plugin/plugin.json" },
 * ], []);
 * assert.deepEqual(plugins.map((p) => p.name), ["a", "b"]);
 * assert.deepEqual(problems.map((p) => [p.file, p.code]), [
 *   ["/c/.claude-plugin/plugin.json", "missing-dependency"],
 * ]);
 * ```
 */
export function withDependencies(
  found: readonly FoundPlugin[],
  disabled: readonly string[],
): { plugins: Plugin[]; problems: SkillProblem[] } {
  const active = new Set(found);
  const problems: SkillProblem[] = [];
  const qualified = (f: FoundPlugin, dep: string) => {
    const marketplace = f.key?.split("@")[1];
    return dep.includes("@") || marketplace === undefined ? dep : `${dep}@${marketplace}`;
  };
  const met = (dep: string) =>
    [...active].some((f) => dep.includes("@") ? f.key === dep : nameOf(f) === dep);
  const why = (dep: string): Unmet => {
    const matches = (key: string) => dep.includes("@") ? key === dep : key.split("@")[0] === dep;
    if (found.some((f) => dep.includes("@") ? f.key === dep : nameOf(f) === dep)) {
      return "not loaded either";
    }
    return disabled.some(matches)
      ? "disabled in enabledPlugins"
      : dep.includes("@")
      ? "not installed"
      : "not installed (nor given with --plugin-dir)";
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (const f of active) {
      const deps = (f.dependencies ?? []).map((d) => qualified(f, d));
      const i = deps.findIndex((d) => !met(d));
      if (i === -1) continue;
      const dep = deps[i]!;
      active.delete(f);
      const problem: SkillProblem = {
        file: f.file,
        reason: `The plugin is not loaded: its dependency "${dep}" is ${why(dep)} (Claude ` +
          'Code loads a plugin only with every plugin of its "dependencies")',
        code: "missing-dependency",
      };
      if (f.dependenciesAt !== undefined) problem.at = { path: [...f.dependenciesAt, i] };
      problems.push(problem);
      changed = true;
      break;
    }
  }
  return { plugins: found.filter((f) => active.has(f)).map((f) => f.plugin), problems };
}
