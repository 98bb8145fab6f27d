/**
 * The state the shell splitter's readers share, and the primitives they all use: stopping at
 * a limit, entering one more level of nesting, marking part of a word dynamic, telling where a
 * word or a redirection starts.
 *
 * The readers recurse into each other: a substitution's body is a list of commands, whose
 * words hold quotes and expansions, which hold arithmetic, which holds quotes and expansions
 * again. Each module imports only the readers below it; the two calls that go back up (to the
 * list parser, and from arithmetic to the quote and expansion readers) go through
 * {@link Readers}, which `parseShell` puts in the state. So no module imports one that
 * imports it.
 *
 * @module
 */

import type {
  Heredoc,
  OpaqueKind,
  OpaqueReason,
  ShellParse,
  SimpleCommand,
} from "./_parse_types.ts";

/** Substitutions nested deeper than this make the whole command opaque. */
export const MAX_DEPTH = 50;
/** More simple commands than this make the whole command opaque. */
export const MAX_PARTS = 20000;

/** What ends a list of commands: the end of the text, `)` (`$(...)`) or `}` (`${ ...; }`). */
export type Closing = false | ")" | "}";

/** The readers called back from below, so that no module imports one that imports it. */
export interface Readers {
  /**
   * The list parser (`_list.ts`): reads commands to the end of the text or, with `closing`,
   * to the `)` that closes a substitution (or the `}` that closes a `${ cmd; }`); true when it
   * was found.
   */
  list: (p: Parser, depth: number, closing: Closing) => boolean;
  /**
   * The quote and expansion reader (`_expansion.ts`): reads the `"..."`, `$...` or backtick
   * at `p.pos` into `w`, as inside double quotes (arithmetic reads them so).
   */
  quoted: (p: Parser, w: WordBuilder, depth: number) => void;
}

/** The state of one parse, or of a text parsed inside it (a backtick or heredoc body). */
export interface Parser {
  /** The text being read. */
  src: string;
  /** The index in `src` of the next character to read. */
  pos: number;
  /** Added to offsets: a backtick body is parsed as a string of its own. */
  base: number;
  /** The simple commands found so far (shared with the texts parsed inside). */
  commands: SimpleCommand[];
  /** The opaque reasons found so far (shared with the texts parsed inside). */
  opaque: OpaqueReason[];
  /** The values evaluated as code found so far (shared with the texts parsed inside). */
  evaluations: ShellParse["evaluations"];
  /** The assignments found so far (shared with the texts parsed inside). */
  assignments: ShellParse["assignments"];
  /** Heredocs whose body starts after the next newline; `strip` for `<<-`. */
  pendingHeredocs: { doc: Heredoc; strip: boolean }[];
  /** Set when a limit is hit: parsing stops, the command is opaque. */
  stopped: boolean;
  /**
   * `${...}` and arithmetic open around the current position: `"${a:-"${b:-...}"}"` and
   * `$(($((...` nest without a substitution, so {@link MAX_DEPTH} bounds them here.
   */
  nest: number;
  /** Characters that failed `((` attempts may still scan again (each failure rescans). */
  arithBudget: number;
  /** The readers called back from below (see {@link Readers}). */
  readers: Readers;
}

/** A word being read: its value so far and whether it expands. */
export interface WordBuilder {
  /** The index in the parser's `src` where the word starts. */
  start: number;
  /** The value so far, quotes removed. */
  value: string;
  /** True once part of the word is only known at run time. */
  dynamic: boolean;
  /** Index in `value` from which the rest of the word is static. */
  staticFrom: number;
  /** Index in `value` where the last unquoted expansion ends (see `Word.splitTo`). */
  splitTo?: number;
}

/**
 * A value that holds no code: no quote, `$`, backtick, backslash, bracket, brace or operator,
 * only words and numbers. Evaluated as arithmetic, as a name or as a prompt it runs nothing.
 */
export const PLAIN_VALUE = /^[A-Za-z0-9_.,:+\-/=@%^ \t]*$/;

/** Blanks between words. */
export const BLANK: ReadonlySet<string> = new Set([" ", "\t"]);
/** Characters that end an unquoted word. */
export const WORD_END: ReadonlySet<string> = new Set([" ", "\t", "\n", ";", "&", "|", "(", ")"]);

/** A redirection operator starts at `i`: a `<` or `>` that opens no process substitution. */
export const redirectAt = (src: string, i: number): boolean =>
  (src[i] === "<" || src[i] === ">") && src[i + 1] !== "(";

/** A word starts at `i`: no blank, operator or redirection, nor the end of the text. */
export const wordAt = (src: string, i: number): boolean =>
  i < src.length && !WORD_END.has(src[i]!) && !redirectAt(src, i);

/** A builder for a word that starts at `start`, empty and static. */
export function newWord(start: number): WordBuilder {
  return { start, value: "", dynamic: false, staticFrom: 0 };
}

/** Stops parsing at a limit: the reason is recorded once, the rest of the text is skipped. */
export function stop(p: Parser, kind: OpaqueKind, text: string): void {
  if (!p.stopped) p.opaque.push({ kind, text });
  p.stopped = true;
  p.pos = p.src.length;
}

/** Opens one more `${` or arithmetic; false (and parsing stopped) beyond {@link MAX_DEPTH}. */
export function enter(p: Parser): boolean {
  if (p.nest + 1 > MAX_DEPTH) {
    stop(p, "too-deep", `expansions nested deeper than ${MAX_DEPTH}`);
    return false;
  }
  p.nest++;
  return true;
}

/**
 * True when a substitution's body (`$(...)`, a backtick, `${ cmd; }`) may be read one level
 * deeper than `depth`; false (and parsing stopped) beyond {@link MAX_DEPTH}.
 */
export function deeper(p: Parser, depth: number): boolean {
  if (depth + 1 <= MAX_DEPTH) return true;
  stop(p, "too-deep", `substitutions nested deeper than ${MAX_DEPTH}`);
  return false;
}

/** Adds text only known at run time to a word: the static rest starts after it. */
export function dynamicText(w: WordBuilder, text: string): void {
  w.value += text;
  w.dynamic = true;
  w.staticFrom = w.value.length;
}

/**
 * Reads `text` as bash expands it again where it evaluates text a second time (a subscript, an
 * arithmetic text, a double-quoted `${...}`): every `$(...)`, backtick and `${...}` in it is
 * read, its commands parsed one level deeper. Quotes and backslashes are taken as plain
 * characters, so nothing they would hide is missed (a few more commands, never fewer).
 *
 * @param p the parser the text belongs to (its commands and reasons receive what is found)
 * @param text the text, a slice of `p.src` or a value derived from it
 * @param offset where the text starts in `p.src` (for the order of the commands found)
 * @param depth the substitution depth
 */
export function scanText(p: Parser, text: string, offset: number, depth: number): void {
  if (!/[$`]/.test(text) || p.stopped) return;
  const sub: Parser = { ...p, src: text, pos: 0, base: p.base + offset, pendingHeredocs: [] };
  const w = newWord(0);
  while (sub.pos < text.length && !sub.stopped) {
    const c = text[sub.pos];
    if (c === "$" || c === "`") sub.readers.quoted(sub, w, depth);
    else sub.pos++;
  }
  rejoin(p, sub);
}

/**
 * Takes back what a parser of a text inside `p`'s text (a backtick body, a heredoc, a word
 * scanned again) spent: its arithmetic budget, and its stop. The stop's reason is recorded
 * already (the reasons are shared): the rest of `p` is skipped, without a second reason.
 *
 * @param p the parser of the outer text
 * @param sub the parser of the inner text, made from `p`
 */
export function rejoin(p: Parser, sub: Parser): void {
  p.arithBudget = sub.arithBudget;
  if (sub.stopped) {
    p.stopped = true;
    p.pos = p.src.length;
  }
}
