/**
 * The simple command being read: its words and redirections, what kind of token came last
 * (so that the next word is known to stand where bash reads a command word or not), and how
 * it is recorded as a part when a separator ends it.
 *
 * @module
 */

import type { Heredoc, Redirect, Word } from "./_parse_types.ts";
import { evaluatedArguments } from "./_builtins.ts";
import { MAX_PARTS, type Parser, stop } from "./_parser_state.ts";
import { joinLines } from "./_word.ts";
import { KEYWORDS, OPENERS } from "./reserved.ts";

/** A simple command being read. */
export interface CommandBuilder {
  /** Index in the parser's `src` of its first word or redirection. */
  start: number;
  /** Index in the parser's `src` after its last word or redirection. */
  end: number;
  /** Its words so far, assignments included. */
  words: Word[];
  /** Its redirections so far. */
  redirects: Redirect[];
  /** Its heredocs so far (their bodies are read at the next newline). */
  heredocs: Heredoc[];
  /** It reads the output of a pipe. */
  pipeIn: boolean;
  /**
   * What the last token was, for {@link commandPosition}; `coprocName` is the word after
   * `coproc`, a name when a compound command follows (`coproc X { ...; }`).
   */
  last: "start" | "reserved" | "assignment" | "word" | "redirect" | "coprocName";
  /** Only redirections since the start or the last reserved word (bash's PST_REDIRLIST). */
  redirOnly: boolean;
  /** Index of a reserved `case` among the words (-1: none): `case WORD in` opens a case. */
  caseAt: number;
  /** Index of the command word among the words (-1: none yet). */
  nameAt: number;
  /** The command is part of a `[[ ... ]]`, whose operands bash may evaluate. */
  cond: boolean;
}

/**
 * A command starting at `pos`.
 *
 * @param pos its start in the parser's `src`
 * @param pipeIn it reads the output of a pipe
 * @param casePattern it is a case pattern (after `in` or `;;`), where bash reads no command word
 * @returns the empty command
 */
export function newCommand(pos: number, pipeIn: boolean, casePattern = false): CommandBuilder {
  return {
    start: pos,
    end: pos,
    words: [],
    redirects: [],
    heredocs: [],
    pipeIn,
    // After `;;` comes a case pattern, where bash reads no command word.
    last: casePattern ? "word" : "start",
    redirOnly: !casePattern,
    caseAt: -1,
    nameAt: -1,
    cond: false,
  };
}

/**
 * Reserved words after which bash reads a command word (its `reserved_word_acceptable`): the
 * keywords the deny view takes off, and `time` and `]]`.
 */
const RESERVED: ReadonlySet<string> = new Set([...KEYWORDS, "time", "]]"]);
/**
 * The words other than the reserved {@link OPENERS} that open a compound command after
 * `coproc NAME` (no reserved words for the splitter).
 */
const COPROC_LOOP = new Set(["for", "select", "[["]);

/**
 * True where bash reads the next word as a command word, in which an assignment may stand
 * (its `assignment_acceptable`): at the start, after a reserved word, after an assignment, and
 * after redirections that nothing but a reserved word precedes (`>f a[ #]` but not
 * `x=1 >f a[ #]`). There `a[...]` is read to its `]` (blanks, `;` and `#` included) and `((`
 * starts arithmetic. Checked against bash 5.2.
 */
export function commandPosition(b: CommandBuilder): boolean {
  return b.last === "start" || b.last === "reserved" || b.last === "assignment" ||
    b.last === "coprocName" || (b.last === "redirect" && b.redirOnly);
}

/** The word is `name`, unquoted. */
export const plainWord = (w: Word | undefined, name: string): boolean =>
  w !== undefined && !w.dynamic && w.value === name && joinLines(w.raw) === name;

/** Records a word of `b`, and what kind of token it was for the next word. */
export function addWord(b: CommandBuilder, w: Word): void {
  const plain = joinLines(w.raw);
  const prev = b.words.at(-1);
  const atStart = b.last === "start" || b.last === "reserved";
  const isPlain = !w.dynamic && plain === w.value;
  const reserved = isPlain &&
    ((RESERVED.has(plain) && atStart) ||
      // `coproc NAME { ...; }`: NAME names the coprocess, the compound command follows.
      (OPENERS.has(plain) && b.last === "coprocName") ||
      // `time -p`, `time --`, `time -p --`
      ((plain === "-p" || plain === "--") && b.last === "reserved" &&
        (prev?.raw === "time" || prev?.raw === "-p")));
  if (reserved) {
    b.last = "reserved";
    b.redirOnly = true;
  } else if (plainWord(w, "case") && (atStart || b.last === "coprocName")) {
    b.caseAt = b.words.length;
    b.nameAt = b.words.length;
    b.last = "word";
    b.redirOnly = false;
  } else if (
    isPlain && b.last === "reserved" && prev !== undefined && plainWord(prev, "coproc") &&
    /^[A-Za-z_][A-Za-z0-9_]*$/.test(plain)
  ) {
    b.nameAt = b.words.length;
    b.last = "coprocName";
    b.redirOnly = false;
  } else {
    const atCommand = commandPosition(b);
    const assignment = atCommand && w.assignment === true;
    // After `coproc NAME`, a word is an argument of NAME unless a compound command starts.
    const compound = b.last !== "coprocName" || (isPlain && COPROC_LOOP.has(plain));
    if (atCommand && !assignment && compound) b.nameAt = b.words.length;
    b.last = assignment ? "assignment" : "word";
    b.redirOnly = false;
  }
  b.words.push(w);
}

/** Records `b` as a part, unless it is empty; stops parsing beyond {@link MAX_PARTS}. */
export function finish(p: Parser, b: CommandBuilder, depth: number): void {
  if (b.words.length === 0 && b.redirects.length === 0) return;
  if (p.commands.length >= MAX_PARTS) {
    stop(p, "too-many-parts", `more than ${MAX_PARTS} parts`);
    return;
  }
  p.commands.push({
    text: p.src.slice(b.start, b.end),
    start: p.base + b.start,
    depth,
    words: b.words,
    redirects: b.redirects,
    heredocs: b.heredocs,
    pipeIn: b.pipeIn,
  });
  evaluatedArguments(p, b, depth);
}
