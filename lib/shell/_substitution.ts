/**
 * Command substitutions: `$(...)`, `<(...)`, `>(...)` and backticks, whose bodies are parsed
 * as commands of their own, one level deeper, by the list parser (reached through
 * `p.readers.list`).
 *
 * @module
 */

import { deeper, dynamicText, type Parser, rejoin, type WordBuilder } from "./_parser_state.ts";

/**
 * `$(...)`, `<(...)`, `>(...)`: the body, parsed as commands of their own, to its `)`.
 *
 * @param p the parser
 * @param depth the depth of the command the substitution is in
 * @param bodyStart the index after the opening `(`
 */
export function readSubstitution(p: Parser, depth: number, bodyStart: number): void {
  if (!deeper(p, depth)) return;
  p.pos = bodyStart;
  const closed = p.readers.list(p, depth + 1, ")");
  if (!closed && !p.stopped) p.opaque.push({ kind: "unbalanced", text: "$(" });
}

/**
 * A backtick substitution at `p.pos`: its body, with the backslashes bash removes there
 * removed, parsed as a text of its own; the substitution goes into `w` as dynamic.
 *
 * @param p the parser, at the opening backtick
 * @param w the word the substitution is part of
 * @param depth the depth of the command the substitution is in
 */
export function readBacktick(p: Parser, w: WordBuilder, depth: number): void {
  const src = p.src;
  const start = p.pos;
  let i = p.pos + 1;
  let body = "";
  while (i < src.length && src[i] !== "`") {
    if (src[i] === "\\" && i + 1 < src.length) {
      const n = src[i + 1]!;
      body += "$`\\".includes(n) ? n : "\\" + n;
      i += 2;
    } else body += src[i++];
  }
  if (i >= src.length) p.opaque.push({ kind: "unbalanced", text: "`" });
  p.pos = Math.min(i + 1, src.length);
  dynamicText(w, src.slice(start, p.pos));
  p.opaque.push({ kind: "substitution", text: src.slice(start, p.pos) });
  if (!deeper(p, depth)) return;
  const sub: Parser = {
    ...p,
    src: body,
    pos: 0,
    base: p.base + start + 1,
    pendingHeredocs: [],
  };
  p.readers.list(sub, depth + 1, false);
  rejoin(p, sub);
}
