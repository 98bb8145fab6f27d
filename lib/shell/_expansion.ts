/**
 * Double quotes and what starts with `$`: `"..."`, `$name`, `$1`, `${...}`, `$'...'` (decoded
 * as bash does), `$"..."`, and the `$(...)`, `$((...))`, `$[...]` that the substitution and
 * arithmetic readers take on.
 *
 * @module
 */

import { evaluatesArith, readAnsiC, readArith, tryArith } from "./_arith.ts";
import {
  deeper,
  dynamicText,
  enter,
  newWord,
  type Parser,
  PLAIN_VALUE,
  scanText,
  type WordBuilder,
} from "./_parser_state.ts";
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
    w.value += readAnsiC(p);
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

/**
 * `${...}`: read to its closing brace; substitutions inside are parsed. Where bash evaluates
 * part of it again, quotes hide nothing: a subscript and an offset are arithmetic, and in
 * double quotes `${x:-'...'}` keeps its single quotes as characters and expands what is
 * between them. So what single quotes (or a `$'...'`) hold is read for substitutions wherever
 * it stands in `${...}`: a few more commands where bash expands none, never fewer. What it
 * evaluates (`${a[i]}`, `${s:o}`, `${!r}`, `${p@P}`) and assigns (`${v:=...}`) is recorded.
 */
function readParameter(p: Parser, depth: number): void {
  if (!enter(p)) return;
  readParameterBody(p, depth);
  p.nest--;
}

function readParameterBody(p: Parser, depth: number): void {
  const src = p.src;
  const start = p.pos;
  // `${ cmd; }` and `${| cmd; }` run commands in bash 5.3.
  if (/[ \t\n|]/.test(src[p.pos + 2] ?? "")) return readFunsub(p, depth);
  const inner = newWord(p.pos);
  p.pos += 2;
  while (p.pos < src.length && !p.stopped) {
    const c = src[p.pos]!;
    if (c === "\\") p.pos += 2;
    else if (c === "$" && src[p.pos + 1] === "'") scanText(p, readAnsiC(p), p.pos, depth);
    else if (c === "$") readDollar(p, inner, depth, true);
    else if (c === "`") readBacktick(p, inner, depth);
    else if (c === "'") {
      const end = src.indexOf("'", p.pos + 1);
      const stop = end === -1 ? src.length : end;
      scanText(p, src.slice(p.pos + 1, stop), p.pos + 1, depth);
      p.pos = end === -1 ? src.length : end + 1;
    } else if (c === '"') readDoubleQuoted(p, inner, depth);
    else if (c === "}") {
      p.pos++;
      recordParameter(p, src.slice(start, p.pos));
      return;
    } else p.pos++;
  }
  if (!p.stopped) p.opaque.push({ kind: "unbalanced", text: "${" });
}

/**
 * `${ cmd; }` or `${| cmd; }` (bash 5.3): commands, one level deeper, to the reserved `}` that
 * closes it, as a `$(...)` is read to its `)`.
 */
function readFunsub(p: Parser, depth: number): void {
  const start = p.pos;
  if (!deeper(p, depth)) return;
  p.pos += p.src[p.pos + 2] === "|" ? 3 : 2;
  const closed = p.readers.list(p, depth + 1, "}");
  if (p.stopped) return;
  p.opaque.push({ kind: "substitution", text: p.src.slice(start, p.pos) });
  if (!closed) p.opaque.push({ kind: "unbalanced", text: "${ " });
}

/** `${!name}`, `${#name}` or `${name}`, then a subscript, at the start of the text in `${}`. */
const HEAD = /^([!#]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])/;

/** Records what a whole `${...}` evaluates and assigns. */
function recordParameter(p: Parser, text: string): void {
  const body = text.slice(2, -1);
  const head = HEAD.exec(body);
  if (head === null) return;
  const [all, prefix, name] = head as unknown as [string, string, string];
  let rest = body.slice(all.length);
  if (rest.startsWith("[")) {
    let open = 0;
    let end = 0;
    for (; end < rest.length; end++) {
      if (rest[end] === "[") open++;
      else if (rest[end] === "]" && --open === 0) break;
    }
    const subscript = rest.slice(1, end);
    if (subscript !== "@" && subscript !== "*") evaluatesArith(p, text, subscript);
    rest = rest.slice(end + 1);
  }
  const keys = /^\[[@*]\]$/.test(body.slice(all.length, body.length - rest.length));
  if (prefix === "!" && !keys && rest !== "@" && rest !== "*") {
    // `${!r}`: the value of `r` is a name (with its subscript); not `${!a[@]}` (the keys of
    // `a`) nor `${!pre@}` (the names that start with `pre`).
    p.evaluations.push({ kind: "name", name, text });
  }
  if (rest.endsWith("@P")) p.evaluations.push({ kind: "prompt", name, text });
  if (prefix !== "" || rest === "") return;
  if (rest[0] === ":" && !"-=?+".includes(rest[1] ?? "")) {
    // `${s:offset:length}`: both arithmetic.
    evaluatesArith(p, text, rest.slice(1));
  }
  const assign = /^:?=([^]*)$/.exec(rest);
  if (assign !== null) {
    const value = PLAIN_VALUE.test(assign[1]!) ? assign[1]! : null;
    p.assignments.push({ name, value, text });
  }
}
