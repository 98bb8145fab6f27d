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
import { pathPatternMatches } from "./path_pattern.ts";
import { type PathContext, resolvePath } from "./paths.ts";
import type { Rule } from "./rule.ts";

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
const INPUT = /^\d*(<|<>|<&)$/;
const OUTPUT = /^(\d*(>|>>|>\||<>|>&)|&>|&>>)$/;

/**
 * The first path rule among `rules` that names a path the command reads or writes.
 *
 * @param rules path rules of one kind (deny or ask), in order
 * @param command the analysed command
 * @param ctx root and home
 * @returns the rule, or undefined
 */
export function bashPathRule(
  rules: readonly Rule[],
  command: CommandAnalysis,
  ctx: PathContext,
): Rule | undefined {
  const reading = rules.filter((r) => r.tools.includes("read_file"));
  const writing = rules.filter((r) =>
    r.tools.includes("write_file") || r.tools.includes("read_file")
  );
  if (reading.length === 0 && writing.length === 0) return undefined;
  const bases = [ctx.root];
  for (const c of command.parse.commands) {
    const [head, target] = c.words;
    if (head?.value === "cd" && !head.dynamic && target && !target.dynamic) {
      bases.push(resolvePath(target.value, ctx));
    }
  }
  const named = (rule: Rule, arg: string): boolean => {
    const parsed = rule.parsed;
    if (parsed?.family !== "path") return false;
    return bases.some((base) => {
      const written = resolvePath(arg, { root: base, home: ctx.home });
      return [written, ctx.realPath(written)].some((p) => pathPatternMatches(parsed.path, p, ctx));
    });
  };
  for (const c of command.parse.commands) {
    let i = 0;
    while (i < c.words.length && ASSIGNMENT.test(c.words[i]!.raw)) i++;
    const head = c.words[i];
    const args: string[] = [];
    if (head !== undefined && commandName(head) !== undefined) {
      for (const w of c.words.slice(i + 1)) {
        if (w.dynamic || w.value === "") continue;
        if (w.value.startsWith("-")) {
          const eq = w.value.indexOf("=");
          if (eq !== -1 && eq + 1 < w.value.length) args.push(w.value.slice(eq + 1));
        } else args.push(w.value);
      }
    }
    const outputs: string[] = [];
    for (const r of c.redirects) {
      if (r.target === undefined || r.target.dynamic) continue;
      if (INPUT.test(r.op)) args.push(r.target.value);
      else if (
        OUTPUT.test(r.op) && r.target.value !== "/dev/null" && !/^(\d+|-)$/.test(r.target.value)
      ) {
        outputs.push(r.target.value);
      }
    }
    for (const rule of reading) if (args.some((a) => named(rule, a))) return rule;
    for (const rule of writing) if (outputs.some((a) => named(rule, a))) return rule;
  }
  return undefined;
}
