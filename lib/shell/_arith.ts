/**
 * Arithmetic (`((...))`, `$((...))`, `$[...]`) and array subscripts (`a[...]`), read to their
 * closing `))` or `]` as bash's `parse_matched_pair` reads them: quotes and substitutions are
 * read (and the substitutions parsed), blanks, `;`, `#`, `<<` are no operators.
 *
 * Bash expands an arithmetic text as if it were double-quoted, so a single quote in it quotes
 * nothing: `$(( '$(rm x)' ))` and `${a['$(rm x)']}` run `rm x`. The quotes still pair up where
 * bash looks for the end of the text, so they are read to find it, and what is inside them is
 * read again for substitutions (`scanText`); a `$'...'` is decoded first, as bash decodes it.
 * Every parameter the text names is recorded as evaluated: its value is evaluated in turn.
 *
 * @module
 */

import { decodeAnsiC } from "./ansi_c.ts";
import {
  dynamicText,
  enter,
  newWord,
  type Parser,
  scanText,
  stop,
  type WordBuilder,
} from "./_parser_state.ts";

/**
 * The parameters an arithmetic text evaluates: every name in it (`n`, `$n`, `${n}`; a name
 * inside a substitution too, which names more than it needs), and `$1`, `$@`, `$*`. A length
 * (`${#n}`) is a number and names nothing.
 *
 * @param text the arithmetic text (or a subscript, an offset)
 * @returns the names, each once
 */
function arithNames(text: string): string[] {
  const names = new Set<string>();
  const t = text.replace(/\$\{#[^}]*\}/g, " ");
  for (const m of t.matchAll(/\$\{?([0-9]+|[@*])|(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)/g)) {
    names.add(m[1] ?? m[2]!);
  }
  return [...names];
}

/**
 * True when a text holds a command substitution (`$(...)`, a backtick), whose output is only
 * known at run time; `$((...))` is arithmetic, a number, and an escaped `\$(` is text. A `$((`
 * that a single `)` closes is a substitution, as for bash.
 *
 * @param text the text
 * @returns whether some substitution's output is part of it
 */
export function commandOutputIn(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "`") return true;
    else if (c === "$" && text[i + 1] === "(") {
      if (text[i + 2] !== "(") return true;
      let open = 2;
      let j = i + 3;
      for (; j < text.length && open > 1; j++) {
        if (text[j] === "(") open++;
        else if (text[j] === ")") open--;
      }
      if (open > 1 || text[j] !== ")") return true;
    }
  }
  return false;
}

/**
 * Records that an arithmetic text (or a subscript, an offset) evaluates the parameters it names
 * and, when it holds one, a substitution's output.
 *
 * @param p the parser
 * @param text the text as written
 * @param inner the part of it that is evaluated (without its `$((` and `))`)
 */
export function evaluatesArith(p: Parser, text: string, inner: string): void {
  for (const name of arithNames(inner)) p.evaluations.push({ kind: "arithmetic", name, text });
  if (commandOutputIn(inner)) p.evaluations.push({ kind: "arithmetic", name: null, text });
}

/**
 * An arithmetic text or an array subscript, from `p.pos` to its closing `))` or `]`. The text
 * from `textStart` goes into `w` as dynamic. Returns false when `)` closes without a second
 * `)` (`$((a) | b)` is a subshell in a command substitution).
 *
 * @param p the parser, at the first character after the opening `((` or `[`
 * @param w the word the text goes into
 * @param depth the substitution depth
 * @param close `)` for arithmetic, `]` for a subscript
 * @param textStart where the text that goes into `w` starts (at `$((`, `$[` or `[`)
 * @returns false when a single `)` closed the text
 */
export function readArith(
  p: Parser,
  w: WordBuilder,
  depth: number,
  close: ")" | "]",
  textStart: number,
): boolean {
  if (!enter(p)) return true;
  const closed = readArithBody(p, w, depth, close, textStart);
  p.nest--;
  return closed;
}

function readArithBody(
  p: Parser,
  w: WordBuilder,
  depth: number,
  close: ")" | "]",
  textStart: number,
): boolean {
  const src = p.src;
  const start = p.pos;
  const open = close === ")" ? "(" : "[";
  const inner = newWord(start);
  let nested = 0;
  // `$'...'` decoded, for the names it holds: the text bash evaluates.
  let decoded = "";
  while (p.pos < src.length && !p.stopped) {
    const c = src[p.pos]!;
    if (c === "\\") p.pos += 2;
    else if (c === "'") {
      const end = src.indexOf("'", p.pos + 1);
      if (end === -1) {
        p.opaque.push({ kind: "unbalanced", text: "'" });
        p.pos = src.length;
      } else {
        scanText(p, src.slice(p.pos + 1, end), p.pos + 1, depth);
        p.pos = end + 1;
      }
    } else if (c === "$" && src[p.pos + 1] === "'") {
      const text = readAnsiC(p);
      decoded += " " + text;
      scanText(p, text, p.pos, depth);
    } else if (c === '"' || c === "$" || c === "`") p.readers.quoted(p, inner, depth);
    else if (c === open) {
      nested++;
      p.pos++;
    } else if (c === close && nested > 0) {
      nested--;
      p.pos++;
    } else if (c === close) {
      p.pos++;
      if (close === ")") {
        if (src[p.pos] !== ")") return false;
        p.pos++;
      }
      const text = src.slice(textStart, p.pos);
      evaluatesArith(p, text, src.slice(start, p.pos - (close === ")" ? 2 : 1)) + decoded);
      dynamicText(w, text);
      return true;
    } else p.pos++;
  }
  const text = src.slice(textStart, p.pos);
  // Stopped at a limit, the command is hidden whole: nothing more is recorded.
  if (!p.stopped) {
    p.opaque.push({ kind: "unbalanced", text: open });
    evaluatesArith(p, text, src.slice(start, p.pos) + decoded);
  }
  dynamicText(w, text);
  return true;
}

/**
 * The `$'...'` at `p.pos`, decoded; `p.pos` goes past it.
 *
 * @param p the parser, at the `$`
 * @returns the decoded text
 */
export function readAnsiC(p: Parser): string {
  const src = p.src;
  let i = p.pos + 2;
  while (i < src.length && src[i] !== "'") i += src[i] === "\\" ? 2 : 1;
  if (i >= src.length) p.opaque.push({ kind: "unbalanced", text: "$'" });
  const text = decodeAnsiC(src.slice(p.pos + 2, Math.min(i, src.length)));
  p.pos = Math.min(i + 1, src.length);
  return text;
}

/**
 * `((` whose body starts at `bodyStart` (after `$((` or `((`): arithmetic when a `))` closes
 * it, read by {@link readArith}; otherwise nothing is kept and false is returned (it is a
 * subshell: `$((a) | b)`, `((a) ; (b))`).
 *
 * @param p the parser, at the `$` or the first `(`
 * @param w the word the text goes into
 * @param depth the substitution depth
 * @param bodyStart the index after the opening `((`
 * @returns true when it was arithmetic (or parsing stopped)
 */
export function tryArith(p: Parser, w: WordBuilder, depth: number, bodyStart: number): boolean {
  const mark = {
    pos: p.pos,
    commands: p.commands.length,
    opaque: p.opaque.length,
    evaluations: p.evaluations.length,
    assignments: p.assignments.length,
  };
  const heredocs = p.pendingHeredocs.length;
  const value = w.value;
  const staticFrom = w.staticFrom;
  const dynamic = w.dynamic;
  p.pos = bodyStart;
  if (readArith(p, w, depth, ")", mark.pos) || p.stopped) return true;
  // `(((((a) b) c) d) e)`: each level fails after scanning the rest; a budget keeps it linear.
  p.arithBudget -= p.pos - bodyStart;
  if (p.arithBudget < 0) {
    stop(p, "too-deep", "arithmetic and subshells nested too deep to read");
    return true;
  }
  p.pos = mark.pos;
  p.commands.length = mark.commands;
  p.opaque.length = mark.opaque;
  p.evaluations.length = mark.evaluations;
  p.assignments.length = mark.assignments;
  p.pendingHeredocs.length = heredocs;
  Object.assign(w, { value, staticFrom, dynamic });
  return false;
}
