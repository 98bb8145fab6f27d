/**
 * Values evaluated as code, held against what the command assigns. Bash evaluates more text
 * than the command shows: arithmetic evaluates the value of every parameter it names, and
 * runs the substitutions of a subscript in it (`x='a[$(rm y)]'; echo $((x))` runs `rm y`);
 * `${!x}`, a nameref and `read "$x"` evaluate a subscript in the name `x` holds; `${x@P}`
 * expands `x` as a prompt, substitutions included. A value the command itself gives the
 * parameter decides what runs, and it is only known when the command runs unless it is a plain
 * word or a number. So such an evaluation is hidden when the command may give the parameter a
 * value that is not plain (a quote, a `$`, a backslash, a bracket), or one only known at run
 * time (`read x`, `x=$(...)`, `for x in $(...)`), and when it evaluates a command's output or
 * a parameter bash sets as the command runs (`$1`, `$_`, `REPLY`, ...). A parameter the
 * command does not assign comes from the environment, which is no part of the command: it is
 * taken as it is.
 *
 * @module
 */

import type { ShellParse } from "./parse.ts";
import type { Hidden } from "./_walk.ts";

type Evaluation = ShellParse["evaluations"][number];
type Assignment = ShellParse["assignments"][number];

/** Parameters bash sets as the command runs, from any of its words. */
const RUNTIME: ReadonlySet<string> = new Set([
  "_",
  "@",
  "*",
  "REPLY",
  "MAPFILE",
  "OPTARG",
  "BASH_REMATCH",
  "BASH_ARGV",
  "BASH_COMMAND",
  "BASH_EXECUTION_STRING",
  "COPROC",
  "READLINE_LINE",
  "COMP_LINE",
  "COMP_WORDS",
]);

/** Parameters that hold a number: `$#`, `$?`, `$$`, `$!`, `$-` (flags). */
const NUMBERS: ReadonlySet<string> = new Set(["#", "?", "$", "!", "-"]);

/** Parameters bash expands as a prompt or a file name when set: assigning them evaluates. */
const PROMPTS: ReadonlySet<string> = new Set(["PS0", "PS1", "PS2", "PS4", "BASH_ENV", "ENV"]);

const WHAT: Readonly<Record<Evaluation["kind"], string>> = {
  arithmetic: "as arithmetic",
  name: "as a variable name (its subscript as arithmetic)",
  prompt: "as a prompt",
};

/**
 * The evaluations whose value the command may give code.
 *
 * @param evaluations what the command evaluates, from every parse the view read
 * @param assignments what it assigns, from the same parses
 * @returns one hidden part per parameter (or output) evaluated with such a value
 */
export function hiddenEvaluations(
  evaluations: readonly Evaluation[],
  assignments: readonly Assignment[],
): Hidden[] {
  const values = new Map<string, (string | null)[]>();
  for (const a of assignments) {
    const list = values.get(a.name) ?? [];
    list.push(a.value);
    values.set(a.name, list);
  }
  const queue: Evaluation[] = [...evaluations];
  for (const a of assignments) {
    if (PROMPTS.has(a.name)) queue.push({ kind: "prompt", name: a.name, text: a.text });
  }
  const out: Hidden[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < queue.length; i++) {
    const e = queue[i]!;
    const key = `${e.kind}\u0000${e.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const text = e.text.length > 60 ? e.text.slice(0, 57) + "..." : e.text;
    if (e.name === null) {
      out.push({
        text: e.text,
        reason: `${text} evaluates the output of a command ${WHAT[e.kind]}, code only known ` +
          `when it runs`,
      });
      continue;
    }
    if (NUMBERS.has(e.name)) continue;
    if (RUNTIME.has(e.name) || /^[0-9]+$/.test(e.name)) {
      out.push({
        text: e.text,
        reason: `${text} evaluates $${e.name} ${WHAT[e.kind]}, which bash sets as the ` +
          `command runs`,
      });
      continue;
    }
    const given = values.get(e.name);
    if (given === undefined) continue;
    if (given.some((v) => v === null)) {
      out.push({
        text: e.text,
        reason: `${text} evaluates $${e.name} ${WHAT[e.kind]}, and the command sets ` +
          `${e.name} to text that may hold code`,
      });
      continue;
    }
    // A plain value names other parameters, whose values arithmetic evaluates in turn.
    if (e.kind !== "arithmetic") continue;
    for (const v of given) {
      for (const m of v!.matchAll(/(?<![A-Za-z0-9_])[A-Za-z_][A-Za-z0-9_]*/g)) {
        queue.push({ kind: "arithmetic", name: m[0], text: e.text });
      }
    }
  }
  return out;
}
