/**
 * Scripts that programs are given in their words, for `_program_commands.ts` and
 * `_git_commands.ts`: a word's value, a script made of a word (or a literal piece of it), and
 * the argument of an option that runs a command (`-X ARG`, `-XARG`, `--long ARG`,
 * `--long=ARG`, in a short cluster too). A word only known at run time hides what runs. Pure.
 *
 * @module
 */

import type { Word } from "../parse.ts";
import type { Inner } from "../_inner.ts";
import { literal } from "../_walk.ts";

/** A word's value, unless it is only known at run time. */
export const value = (w: Word | undefined) => w === undefined || w.dynamic ? undefined : w.value;

/** A script from an argument word: itself when whole, else a literal piece of it. */
export const script = (w: Word, label: string, text?: string): Inner =>
  w.dynamic
    ? { kind: "hidden", reason: `${label} runs ${w.raw}, only known when it runs` }
    : { kind: "script", word: text === undefined ? w : literal(text), label };

/** The argument of an option `-X` / `--long`: glued (`-XARG`, `--long=ARG`) or the next word. */
export function optionArgs(
  words: Word[],
  short: string,
  long: readonly string[],
  label: string,
  shortArgs = "",
): Inner[] {
  const out: Inner[] = [];
  for (let j = 1; j < words.length; j++) {
    const w = words[j]!;
    if (w.dynamic) {
      if (/^["']?-/.test(w.raw)) {
        out.push({ kind: "hidden", reason: `${label} is given ${w.raw}, only known when it runs` });
      }
      continue;
    }
    const v = w.value;
    if (v === "--") break;
    const eq = v.indexOf("=");
    const name = v.startsWith("--") ? (eq === -1 ? v.slice(2) : v.slice(2, eq)) : undefined;
    if (name !== undefined && long.includes(name)) {
      const arg = eq === -1 ? words[++j] : undefined;
      if (eq !== -1) out.push(script(w, `${label} --${name}`, v.slice(eq + 1)));
      else if (arg !== undefined) out.push(script(arg, `${label} --${name}`));
      continue;
    }
    if (name !== undefined || !/^-[A-Za-z0-9]/.test(v) || short === "") continue;
    // A short cluster: letters before the option, whose arguments (shortArgs) end it.
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (short.includes(c)) {
        const glued = v.slice(k + 1);
        const arg = glued === "" ? words[++j] : undefined;
        if (glued !== "") out.push(script(w, `${label} -${c}`, glued));
        else if (arg !== undefined) out.push(script(arg, `${label} -${c}`));
        break;
      }
      if (shortArgs.includes(c)) {
        if (k + 1 === v.length) j++;
        break;
      }
    }
  }
  return out;
}
