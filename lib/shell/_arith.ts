/**
 * Arithmetic (`((...))`, `$((...))`, `$[...]`) and array subscripts (`a[...]`), read to their
 * closing `))` or `]` as bash's `parse_matched_pair` reads them: quotes and substitutions are
 * read (and the substitutions parsed), blanks, `;`, `#`, `<<` are no operators.
 *
 * @module
 */

import {
  dynamicText,
  enter,
  newWord,
  type Parser,
  stop,
  type WordBuilder,
} from "./_parser_state.ts";

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
  while (p.pos < src.length && !p.stopped) {
    const c = src[p.pos]!;
    if (c === "\\") p.pos += 2;
    else if (c === "'") {
      const end = src.indexOf("'", p.pos + 1);
      if (end === -1) {
        p.opaque.push({ kind: "unbalanced", text: "'" });
        p.pos = src.length;
      } else p.pos = end + 1;
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
      dynamicText(w, src.slice(textStart, p.pos));
      return true;
    } else p.pos++;
  }
  if (!p.stopped) p.opaque.push({ kind: "unbalanced", text: open });
  dynamicText(w, src.slice(textStart, p.pos));
  return true;
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
  const mark = { pos: p.pos, commands: p.commands.length, opaque: p.opaque.length };
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
  p.pendingHeredocs.length = heredocs;
  Object.assign(w, { value, staticFrom, dynamic });
  return false;
}
