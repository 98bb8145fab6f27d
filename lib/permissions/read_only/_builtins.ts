/**
 * The shell builtins with rules of their own: `printf`, `test` / `[` (bash evaluates some of
 * their operands arithmetically, running what a subscript holds) and `cd`.
 *
 * @module
 */

import type { CommandDefault, CommandPathContext } from "./command_default.ts";
import { OPTION, other, READ_ONLY, set } from "./_spec.ts";
import { _outside } from "./_paths.ts";

const NUMBER = /^[-+]?(0[xX][0-9a-fA-F]+|[0-9]+#[0-9a-zA-Z]+|[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?)$/;

/**
 * `printf`: no options; numeric conversions only of numbers (bash evaluates `a[$(cmd)]`).
 *
 * @param args the words after `printf`
 * @returns read-only, or other with the reason
 */
export function _printf(args: string[]): CommandDefault {
  const first = args[0];
  if (first !== undefined && first.startsWith("-") && first !== "--") {
    return other(`printf option '${first}' needs a rule`);
  }
  const at = first === "--" ? 1 : 0;
  const format = args[at] ?? "";
  const rest = format.replaceAll("%%", "");
  if (format.includes("$") || /%[^%a-zA-Z]*[lLhqjzZt]*\\[0-7xX]/.test(rest)) {
    return other(`printf format '${format}' needs a rule`);
  }
  const operands = args.slice(at + 1);
  const subscript = operands.find((a) => a.includes("[") && /\$|`/.test(a));
  if (subscript !== undefined) {
    return other(`printf operand '${subscript}' holds an array subscript with an expansion`);
  }
  const textOnly = /%(?:%|[-+ 0#']*(?:[1-9][0-9]*)?(?:b|(?:\.[0-9]*)?[scq]))/g;
  const numeric = /%[-+ 0#']*[0-9.*]*[lLhqjzZt]*[diouxXeEfFgGaAn]/.test(rest) ||
    /%[^%a-zA-Z]*\*/.test(rest) || format.replace(textOnly, "").includes("%");
  const bad = numeric ? operands.find((a) => !NUMBER.test(a)) : undefined;
  return bad === undefined
    ? READ_ONLY
    : other(`printf operand '${bad}' is not a number (bash evaluates it arithmetically)`);
}

const TEST_OPERATORS = set(`-b -c -d -e -f -g -G -h -k -L -N -O -p -r -s -S -t -u -w -x -z -n
  -eq -ne -lt -le -gt -ge -nt -ot -ef`);
const ARITHMETIC = set("-eq -ne -lt -le -gt -ge");
const INTEGER = /^-?(0[xX][0-9a-fA-F]+|[0-9]+#[0-9a-zA-Z]+|[0-9]+)$/;

/**
 * `test` and `[`: no `-v`, `-R`, `-a`, `-o`; arithmetic only on plain integers.
 *
 * @param args the words after `test` or `[`
 * @param bracket true for `[`, whose last word must be `]`
 * @returns read-only, or other with the reason
 */
export function _test(args: string[], bracket: boolean): CommandDefault {
  if (bracket) {
    if (args.at(-1) !== "]") return other("[ without a closing ] needs a rule");
    args = args.slice(0, -1);
  }
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (["-v", "-R", "-a", "-o"].includes(a) || a.includes("[")) {
      return other(`test '${a}' can evaluate variables or subscripts: it needs a rule`);
    }
    const numbers = ARITHMETIC.has(a)
      ? [args[i - 1], args[i + 1]]
      : a === "-t"
      ? [args[i + 1]]
      : [];
    const notInteger = numbers.find((n) => n !== undefined && !INTEGER.test(n));
    if (notInteger !== undefined) return other(`test operand '${notInteger}' is not an integer`);
    if (TEST_OPERATORS.has(a)) {
      const v = args[++i];
      if (v === undefined || v.startsWith("-")) return other(`test ${a} needs a plain value`);
    } else if (a.length > 1 && OPTION.test(a)) return other(`test option '${a}' needs a rule`);
  }
  return READ_ONLY;
}

/**
 * `cd DIR` inside the working directories; no argument is `~`.
 *
 * @param args the words after `cd`
 * @param ctx where the working directories are
 * @returns read-only, or other with the reason
 */
export function _cd(args: string[], ctx: CommandPathContext): CommandDefault {
  if (args.length > 1) return other("cd with two or more arguments needs a rule");
  const dir = args[0] ?? "~";
  if (dir === "-") return other("cd - goes where the command does not say");
  if (dir.startsWith("-")) return other(`cd option '${dir}' needs a rule`);
  const why = _outside("cd", [dir], ctx, "change directories to");
  return why === undefined ? READ_ONLY : other(why);
}
