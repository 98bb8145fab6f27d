/**
 * Heredocs: opened at `<<` or `<<-` (the body waits for the end of the line), read at the next
 * newline up to the delimiter line, and, when the delimiter is not quoted, scanned for the
 * substitutions bash would run as it expands the body.
 *
 * @module
 */

import type { Heredoc, Word } from "./_parse_types.ts";
import { readDollar } from "./_expansion.ts";
import { newWord, type Parser, rejoin } from "./_parser_state.ts";
import { readBacktick } from "./_substitution.ts";

/**
 * A heredoc whose `<<` or `<<-` was just read: its body is read after the next newline.
 *
 * @param p the parser
 * @param op `<<` or `<<-`
 * @param target the delimiter word; undefined when missing
 * @returns the heredoc, its body still empty
 */
export function openHeredoc(p: Parser, op: string, target: Word | undefined): Heredoc {
  const quoted = target !== undefined && /['"\\]/.test(target.raw);
  const doc: Heredoc = { delimiter: target?.value ?? "", quoted, body: "" };
  p.pendingHeredocs.push({ doc, strip: op === "<<-" });
  p.opaque.push({ kind: "heredoc", text: `${op}${target?.raw ?? ""}` });
  return doc;
}

/**
 * The bodies of the heredocs opened on the line just ended, from `p.pos` (after its newline).
 *
 * @param p the parser, after a newline
 * @param depth the substitution depth
 */
export function readHeredocBodies(p: Parser, depth: number): void {
  const src = p.src;
  for (const { doc, strip } of p.pendingHeredocs.splice(0)) {
    const bodyStart = p.pos;
    let body = "";
    while (p.pos < src.length) {
      const nl = src.indexOf("\n", p.pos);
      const end = nl === -1 ? src.length : nl;
      const line = src.slice(p.pos, end);
      p.pos = nl === -1 ? src.length : nl + 1;
      if ((strip ? line.replace(/^\t+/, "") : line) === doc.delimiter) break;
      body += line + "\n";
    }
    doc.body = body;
    if (!doc.quoted) scanExpansions(p, body, bodyStart, depth);
  }
}

/** Finds the substitutions of text that expands like a double-quoted string (a heredoc body). */
function scanExpansions(p: Parser, text: string, offset: number, depth: number): void {
  const sub: Parser = { ...p, src: text, pos: 0, base: p.base + offset, pendingHeredocs: [] };
  const w = newWord(0);
  while (sub.pos < text.length && !sub.stopped) {
    const c = text[sub.pos];
    if (c === "\\") sub.pos += 2;
    else if (c === "$") readDollar(sub, w, depth, true);
    else if (c === "`") readBacktick(sub, w, depth);
    else sub.pos++;
  }
  rejoin(p, sub);
}
