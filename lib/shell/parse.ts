/**
 * The shell splitter: command text -> simple commands (each with its words and redirections)
 * and the reasons the text is opaque. Pure, single pass, linear in the input.
 *
 * Written by hand, because its job is a security rule no parser library states: it must see
 * every command bash would run (inside `$(...)`, backticks, `<(...)`, heredoc bodies that
 * expand) and mark as opaque everything whose effect it cannot know before it runs.
 *
 * What it knows: words with `'...'`, `"..."`, `$'...'`, `$"..."` and backslash escapes; line
 * continuations; comments; the separators `&&` `||` `;` `;;` `|` `|&` `&`, newlines and
 * parentheses; `$(...)`, `$((...))`, backticks, `<(...)`, `>(...)`, `${...}`; redirections
 * (`<`, `>`, `>>`, `>|`, `<>`, `&>`, `&>>`, `<&`, `>&`, `N>`, `{fd}>`), heredocs (`<<`, `<<-`,
 * quoted or not) and here-strings (`<<<`); arithmetic (`((...))`, `$((...))`, `$[...]`), array
 * subscripts where a command word may stand (`a[ x ]=1`) and compound assignments (`a=(...)`),
 * in which blanks, `;`, `#` and `<<` are no operators, as in bash. NUL bytes are dropped, as
 * bash drops them from a script.
 *
 * @module
 */

import { decodeAnsiC } from "./ansi_c.ts";

/** One shell word: as written, with its quotes removed, and whether it expands at run time. */
export interface Word {
  /** The word as written. */
  raw: string;
  /** Quotes removed and escapes resolved; an expansion is kept as written (`$HOME`). */
  value: string;
  /** True when part of the word is only known at run time (`$x`, `$(...)`, globs, braces). */
  dynamic: boolean;
  /** Index in `value` from which the rest of the word is static (0 for a static word). */
  staticFrom: number;
}

/** A redirection of a simple command. */
export interface Redirect {
  /** The operator with its file descriptor, e.g. `2>`, `>>`, `<<`, `>&`. */
  op: string;
  /** The target word (the delimiter for a heredoc); undefined when missing. */
  target: Word | undefined;
}

/** A heredoc attached to a simple command. */
export interface Heredoc {
  delimiter: string;
  /** The delimiter was quoted: the body is not expanded. */
  quoted: boolean;
  body: string;
}

/** One simple command, a "part" of the command text. */
export interface SimpleCommand {
  /** The part as written, from its first word or redirection to its last. */
  text: string;
  /** Offset of the part in the outermost command text (for ordering). */
  start: number;
  /** 0 at top level, 1 inside one substitution, ... */
  depth: number;
  /** The words, assignments included, redirections taken out. */
  words: Word[];
  redirects: Redirect[];
  heredocs: Heredoc[];
  /** The part reads the output of a pipe (`a | b`: true for b). */
  pipeIn: boolean;
}

/** Why a command is opaque: something in it only shows what it does when it runs. */
export type OpaqueKind =
  | "substitution"
  | "process-substitution"
  | "heredoc"
  | "redirection"
  | "unbalanced"
  | "too-deep"
  | "too-many-parts"
  | "nul";

/** One reason a command is opaque, with the text that caused it. */
export interface OpaqueReason {
  kind: OpaqueKind;
  text: string;
}

/** The parse of a command text. */
export interface ShellParse {
  commands: SimpleCommand[];
  opaque: OpaqueReason[];
}

/** Substitutions nested deeper than this make the whole command opaque. */
export const MAX_DEPTH = 50;
/** More simple commands than this make the whole command opaque. */
export const MAX_PARTS = 20000;

interface Parser {
  src: string;
  pos: number;
  /** Added to offsets: a backtick body is parsed as a string of its own. */
  base: number;
  commands: SimpleCommand[];
  opaque: OpaqueReason[];
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
}

interface WordBuilder {
  start: number;
  value: string;
  dynamic: boolean;
  staticFrom: number;
}

interface CommandBuilder {
  start: number;
  end: number;
  words: Word[];
  redirects: Redirect[];
  heredocs: Heredoc[];
  pipeIn: boolean;
  /** What the last token was, for {@link commandPosition}. */
  last: "start" | "reserved" | "assignment" | "word" | "redirect";
  /** Only redirections since the start or the last reserved word (bash's PST_REDIRLIST). */
  redirOnly: boolean;
  /** Index of a reserved `case` among the words (-1: none): `case WORD in` opens a case. */
  caseAt: number;
}

const BLANK = new Set([" ", "\t"]);
/** A word right before `<` or `>` that names the descriptor: `2>`, `{fd}>`. */
const FD = /^(\d+|\{[A-Za-z_][A-Za-z0-9_]*\})$/;
const WORD_END = new Set([" ", "\t", "\n", ";", "&", "|", "(", ")"]);

/**
 * Parses a command text into its simple commands.
 *
 * @param command the command text
 * @returns every simple command, in the order they start, and the opaque reasons
 */
export function parseShell(command: string): ShellParse {
  const opaque: OpaqueReason[] = [];
  let src = command;
  if (src.includes("\0")) {
    opaque.push({ kind: "nul", text: "NUL byte" });
    src = src.replaceAll("\0", "");
  }
  const p: Parser = {
    src,
    pos: 0,
    base: 0,
    commands: [],
    opaque,
    pendingHeredocs: [],
    stopped: false,
    nest: 0,
    arithBudget: src.length + 100_000,
  };
  parseList(p, 0, false);
  p.commands.sort((a, b) => a.start - b.start);
  return { commands: p.commands, opaque: p.opaque };
}

function stop(p: Parser, kind: OpaqueKind, text: string): void {
  if (!p.stopped) p.opaque.push({ kind, text });
  p.stopped = true;
  p.pos = p.src.length;
}

function newCommand(pos: number, pipeIn: boolean, casePattern = false): CommandBuilder {
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
  };
}

/**
 * A word as bash's lexer sees it before quote removal: line continuations are gone before
 * words are formed (`i\<newline>f` is `if`, `A\<newline>=1` an assignment).
 *
 * @param raw a word as written
 * @returns the word without its line continuations
 */
export function joinLines(raw: string): string {
  return raw.includes("\\\n") ? raw.replaceAll("\\\n", "") : raw;
}

/** Reserved words after which bash reads a command word (its `reserved_word_acceptable`). */
const RESERVED = new Set([
  "!",
  "{",
  "}",
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "while",
  "until",
  "esac",
  "time",
  "coproc",
  "]]",
]);
const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*(\[.*\])?\+?=/s;

/**
 * True where bash reads the next word as a command word, in which an assignment may stand
 * (its `assignment_acceptable`): at the start, after a reserved word, after an assignment, and
 * after redirections that nothing but a reserved word precedes (`>f a[ #]` but not
 * `x=1 >f a[ #]`). There `a[...]` is read to its `]` (blanks, `;` and `#` included) and `((`
 * starts arithmetic. Checked against bash 5.2.
 */
function commandPosition(b: CommandBuilder): boolean {
  return b.last === "start" || b.last === "reserved" || b.last === "assignment" ||
    (b.last === "redirect" && b.redirOnly);
}

/** The word is `name`, unquoted. */
const plainWord = (w: Word | undefined, name: string): boolean =>
  w !== undefined && !w.dynamic && w.value === name && joinLines(w.raw) === name;

/** Records a word of `b`, and what kind of token it was for the next word. */
function addWord(b: CommandBuilder, w: Word): void {
  const plain = joinLines(w.raw);
  const prev = b.words.at(-1);
  const reserved = !w.dynamic && plain === w.value &&
    ((RESERVED.has(plain) && (b.last === "start" || b.last === "reserved")) ||
      // `time -p`, `time --`, `time -p --`
      ((plain === "-p" || plain === "--") && b.last === "reserved" &&
        (prev?.raw === "time" || prev?.raw === "-p")));
  if (reserved) {
    b.last = "reserved";
    b.redirOnly = true;
  } else if (plainWord(w, "case") && (b.last === "start" || b.last === "reserved")) {
    b.caseAt = b.words.length;
    b.last = "word";
    b.redirOnly = false;
  } else {
    b.last = commandPosition(b) && ASSIGNMENT_WORD.test(plain) ? "assignment" : "word";
    b.redirOnly = false;
  }
  b.words.push(w);
}

function finish(p: Parser, b: CommandBuilder, depth: number): void {
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
}

/**
 * Parses commands until the end of the text or, with `closing`, the `)` that closes a
 * substitution. Returns true when that `)` was found.
 */
function parseList(p: Parser, depth: number, closing: boolean): boolean {
  const src = p.src;
  let b = newCommand(p.pos, false);
  let parens = 0;
  // Open `case` statements: reading a pattern (up to its `)`, which closes nothing) or a body.
  const cases: ("pattern" | "body")[] = [];
  const inPattern = () => cases.at(-1) === "pattern";
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
      finish(p, b, depth);
      parens++;
      p.pos++;
      b = newCommand(p.pos, false);
    } else if (c === ")") {
      finish(p, b, depth);
      p.pos++;
      if (parens === 0 && closing) return true;
      if (parens > 0) parens--;
      b = newCommand(p.pos, false);
    } else if (((c === "<" || c === ">") && src[p.pos + 1] !== "(") || c === "&") {
      if (b.words.length === 0 && b.redirects.length === 0) b.start = p.pos;
      readRedirect(p, b, depth, "");
      b.last = "redirect";
      b.end = p.pos;
    } else {
      const start = p.pos;
      let w = readWord(p, depth, commandPosition(b));
      if (b.words.length === 0 && b.redirects.length === 0) b.start = start;
      const next = src[p.pos];
      if ((next === "<" || next === ">") && src[p.pos + 1] !== "(" && FD.test(joinLines(w.raw))) {
        readRedirect(p, b, depth, joinLines(w.raw));
        b.last = "redirect";
      } else {
        if (next === "(" && /^[A-Za-z_][A-Za-z0-9_]*(\[.*\])?\+?=$/s.test(joinLines(w.raw))) {
          w = readCompoundAssignment(p, w, start, depth);
        }
        const atCommand = commandPosition(b) || inPattern();
        addWord(b, w);
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

const REDIRECT_OPS = ["&>>", "&>", "<<<", "<<-", "<<", "<>", "<&", ">>", ">|", ">&", "<", ">"];
const OUTPUT_OPS = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">&"]);

function readRedirect(p: Parser, b: CommandBuilder, depth: number, fd: string): void {
  const src = p.src;
  const op = REDIRECT_OPS.find((o) => src.startsWith(o, p.pos)) ?? src[p.pos]!;
  p.pos += op.length;
  const afterOp = p.pos;
  while (BLANK.has(src[p.pos] ?? "")) p.pos++;
  const atWord = p.pos < src.length && !WORD_END.has(src[p.pos]!) &&
    !((src[p.pos] === "<" || src[p.pos] === ">") && src[p.pos + 1] !== "(");
  const target = atWord ? readWord(p, depth) : undefined;
  if (target === undefined) p.pos = afterOp;
  b.redirects.push({ op: fd + op, target });
  if (op === "<<" || op === "<<-") {
    const quoted = target !== undefined && /['"\\]/.test(target.raw);
    const doc: Heredoc = { delimiter: target?.value ?? "", quoted, body: "" };
    b.heredocs.push(doc);
    p.pendingHeredocs.push({ doc, strip: op === "<<-" });
    p.opaque.push({ kind: "heredoc", text: `${op}${target?.raw ?? ""}` });
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

function readHeredocBodies(p: Parser, depth: number): void {
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
  const w: WordBuilder = { start: 0, value: "", dynamic: false, staticFrom: 0 };
  while (sub.pos < text.length && !sub.stopped) {
    const c = text[sub.pos];
    if (c === "\\") sub.pos += 2;
    else if (c === "$") readDollar(sub, w, depth, true);
    else if (c === "`") readBacktick(sub, w, depth);
    else sub.pos++;
  }
  p.stopped ||= sub.stopped;
}

function readWord(p: Parser, depth: number, commandWord = false): Word {
  const src = p.src;
  const w: WordBuilder = { start: p.pos, value: "", dynamic: false, staticFrom: 0 };
  // Unquoted `{`, then `,` or `..`, then `}`: a brace expansion (0 none seen ... 3 all seen).
  let brace = 0;
  // Index in `src` of the first unquoted `[`: a glob when a `]` follows in the word.
  let bracket = -1;
  // Where a command word may stand: the word so far is a name (its length), for `a[...]`.
  let name = commandWord ? 0 : -1;
  while (p.pos < src.length && !p.stopped) {
    const c = src[p.pos]!;
    if (WORD_END.has(c)) break;
    const wasName = name;
    name = -1;
    if (c === "<" || c === ">") {
      if (src[p.pos + 1] !== "(") break;
      const start = p.pos;
      readSubstitution(p, depth, p.pos + 2);
      dynamicText(w, src.slice(start, p.pos));
      p.opaque.push({ kind: "process-substitution", text: src.slice(start, p.pos) });
    } else if (c === "\\") {
      if (src[p.pos + 1] === "\n") {
        p.pos += 2;
        name = wasName;
      } else if (p.pos + 1 < src.length) {
        w.value += src[p.pos + 1];
        p.pos += 2;
      } else {
        w.value += "\\";
        p.pos++;
      }
    } else if (c === "'") {
      const end = src.indexOf("'", p.pos + 1);
      if (end === -1) {
        p.opaque.push({ kind: "unbalanced", text: "'" });
        w.value += src.slice(p.pos + 1);
        p.pos = src.length;
      } else {
        w.value += src.slice(p.pos + 1, end);
        p.pos = end + 1;
      }
    } else if (c === '"') {
      readDoubleQuoted(p, w, depth);
    } else if (c === "$") {
      readDollar(p, w, depth, false);
    } else if (c === "`") {
      readBacktick(p, w, depth);
    } else if (c === "*" || c === "?") {
      dynamicText(w, c);
      p.pos++;
    } else if (c === "[" && wasName > 0) {
      // `a[...]` where an assignment may stand: bash reads it to the matching `]`.
      p.pos++;
      readArith(p, w, depth, "]", p.pos - 1);
    } else if (c === "]" && bracket !== -1 && p.pos > bracket + 1) {
      dynamicText(w, c);
      bracket = -1;
      p.pos++;
    } else {
      if (wasName >= 0 && (/[A-Za-z_]/.test(c) || (wasName > 0 && /[0-9]/.test(c)))) {
        name = wasName + 1;
      }
      if (c === "[" && bracket === -1) bracket = p.pos;
      else if (c === "{" && brace === 0) brace = 1;
      else if ((c === "," || (c === "." && src[p.pos + 1] === ".")) && brace === 1) brace = 2;
      else if (c === "}" && brace === 2) brace = 3;
      w.value += c;
      p.pos++;
    }
  }
  // A `]` in quotes may still close the bracket for bash: the whole word is then dynamic,
  // as it is when braces make several words of it.
  const quotedBracket = bracket !== -1 && src.slice(bracket + 2, p.pos).includes("]");
  if (brace === 3 || quotedBracket) dynamicText(w, "");
  return {
    raw: src.slice(w.start, p.pos),
    value: w.value,
    dynamic: w.dynamic,
    staticFrom: w.staticFrom,
  };
}

function dynamicText(w: WordBuilder, text: string): void {
  w.value += text;
  w.dynamic = true;
  w.staticFrom = w.value.length;
}

function readDoubleQuoted(p: Parser, w: WordBuilder, depth: number): void {
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

function readDollar(p: Parser, w: WordBuilder, depth: number, quoted: boolean): void {
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
  const inner: WordBuilder = { start: p.pos, value: "", dynamic: false, staticFrom: 0 };
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

/** Opens one more `${` or arithmetic; false (and parsing stopped) beyond {@link MAX_DEPTH}. */
function enter(p: Parser): boolean {
  if (p.nest + 1 > MAX_DEPTH) {
    stop(p, "too-deep", `expansions nested deeper than ${MAX_DEPTH}`);
    return false;
  }
  p.nest++;
  return true;
}

/**
 * An arithmetic text (`((...))`, `$((...))`, `$[...]`) or an array subscript (`a[...]`), from
 * `p.pos` to its closing `))` or `]`, as bash's `parse_matched_pair` reads it: quotes and
 * substitutions are read (and the substitutions parsed), blanks, `;`, `#`, `<<` are not
 * operators. The text from `textStart` goes into `w` as dynamic. Returns false when `)`
 * closes without a second `)` (`$((a) | b)` is a subshell in a command substitution).
 */
function readArith(
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
  const inner: WordBuilder = { start, value: "", dynamic: false, staticFrom: 0 };
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
    } else if (c === '"') readDoubleQuoted(p, inner, depth);
    else if (c === "$") readDollar(p, inner, depth, true);
    else if (c === "`") readBacktick(p, inner, depth);
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
 * `$((` at `bodyStart - 3`: arithmetic when a `))` closes it, read by {@link readArith};
 * otherwise nothing is kept and false is returned (it is `$(` with a subshell).
 */
function tryArith(p: Parser, w: WordBuilder, depth: number, bodyStart: number): boolean {
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

/**
 * `((...))` where a command may start (or after `for`): an arithmetic command, one word.
 * False (nothing read) when it is two subshells (`((a) ; (b))`).
 */
function readArithCommand(p: Parser, b: CommandBuilder, depth: number): boolean {
  const start = p.pos;
  const w: WordBuilder = { start, value: "", dynamic: false, staticFrom: 0 };
  if (!tryArith(p, w, depth, p.pos + 2)) return false;
  if (b.words.length === 0 && b.redirects.length === 0) b.start = start;
  // Its text is known as written: a static word, so that `((i++))` hides no command.
  const raw = p.src.slice(start, p.pos);
  b.words.push({ raw, value: raw, dynamic: false, staticFrom: 0 });
  b.last = "word";
  b.redirOnly = false;
  return true;
}

/**
 * `a=(...)` (also `declare a=(...)`): a compound assignment, one word to its `)`. Its words
 * are read as words (`[key]=value` with the key to its `]`), comments skipped; an operator
 * in it is a syntax error for bash, and the rest is read as commands again.
 */
function readCompoundAssignment(p: Parser, head: Word, start: number, depth: number): Word {
  const src = p.src;
  let dynamic = head.dynamic;
  p.pos++;
  while (p.pos < src.length && !p.stopped) {
    const c = src[p.pos]!;
    if (BLANK.has(c) || c === "\n") p.pos++;
    else if (c === "\\" && src[p.pos + 1] === "\n") p.pos += 2;
    else if (c === "#") {
      const nl = src.indexOf("\n", p.pos);
      p.pos = nl === -1 ? src.length : nl;
    } else if (c === ")") {
      p.pos++;
      // `a=(x)y` is one word for bash (a string assignment): the word goes on after `)`.
      const n = src[p.pos];
      if (
        n !== undefined && !WORD_END.has(n) && !((n === "<" || n === ">") && src[p.pos + 1] !== "(")
      ) {
        dynamic ||= readWord(p, depth).dynamic;
      }
      const raw = src.slice(start, p.pos);
      return { raw, value: raw, dynamic, staticFrom: dynamic ? raw.length : 0 };
    } else if (WORD_END.has(c) || ((c === "<" || c === ">") && src[p.pos + 1] !== "(")) {
      break;
    } else {
      const w: WordBuilder = { start: p.pos, value: "", dynamic: false, staticFrom: 0 };
      if (c === "[") {
        p.pos++;
        readArith(p, w, depth, "]", p.pos - 1);
      }
      const rest = readWord(p, depth);
      // A key is dynamic only when it expands (`[$k]=v`); `[3]=v` is as written.
      dynamic ||= /[$`]/.test(w.value) || rest.dynamic;
    }
  }
  p.opaque.push({ kind: "unbalanced", text: `${head.raw}(` });
  const raw = src.slice(start, p.pos);
  return { raw, value: raw, dynamic: true, staticFrom: raw.length };
}

/** `$(...)`, `<(...)`, `>(...)`: the body, parsed as commands of their own. */
function readSubstitution(p: Parser, depth: number, bodyStart: number): void {
  if (depth + 1 > MAX_DEPTH) {
    stop(p, "too-deep", `substitutions nested deeper than ${MAX_DEPTH}`);
    return;
  }
  p.pos = bodyStart;
  const closed = parseList(p, depth + 1, true);
  if (!closed && !p.stopped) p.opaque.push({ kind: "unbalanced", text: "$(" });
}

function readBacktick(p: Parser, w: WordBuilder, depth: number): void {
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
  if (depth + 1 > MAX_DEPTH) {
    stop(p, "too-deep", `substitutions nested deeper than ${MAX_DEPTH}`);
    return;
  }
  const sub: Parser = {
    ...p,
    src: body,
    pos: 0,
    base: p.base + start + 1,
    pendingHeredocs: [],
  };
  parseList(sub, depth + 1, false);
  if (sub.stopped) stop(p, "too-deep", "inside backticks");
}
