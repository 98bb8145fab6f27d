/**
 * Read and write path rules held against a shell command (as Claude Code does: `cat
 * secrets/key` is denied by `Read(./secrets/**)`): every literal argument that is not an option,
 * and every input redirection, is a path a reading rule may name; every output redirection a
 * path a writing or reading rule may name. Paths are resolved against the root and against
 * every literal `cd` target of the command. Pure.
 *
 * @module
 */

import type { CommandAnalysis } from "../shell/split.ts";
import { commandName } from "../shell/unwrap.ts";
import type { PathRuleIndex } from "./path_index.ts";
import { pathPatternMatches } from "./path_pattern.ts";
import { type PathContext, resolvePath } from "./paths.ts";
import type { Rule } from "./rule.ts";

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
const INPUT = /^\d*(<|<>|<&)$/;
const OUTPUT = /^(\d*(>|>>|>\||<>|>&)|&>|&>>)$/;

/**
 * The first path rule of an index that names a path the command reads or writes: a reading
 * rule for its arguments and input redirections, a reading or writing rule for its output
 * redirections.
 *
 * @param indexes path rules of one kind (deny or ask), policy rules then run rules
 * @param order the rule order, to report the earliest
 * @param command the analysed command
 * @param ctx root and home
 * @returns the rule, or undefined
 */
export function bashPathRule(
  indexes: readonly PathRuleIndex[],
  order: (rule: Rule) => number,
  command: CommandAnalysis,
  ctx: PathContext,
): Rule | undefined {
  if (indexes.every((i) => i.empty)) return undefined;
  const bases = [ctx.root];
  for (const c of command.parse.commands) {
    const [head, target] = c.words;
    if (head?.value === "cd" && !head.dynamic && target && !target.dynamic) {
      bases.push(resolvePath(target.value, ctx));
    }
  }
  let found: Rule | undefined;
  const check = (arg: string, writes: boolean) => {
    for (const base of bases) {
      const written = resolvePath(arg, { root: base, home: ctx.home });
      for (const p of new Set([written, ctx.realPath(written)])) {
        for (const index of indexes) {
          for (const rule of index.rulesFor(p, ctx)) {
            if (
              !rule.tools.includes("read_file") && !(writes && rule.tools.includes("write_file"))
            ) {
              continue;
            }
            if (found !== undefined && order(rule) >= order(found)) continue;
            if (rule.parsed?.family === "path" && pathPatternMatches(rule.parsed.path, p, ctx)) {
              found = rule;
            }
          }
        }
      }
    }
  };
  for (const c of command.parse.commands) {
    let i = 0;
    while (i < c.words.length && ASSIGNMENT.test(c.words[i]!.raw)) i++;
    const head = c.words[i];
    if (head !== undefined && commandName(head) !== undefined) {
      for (const w of c.words.slice(i + 1)) {
        if (w.dynamic || w.value === "") continue;
        if (!w.value.startsWith("-")) check(w.value, false);
        else {
          const eq = w.value.indexOf("=");
          if (eq !== -1 && eq + 1 < w.value.length) check(w.value.slice(eq + 1), false);
        }
      }
    }
    for (const r of c.redirects) {
      if (r.target === undefined || r.target.dynamic) continue;
      if (INPUT.test(r.op)) check(r.target.value, false);
      else if (
        OUTPUT.test(r.op) && r.target.value !== "/dev/null" && !/^(\d+|-)$/.test(r.target.value)
      ) {
        check(r.target.value, true);
      }
    }
  }
  return found;
}
