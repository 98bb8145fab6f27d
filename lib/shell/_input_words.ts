/**
 * Commands that take the words of what they run from their input (class 1 of issue 10):
 * `xargs CMD` and `parallel CMD` append what they read to CMD's words, or put it where a
 * replacement string stands (`xargs -I{} bash -c {}`, `parallel rm {}`). What they read is
 * data, known only when they run, so it is a word that expands: it stands for any words
 * (`echo rm | xargs env` runs `env rm`, which hides what runs), and a script that holds it is
 * hidden (`xargs -I{} sh -c 'echo {}'`).
 *
 * @module
 */

import type { Word } from "./parse.ts";

/** The words read from the input: any number of words, only known when the command runs. */
export const INPUT_WORDS: Word = { raw: "<input>", value: "", dynamic: true, staticFrom: 0 };

/** A word holding a replacement string becomes one that expands there. */
function replaced(w: Word, at: number, length: number): Word {
  return { ...w, dynamic: true, staticFrom: Math.max(w.staticFrom, at + length) };
}

/**
 * The replacement string of `xargs` options (`-I R`, `-IR`, `-i[R]`, `--replace[=R]`, also at
 * the end of a cluster: `-0I{}`), or undefined when the input is appended.
 */
function xargsReplace(options: Word[]): string | undefined {
  let replace: string | undefined;
  for (let j = 0; j < options.length; j++) {
    const w = options[j]!;
    if (w.dynamic) continue;
    const v = w.value;
    const cluster = /^-[0oprtx]*([Ii])(.*)$/.exec(v);
    if (cluster !== null) {
      const glued = cluster[2]!;
      if (cluster[1] === "i") replace = glued === "" ? "{}" : glued;
      else replace = glued === "" ? options[++j]?.value : glued;
    } else if (v === "--replace") replace = "{}";
    else if (v.startsWith("--replace=")) replace = v.slice("--replace=".length) || "{}";
  }
  return replace;
}

/**
 * The command `xargs` runs: its words from `index` on, with what it reads in its replacement
 * string or appended.
 *
 * @param rest `xargs` and its words
 * @param index where the command starts
 * @returns the command's words
 */
export function xargsCommand(rest: Word[], index: number): Word[] {
  const replace = xargsReplace(rest.slice(1, index));
  const words = rest.slice(index);
  if (replace === undefined || replace === "") return [...words, INPUT_WORDS];
  return words.map((w) => {
    const at = w.dynamic ? -1 : w.value.lastIndexOf(replace);
    return at === -1 ? w : replaced(w, at, replace.length);
  });
}

/** `parallel`'s replacement strings: `{}`, `{.}`, `{/}`, `{//}`, `{/.}`, `{#}`, `{%}`, `{3}`. */
const PARALLEL_REPLACE = /\{[^{}\s]*\}/g;

/**
 * The words after `parallel`, with its replacement strings as words that expand; and whether
 * one of them is perl code (`{= s/a/b/ =}`), which parallel runs.
 *
 * @param words the words after `parallel`
 * @returns the words, and whether a word holds perl code
 */
export function parallelWords(words: Word[]): { words: Word[]; code: boolean } {
  let code = false;
  const out = words.map((w) => {
    if (w.dynamic) return w;
    if (w.value.includes("{=")) code = true;
    const matches = [...w.value.matchAll(PARALLEL_REPLACE)];
    const last = matches.at(-1);
    return last === undefined ? w : replaced(w, last.index, last[0].length);
  });
  return { words: out, code };
}
