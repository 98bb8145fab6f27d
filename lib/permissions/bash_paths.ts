/**
 * Read and write path rules held against a shell command (as Claude Code does: `cat
 * secrets/key` is denied by `Read(./secrets/**)`): every path the command may read (see
 * `shell_effects.ts`) against reading rules, every path it may write against reading and
 * writing rules, each resolved against every directory the command may run in, lexically, with
 * symbolic links followed, and as the kernel walks `..` after a link. A glob argument is held
 * against every rule it could meet. Pure.
 *
 * @module
 */

import type { PathRuleIndex } from "./path_index.ts";
import { type PathPattern, pathPatternMatches, pathPatternOverlaps } from "./path_pattern.ts";
import { argumentPaths, type PathContext, physicalPath } from "./paths.ts";
import { posix } from "../path.ts";
import type { Rule } from "./rule.ts";
import type { ShellEffects } from "./shell_effects.ts";

/**
 * The earliest path rule that names a path the command reads or writes, or undefined.
 *
 * @param indexes path rules of one kind (deny or ask): the policy's, then the run rules'
 * @param order the rule order, to report the earliest
 * @param effects what the command may read and write
 * @param ctx root and home
 * @returns the rule
 */
export function bashPathRule(
  indexes: readonly PathRuleIndex[],
  order: (rule: Rule) => number,
  effects: ShellEffects,
  ctx: PathContext,
): Rule | undefined {
  if (indexes.every((i) => i.empty)) return undefined;
  let found: Rule | undefined;
  const consider = (rule: Rule, writes: boolean, hit: () => boolean) => {
    if (!rule.tools.includes("read_file") && !(writes && rule.tools.includes("write_file"))) return;
    if (found !== undefined && order(rule) >= order(found)) return;
    if (hit()) found = rule;
  };
  if (effects.overflow || effects.unknownTree) {
    // Too many bases, or a directory read whole that is only known at run time: every read
    // rule may apply (and, with too many bases, every write rule).
    for (const index of indexes) {
      for (const r of index.all()) consider(r, effects.overflow, () => true);
    }
    if (effects.overflow) return found;
  }
  const check = (arg: string, writes: boolean) => {
    for (const base of effects.bases) {
      for (const p of argumentPaths(arg, base, ctx)) {
        for (const index of indexes) {
          for (const rule of index.rulesFor(p, ctx)) {
            const parsed = rule.parsed;
            if (parsed?.family !== "path") continue;
            consider(rule, writes, () => pathPatternMatches(parsed.path, p, ctx));
          }
        }
      }
    }
  };
  for (const r of effects.reads) check(r, false);
  for (const w of effects.writes) check(w, true);
  // A directory read whole: every rule that names a path below it (or the directory itself).
  for (const tree of effects.readTrees) {
    for (const base of effects.bases) {
      for (const abs of argumentPaths(tree, base, ctx)) {
        const below = abs === "/" ? "/**" : `${abs}/**`;
        for (const index of indexes) {
          for (const rule of index.all()) {
            const parsed = rule.parsed;
            if (parsed?.family !== "path") continue;
            consider(rule, false, () => treeMeets(parsed.path, abs, below, ctx));
          }
        }
      }
    }
  }
  for (const glob of effects.readGlobs) {
    for (const base of effects.bases) {
      for (const abs of globForms(glob, base, ctx)) {
        for (const index of indexes) {
          for (const rule of index.all()) {
            const parsed = rule.parsed;
            if (parsed?.family !== "path") continue;
            consider(rule, false, () => pathPatternOverlaps(parsed.path, abs, ctx));
          }
        }
      }
    }
  }
  return found;
}

/**
 * True when a directory read whole may hold a path the pattern names. A pattern that matches at
 * any depth (`.env`) meets every directory by its text, so the disk is asked whether this one
 * really holds such a path (a bounded walk; no answer: it may).
 */
function treeMeets(pattern: PathPattern, dir: string, below: string, ctx: PathContext): boolean {
  if (!pathPatternOverlaps(pattern, below, ctx)) return false;
  if (pattern.anchor !== "anywhere" || ctx.treeHolds === undefined) return true;
  if (pathPatternMatches(pattern, dir, ctx)) return true;
  return ctx.treeHolds(dir, (p) => pathPatternMatches(pattern, p, ctx)) ?? true;
}

/**
 * The absolute forms of a glob argument run in `base`: `.` and `..` taken out lexically
 * (`../.en?` from `src` is the root's `.en?`), and, when its fixed leading part holds `..`, that
 * part walked as the kernel walks it (`lnk/../*` lists the parent of where `lnk` points).
 */
export function globForms(glob: string, base: string, ctx: PathContext): string[] {
  const abs = glob.startsWith("/") ? glob : `${base}/${glob}`;
  const forms = new Set([posix.normalize(abs)]);
  const segments = abs.split("/");
  const fixed = segments.findIndex((s) => /[*?[]/.test(s));
  const head = segments.slice(0, fixed === -1 ? segments.length : fixed);
  if (head.includes("..")) {
    const real = physicalPath(head.join("/") || "/", ctx.realPath);
    const rest = segments.slice(head.length).join("/");
    forms.add(rest === "" ? real : posix.join(real, rest));
  }
  return [...forms];
}
