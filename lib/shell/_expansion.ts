/**
 * Double quotes and what starts with `$`: `"..."`, `$name`, `$1`, `${...}`, `$'...'` (decoded
 * as bash does), `$"..."`, and the `$(...)`, `$((...))`, `$[...]` that the substitution and
 * arithmetic readers take on.
 *
 * @module
 */

import { decodeAnsiC } from "./ansi_c.ts";
import { readArith, tryArith } from "./_arith.ts";
import { dynamicText, enter, newWord, type Parser, type WordBuilder } from "./_parser_state.ts";
import { readBacktick, readSubstitution } from "./_substitution.ts";

/**
 * The `"..."`, `$...` or backtick at `p.pos`, read as inside double quotes (where arithmetic
 * and `${...}` read them): `Readers.quoted` of the parser state.
 *
 * @param p the parser, at `"`, `$` or a backtick
 * @param w the word it goes into
 * @param depth the substitution depth
 */
export function readQuoted(p: Parser, w: WordBuilder, depth: number): void {
  const c = p.src[p.pos];
  if (c === '"') readDoubleQuoted(p, w, depth);
  else if (c === "$") readDollar(p, w, depth, true);
  else readBacktick(p, w, depth);
}

/**
 * A double-quoted string at `p.pos`, to its closing `"`: its value goes into `w`.
 *
 * @param p the parser, at the opening `"`
 * @param w the word it goes into
 * @param depth the substitution depth
 */
export function readDoubleQuoted(p: Parser, w: WordBuilder, depth: number): void {
  const src = p.src;
  p.pos++;
  while (p.pos < src.length && !p.stopped) {
    const c = src[p.pos]!;
    if (c === '"') {
      p.pos++;
      return;
    }
    if (c === "\\") {
      const n = src[p.pos + 1];
      if (n === "\n") p.pos += 2;
      else if (n !== undefined && '$`"\\'.includes(n)) {
        w.value += n;
        p.pos += 2;
      } else {
        w.value += "\\";
        p.pos++;
      }
    } else if (c === "$") {
      readDollar(p, w, depth, true);
    } else if (c === "`") {
      readBacktick(p, w, depth);
    } else {
      w.value += c;
      p.pos++;
    }
  }
  if (!p.stopped) p.opaque.push({ kind: "unbalanced", text: '"' });
}

/**
 * What starts with the `$` at `p.pos`: an expansion, a substitution, `$'...'`, `$"..."`, or a
 * plain `$`.
 *
 * @param p the parser, at the `$`
 * @param w the word it goes into
 * @param depth the substitution depth
 * @param quoted inside double quotes, where `$'` and `$"` are no quotes
 */
export function readDollar(p: Parser, w: WordBuilder, depth: number, quoted: boolean): void {
  const src = p.src;
  const start = p.pos;
  const n = src[p.pos + 1];
  if (n === "(" && src[p.pos + 2] === "(" && tryArith(p, w, depth, p.pos + 3)) {
    p.opaque.push({ kind: "substitution", text: src.slice(start, p.pos) });
  } else if (n === "[") {
    p.pos += 2;
    readArith(p, w, depth, "]", start);
    p.opaque.push({ kind: "substitution", text: src.slice(start, p.pos) });
  } else if (n === "(") {
    readSubstitution(p, depth, p.pos + 2);
    dynamicText(w, src.slice(start, p.pos));
    p.opaque.push({ kind: "substitution", text: src.slice(start, p.pos) });
  } else if (n === "{") {
    readParameter(p, depth);
    dynamicText(w, src.slice(start, p.pos));
  } else if (n === "'" && !quoted) {
    let i = p.pos + 2;
    while (i < src.length && src[i] !== "'") i += src[i] === "\\" ? 2 : 1;
    if (i >= src.length) p.opaque.push({ kind: "unbalanced", text: "$'" });
    w.value += decodeAnsiC(src.slice(p.pos + 2, Math.min(i, src.length)));
    p.pos = Math.min(i + 1, src.length);
  } else if (n === '"' && !quoted) {
    p.pos++;
    readDoubleQuoted(p, w, depth);
  } else if (n !== undefined && /[A-Za-z_]/.test(n)) {
    let i = p.pos + 2;
    while (i < src.length && /[A-Za-z0-9_]/.test(src[i]!)) i++;
    p.pos = i;
    dynamicText(w, src.slice(start, i));
  } else if (n !== undefined && /[0-9@*#?$!-]/.test(n)) {
    p.pos += 2;
    dynamicText(w, src.slice(start, p.pos));
  } else {
    w.value += "$";
    p.pos++;
  }
}

/** `${...}`: skipped to its closing brace; substitutions inside are parsed. */
function readParameter(p: Parser, depth: number): void {
  if (!enter(p)) return;
  readParameterBody(p, depth);
  p.nest--;
}

function readParameterBody(p: Parser, depth: number): void {
  const src = p.src;
  const inner = newWord(p.pos);
  let braces = 0;
  while (p.pos < src.length && !p.stopped) {
    const c = src[p.pos]!;
    if (c === "\\") p.pos += 2;
    else if (c === "$" && src[p.pos + 1] === "{") {
      braces++;
      p.pos += 2;
    } else if (c === "$") readDollar(p, inner, depth, true);
    else if (c === "`") readBacktick(p, inner, depth);
    else if (c === "'") {
      const end = src.indexOf("'", p.pos + 1);
      p.pos = end === -1 ? src.length : end + 1;
    } else if (c === '"') readDoubleQuoted(p, inner, depth);
    else if (c === "}") {
      p.pos++;
      if (--braces === 0) return;
    } else p.pos++;
  }
  if (!p.stopped) p.opaque.push({ kind: "unbalanced", text: "${" });
}
