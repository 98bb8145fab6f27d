/**
 * Redirections (`<`, `>`, `>>`, `>|`, `<>`, `&>`, `&>>`, `<&`, `>&`, `<<`, `<<-`, `<<<`, with a
 * descriptor: `2>`, `{fd}>`): read with their target into the command, and marked opaque
 * when they write into a file that is not `/dev/null` or open a heredoc.
 *
 * @module
 */

import type { Word } from "./_parse_types.ts";
import type { CommandBuilder } from "./_command.ts";
import { openHeredoc } from "./_heredoc.ts";
import { BLANK, type Parser, wordAt } from "./_parser_state.ts";
import { readWord } from "./_word.ts";

/** A word right before `<` or `>` that names the descriptor: `2>`, `{fd}>`. */
export const FD = /^(\d+|\{[A-Za-z_][A-Za-z0-9_]*\})$/;

const REDIRECT_OPS = ["&>>", "&>", "<<<", "<<-", "<<", "<>", "<&", ">>", ">|", ">&", "<", ">"];
const OUTPUT_OPS = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">&"]);

/**
 * The redirection at `p.pos` (its operator, then its target word), added to `b`.
 *
 * @param p the parser, at the operator
 * @param b the command it belongs to
 * @param depth the substitution depth
 * @param fd the descriptor word read before the operator (`2`, `{fd}`), or `""`
 */
export function readRedirect(p: Parser, b: CommandBuilder, depth: number, fd: string): void {
  const src = p.src;
  const op = REDIRECT_OPS.find((o) => src.startsWith(o, p.pos)) ?? src[p.pos]!;
  p.pos += op.length;
  const afterOp = p.pos;
  while (BLANK.has(src[p.pos] ?? "")) p.pos++;
  const target = wordAt(src, p.pos) ? readWord(p, depth) : undefined;
  if (target === undefined) p.pos = afterOp;
  b.redirects.push({ op: fd + op, target });
  if (op === "<<" || op === "<<-") {
    b.heredocs.push(openHeredoc(p, op, target));
    return;
  }
  if (OUTPUT_OPS.has(op) && !harmlessTarget(op, target)) {
    p.opaque.push({ kind: "redirection", text: `${fd}${op}${target ? " " + target.raw : ""}` });
  }
}

/** `/dev/null`, and a duplication onto a descriptor (`>&2`, `2>&1`, `>&-`). */
function harmlessTarget(op: string, target: Word | undefined): boolean {
  if (target === undefined || target.dynamic) return false;
  if (target.value === "/dev/null") return true;
  return op === ">&" && /^(\d+|-)$/.test(target.value);
}
