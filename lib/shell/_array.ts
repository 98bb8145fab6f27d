/**
 * Compound assignments: `a=(...)` (also `declare a=(...)`), an array written as one word.
 * Its subscripts (`a[...]`) are read by the arithmetic reader.
 *
 * @module
 */

import type { Word } from "./_parse_types.ts";
import { readArith } from "./_arith.ts";
import { BLANK, newWord, type Parser, wordAt } from "./_parser_state.ts";
import { readWord } from "./_word.ts";

/**
 * `a=(...)`: a compound assignment, one word to its `)`. Its words are read as words
 * (`[key]=value` with the key to its `]`), comments skipped; an operator in it is a syntax
 * error for bash, and the rest is read as commands again.
 *
 * @param p the parser, at the `(`
 * @param head the word before the `(` (`a=`, `a+=`)
 * @param start the index where `head` starts
 * @param depth the substitution depth
 * @returns the whole assignment as one word
 */
export function readCompoundAssignment(
  p: Parser,
  head: Word,
  start: number,
  depth: number,
): Word {
  const src = p.src;
  let dynamic = head.dynamic;
  p.pos++;
  while (p.pos < src.length && !p.stopped) {
    const c = src[p.pos]!;
    if (BLANK.has(c) || c === "\n") p.pos++;
    else if (c === "\\" && src[p.pos + 1] === "\n") p.pos += 2;
    else if (c === "#") {
      const nl = src.indexOf("\n", p.pos);
      p.pos = nl === -1 ? src.length : nl;
    } else if (c === ")") {
      p.pos++;
      // `a=(x)y` is one word for bash (a string assignment): the word goes on after `)`.
      if (wordAt(src, p.pos)) dynamic ||= readWord(p, depth).dynamic;
      const raw = src.slice(start, p.pos);
      return { raw, value: raw, dynamic, staticFrom: dynamic ? raw.length : 0 };
    } else if (!wordAt(src, p.pos)) {
      break;
    } else {
      const w = newWord(p.pos);
      if (c === "[") {
        p.pos++;
        readArith(p, w, depth, "]", p.pos - 1);
      }
      const rest = readWord(p, depth);
      // A key is dynamic only when it expands (`[$k]=v`); `[3]=v` is as written.
      dynamic ||= /[$`]/.test(w.value) || rest.dynamic;
    }
  }
  p.opaque.push({ kind: "unbalanced", text: `${head.raw}(` });
  const raw = src.slice(start, p.pos);
  return { raw, value: raw, dynamic: true, staticFrom: raw.length };
}
