/**
 * The list parser: commands and the separators between them (`&&` `||` `;` `;;` `|` `|&` `&`,
 * newlines, parentheses), comments, `case` patterns, arithmetic commands `((...))`, and where
 * heredoc bodies start. Words, redirections and compound assignments are read by their own
 * readers; a substitution's body comes back here one level deeper.
 *
 * @module
 */

import { tryArith } from "./_arith.ts";
import { readCompoundAssignment } from "./_array.ts";
import type { Word } from "./_parse_types.ts";
import {
  addWord,
  type CommandBuilder,
  commandPosition,
  finish,
  newCommand as startCommand,
  plainWord,
} from "./_command.ts";
import { readHeredocBodies } from "./_heredoc.ts";
import { BLANK, type Closing, newWord, type Parser, redirectAt } from "./_parser_state.ts";
import { FD, readRedirect } from "./_redirect.ts";
import { joinLines, readWord } from "./_word.ts";
import { CLOSERS, OPENERS } from "./reserved.ts";

/**
 * Parses commands until the end of the text or, with `closing`, the `)` that closes a
 * substitution or the reserved `}` that closes a `${ cmd; }`: `Readers.list` of the parser
 * state.
 *
 * @param p the parser
 * @param depth the depth of the commands read (0 at top level)
 * @param closing the text is a substitution's body, which a `)` (or a `}`) closes
 * @returns true when that `)` or `}` was found
 */
export function parseList(p: Parser, depth: number, closing: Closing): boolean {
  const src = p.src;
  // Compound commands open in this list (`(`, `{`, `if`, `while`, `until`, `for`, `select`,
  // `case`), each with whether a pipe feeds it (`x | while ...; do bash; done`): every command
  // in a fed one may read the pipe.
  const scopes: boolean[] = [];
  let fed = 0;
  const open = (pipe: boolean) => {
    scopes.push(pipe);
    if (pipe) fed++;
  };
  const close = () => {
    if (scopes.pop()) fed--;
  };
  const newCommand = (pos: number, pipeIn: boolean, casePattern = false) =>
    startCommand(pos, pipeIn || fed > 0, casePattern);
  let b = newCommand(p.pos, false);
  let parens = 0;
  // Open `case` statements: reading a pattern (up to its `)`, which closes nothing) or a body.
  const cases: ("pattern" | "body")[] = [];
  const inPattern = () => cases.at(-1) === "pattern";
  // Inside `[[ ... ]]`, whose operands bash may evaluate as arithmetic or as names.
  let cond = false;
  // Brace groups open in this list: the `}` that closes `${ cmd; }` is the one outside them.
  let groups = 0;
  while (p.pos < src.length && !p.stopped) {
    const c = src[p.pos]!;
    if (BLANK.has(c)) {
      p.pos++;
    } else if (c === "\\" && src[p.pos + 1] === "\n") {
      p.pos += 2;
    } else if (c === "\n" && b.caseAt >= 0 && b.words.length === b.caseAt + 2) {
      p.pos++; // `case WORD` newline `in`
    } else if (c === "\n") {
      finish(p, b, depth);
      p.pos++;
      readHeredocBodies(p, depth);
      b = newCommand(p.pos, false, inPattern());
    } else if (c === "#") {
      const nl = src.indexOf("\n", p.pos);
      p.pos = nl === -1 ? src.length : nl;
    } else if (c === ";" || c === "|" || (c === "&" && src[p.pos + 1] !== ">")) {
      const op = readOperator(src, p.pos);
      p.pos += op.length;
      // A pattern (`a|b)`) is no command: its words are not a part.
      if (!inPattern()) finish(p, b, depth);
      const armEnd = op.startsWith(";;") || op === ";&";
      if (armEnd && cases.length > 0) cases[cases.length - 1] = "pattern";
      // In a pattern `a|b)`, `|` separates patterns: no pipe.
      b = newCommand(p.pos, (op === "|" || op === "|&") && !inPattern(), armEnd || inPattern());
    } else if (
      c === "(" && src[p.pos + 1] === "(" &&
      (commandPosition(b) || (b.words.length === 1 && b.words[0]!.raw === "for")) &&
      readArithCommand(p, b, depth)
    ) {
      b.end = p.pos;
    } else if (c === "(" && inPattern() && b.words.length === 0) {
      p.pos++; // `(a)`: the optional `(` before a pattern
    } else if (c === ")" && inPattern()) {
      p.pos++;
      cases[cases.length - 1] = "body";
      b = newCommand(p.pos, false);
    } else if (c === "(") {
      // `x | (a; b)`: the pipe feeds the subshell.
      open(b.pipeIn && b.words.length === 0 && b.redirects.length === 0);
      finish(p, b, depth);
      parens++;
      p.pos++;
      b = newCommand(p.pos, false);
    } else if (c === ")") {
      finish(p, b, depth);
      p.pos++;
      if (parens === 0 && closing === ")") return true;
      if (parens > 0) {
        parens--;
        close();
      }
      b = newCommand(p.pos, false);
    } else if (redirectAt(src, p.pos) || c === "&") {
      if (b.words.length === 0 && b.redirects.length === 0) b.start = p.pos;
      readRedirect(p, b, depth, "");
      b.last = "redirect";
      b.end = p.pos;
    } else {
      const start = p.pos;
      let w = readWord(p, depth, commandPosition(b));
      if (b.words.length === 0 && b.redirects.length === 0) b.start = start;
      const next = src[p.pos];
      if (redirectAt(src, p.pos) && FD.test(joinLines(w.raw))) {
        readRedirect(p, b, depth, joinLines(w.raw));
        b.last = "redirect";
      } else {
        if (next === "(" && /^[A-Za-z_][A-Za-z0-9_]*(\[.*\])?\+?=$/s.test(joinLines(w.raw))) {
          const head = w;
          w = readCompoundAssignment(p, w, start, depth);
          if (head.assignment) w.assignment = true;
        }
        const atCommand = commandPosition(b) || inPattern();
        const atStart = b.last === "start" || b.last === "reserved";
        if (closing === "}" && groups === 0 && atStart && !inPattern() && plainWord(w, "}")) {
          finish(p, b, depth);
          return true;
        }
        addWord(b, w);
        if (b.last === "reserved" && plainWord(w, "{")) groups++;
        else if (b.last === "reserved" && plainWord(w, "}") && groups > 0) groups--;
        compound(b, w, open, close);
        // `[[ ... ]]`, split at `&&`, `||` and parentheses: each part is marked.
        if (b.nameAt === b.words.length - 1 && plainWord(w, "[[")) cond = true;
        b.cond ||= cond;
        if (cond && plainWord(w, "]]")) cond = false;
        if (atCommand && b.words.length === 1 && cases.length > 0 && plainWord(w, "esac")) {
          cases.pop();
        } else if (b.caseAt >= 0 && b.words.length === b.caseAt + 3 && plainWord(w, "in")) {
          // `case WORD in`: patterns follow, whose `)` closes no parenthesis.
          b.end = p.pos;
          finish(p, b, depth);
          cases.push("pattern");
          b = newCommand(p.pos, false, true);
          continue;
        }
      }
      b.end = p.pos;
    }
  }
  finish(p, b, depth);
  return false;
}

function readOperator(src: string, pos: number): string {
  for (const op of [";;&", "&&", "||", ";;", ";&", "|&"]) {
    if (src.startsWith(op, pos)) return op;
  }
  return src[pos]!;
}

/**
 * `((...))` where a command may start (or after `for`): an arithmetic command, one word.
 * False (nothing read) when it is two subshells (`((a) ; (b))`).
 */
function readArithCommand(p: Parser, b: CommandBuilder, depth: number): boolean {
  const start = p.pos;
  const w = newWord(start);
  if (!tryArith(p, w, depth, p.pos + 2)) return false;
  if (b.words.length === 0 && b.redirects.length === 0) b.start = start;
  // Its text is known as written: a static word, so that `((i++))` hides no command.
  const raw = p.src.slice(start, p.pos);
  b.words.push({ raw, value: raw, dynamic: false, staticFrom: 0 });
  b.last = "word";
  b.redirOnly = false;
  return true;
}

/** The words that open a compound command where a command starts, besides {@link OPENERS}. */
const LOOPS = new Set(["for", "select", "case"]);

/** Opens or closes a compound command at the word `w` just added to `b`. */
function compound(b: CommandBuilder, w: Word, open: (pipe: boolean) => void, close: () => void) {
  const plain = !w.dynamic && joinLines(w.raw) === w.value ? w.value : undefined;
  if (plain === undefined) return;
  const reserved = b.last === "reserved";
  // `function f { ...; }`: its `{` follows the name.
  const body = plain === "{" && b.words.length === 3 && plainWord(b.words[0], "function");
  if ((reserved && OPENERS.has(plain)) || body) open(b.pipeIn);
  else if (LOOPS.has(plain) && b.nameAt === b.words.length - 1) open(b.pipeIn);
  else if (CLOSERS.has(plain) && (reserved || b.words.length === 1)) close();
}
