/**
 * The word reader: one shell word, to the first unquoted blank or operator, with its quotes
 * removed, its escapes resolved, and whether it expands at run time (an expansion, a glob, a
 * brace expansion). Process substitutions in it are parsed.
 *
 * @module
 */

import type { Word } from "./_parse_types.ts";
import { readArith } from "./_arith.ts";
import { readDollar, readDoubleQuoted } from "./_expansion.ts";
import { dynamicText, newWord, type Parser, WORD_END, type WordBuilder } from "./_parser_state.ts";
import { readBacktick, readSubstitution } from "./_substitution.ts";

/**
 * A word as bash's lexer sees it before quote removal: line continuations are gone before
 * words are formed (`i\<newline>f` is `if`, `A\<newline>=1` an assignment).
 *
 * @param raw a word as written
 * @returns the word without its line continuations
 */
export function joinLines(raw: string): string {
  return raw.includes("\\\n") ? raw.replaceAll("\\\n", "") : raw;
}

/**
 * The word at `p.pos`.
 *
 * @param p the parser, at the word's first character
 * @param depth the substitution depth
 * @param commandWord the word stands where a command word may (`a[ x ]=1` is one word there)
 * @returns the word
 */
export function readWord(p: Parser, depth: number, commandWord = false): Word {
  const src = p.src;
  const w = newWord(p.pos);
  // Unquoted `{`, then `,` or `..`, then `}`: a brace expansion (0 none seen ... 3 all seen).
  let brace = 0;
  // Index in `src` of the first unquoted `[`: a glob when a `]` follows in the word.
  let bracket = -1;
  // Where a command word may stand: the word so far is a name (its length), for `a[...]`.
  let name = commandWord ? 0 : -1;
  // Where a read subscript ends (`a[...]`), and whether an assignment's `=` follows it or a name.
  let subscriptEnd = -1;
  let assignment = false;
  while (p.pos < src.length && !p.stopped) {
    const c = src[p.pos]!;
    if (WORD_END.has(c)) break;
    if (
      commandWord && !assignment && (name > 0 || p.pos === subscriptEnd) &&
      (c === "=" || (c === "+" && src[p.pos + 1] === "="))
    ) assignment = true;
    const wasName = name;
    name = -1;
    if (c === "<" || c === ">") {
      if (src[p.pos + 1] !== "(") break;
      const start = p.pos;
      readSubstitution(p, depth, p.pos + 2);
      dynamicText(w, src.slice(start, p.pos));
      p.opaque.push({ kind: "process-substitution", text: src.slice(start, p.pos) });
    } else if (c === "\\") {
      if (src[p.pos + 1] === "\n") {
        if (subscriptEnd === p.pos) subscriptEnd += 2;
        p.pos += 2;
        name = wasName;
      } else if (p.pos + 1 < src.length) {
        w.value += src[p.pos + 1];
        p.pos += 2;
      } else {
        w.value += "\\";
        p.pos++;
      }
    } else if (c === "'") {
      const end = src.indexOf("'", p.pos + 1);
      if (end === -1) {
        p.opaque.push({ kind: "unbalanced", text: "'" });
        w.value += src.slice(p.pos + 1);
        p.pos = src.length;
      } else {
        w.value += src.slice(p.pos + 1, end);
        p.pos = end + 1;
      }
    } else if (c === '"') {
      readDoubleQuoted(p, w, depth);
    } else if (c === "$") {
      const quote = src[p.pos + 1] === "'" || src[p.pos + 1] === '"';
      readDollar(p, w, depth, false);
      if (!quote) splitsHere(w);
    } else if (c === "`") {
      readBacktick(p, w, depth);
      splitsHere(w);
    } else if (c === "*" || c === "?") {
      dynamicText(w, c);
      p.pos++;
    } else if (c === "[" && wasName > 0) {
      // `a[...]` where an assignment may stand: bash reads it to the matching `]`.
      p.pos++;
      readArith(p, w, depth, "]", p.pos - 1);
      subscriptEnd = p.pos;
    } else if (c === "]" && bracket !== -1 && p.pos > bracket + 1) {
      dynamicText(w, c);
      bracket = -1;
      p.pos++;
    } else {
      if (wasName >= 0 && (/[A-Za-z_]/.test(c) || (wasName > 0 && /[0-9]/.test(c)))) {
        name = wasName + 1;
      }
      if (c === "[" && bracket === -1) bracket = p.pos;
      else if (c === "{" && brace === 0) brace = 1;
      else if ((c === "," || (c === "." && src[p.pos + 1] === ".")) && brace === 1) brace = 2;
      else if (c === "}" && brace === 2) brace = 3;
      w.value += c;
      p.pos++;
    }
  }
  // A `]` in quotes may still close the bracket for bash: the whole word is then dynamic,
  // as it is when braces make several words of it.
  const quotedBracket = bracket !== -1 && src.slice(bracket + 2, p.pos).includes("]");
  if (brace === 3 || quotedBracket) dynamicText(w, "");
  const word: Word = {
    raw: src.slice(w.start, p.pos),
    value: w.value,
    dynamic: w.dynamic,
    staticFrom: w.staticFrom,
  };
  if (w.splitTo !== undefined) word.splitTo = w.splitTo;
  if (assignment) word.assignment = true;
  return word;
}

/** An unquoted expansion just read, if it expanded: bash splits its value into words. */
function splitsHere(w: WordBuilder): void {
  if (w.dynamic && w.staticFrom === w.value.length) w.splitTo = w.value.length;
}
