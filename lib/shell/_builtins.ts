/**
 * What a simple command assigns, and the builtins that evaluate their arguments again. A
 * variable name given to `printf -v`, `read`, `declare`, `unset`, `test -v`, ... may carry a
 * subscript, which bash evaluates as arithmetic, running the substitutions in it even when
 * they were quoted: `read 'a[$(rm x)]'` runs `rm x`. So does an operand of `let`, of an
 * arithmetic test in `[[ ... ]]` and of an assignment to an integer (`declare -i`). Such an
 * argument, known as written, is read again for substitutions (`scanText`); one known only at
 * run time is recorded as evaluated, like the parameters an arithmetic operand names.
 *
 * Checked against bash 5.2 (`tests/shell/evaluated_bash_test.ts`).
 *
 * @module
 */

import type { Word } from "./_parse_types.ts";
import { commandOutputIn, evaluatesArith } from "./_arith.ts";
import { type Parser, PLAIN_VALUE, scanText } from "./_parser_state.ts";

/** The words of a simple command, and where its command word is. */
export interface CommandWords {
  /** The words, assignments included. */
  words: Word[];
  /** Index of the command word among the words; -1 when there is none (`a=1`). */
  nameAt: number;
  /** The command is part of a `[[ ... ]]` (split at `&&`, `||` and parentheses). */
  cond: boolean;
  /** Its offset in the parser's text (what is found in its words is ordered after it). */
  start: number;
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^]*?\])?\+?=/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
/** A value that is a number, whatever it holds: `$((...))`, `$[...]`, `${#x}`, `$#`, `$?`. */
const NUMERIC = new RegExp(
  '^"?(?:' + [
    /\$\(\((?:[^()]|\([^()]*\))*\)\)/.source, // $((...))
    /\$\[[^\]]*\]/.source, // $[...]
    /\$\{#[A-Za-z0-9_]*(?:\[[@*]\])?\}/.source, // ${#n}, ${#a[@]}
    /\$[#?$!]/.source, // $#, $?, $$, $!
    /[0-9+-]/.source,
  ].join("|") + ')+"?$',
);
/** A brace expansion of numbers (`{1..5}`, `{0..10..2}`), or a list of plain words (`{a,b}`). */
const RANGE = /^\{[+-]?[0-9]+\.\.[+-]?[0-9]+(\.\.[+-]?[0-9]+)?\}$/;
const LIST = /^\{[A-Za-z0-9_.+-]*(,[A-Za-z0-9_.+-]*)+\}$/;

/** What `cmd` assigns and evaluates, recorded in the parser. */
export function evaluatedArguments(p: Parser, cmd: CommandWords, depth: number): void {
  const { words, nameAt } = cmd;
  const end = nameAt === -1 ? words.length : nameAt;
  for (let i = 0; i < end; i++) assignment(p, words[i]!);
  if (cmd.cond) condition(p, cmd, depth);
  if (nameAt === -1) return;
  let i = nameAt;
  if (plain(words[i]) === "builtin") i++;
  else if (plain(words[i]) === "command") {
    i++;
    while (plain(words[i]) === "-p" || plain(words[i]) === "--") i++;
  }
  const name = plain(words[i]);
  const args = words.slice(i + 1);
  switch (name) {
    case "printf":
      return printfTarget(p, cmd, args, depth);
    case "read":
      return targets(p, cmd, args, "adinNptu", depth);
    case "mapfile":
    case "readarray":
      return targets(p, cmd, args, "dnOsuCc", depth);
    case "getopts":
      if (args[1] !== undefined) target(p, cmd, args[1], depth);
      return;
    case "declare":
    case "typeset":
    case "local":
    case "export":
    case "readonly":
      return declaration(p, cmd, name, args, depth);
    case "let":
      for (const w of args) arithmetic(p, cmd, w, depth);
      return;
    case "unset":
      for (const w of args) if (!option(w)) nameArgument(p, cmd, w, depth);
      return;
    case "test":
    case "[":
      args.forEach((w, k) => {
        if (k > 0 && plain(args[k - 1]) === "-v") nameArgument(p, cmd, w, depth);
      });
      return;
    case "for":
    case "select":
      return loopVariable(p, args);
  }
}

/** A static word's value; undefined for a missing or dynamic word. */
const plain = (w: Word | undefined): string | undefined =>
  w === undefined || w.dynamic ? undefined : w.value;

const option = (w: Word): boolean => !w.dynamic && /^[-+]./.test(w.value);

/**
 * The value a word stands for when it holds no code: a plain word as written, a number for an
 * arithmetic result or a range (`{1..5}`), the words of a plain list (`{a,b}`); null otherwise
 * (`{a..z}` too: every letter between would be a name).
 */
function knownValue(w: Word, raw: string, value: string): string | null {
  if (!w.dynamic) return PLAIN_VALUE.test(value) ? value : null;
  if (NUMERIC.test(raw) || RANGE.test(raw)) return "0";
  if (LIST.test(raw)) return raw.slice(1, -1).replaceAll(",", " ");
  return null;
}

/** `n=v`, `a[i]=v`, `n+=v`, `a=(...)`: an assignment of `n` (quoted too, for `declare`). */
function assignment(p: Parser, w: Word): void {
  const text = ASSIGNMENT.test(w.raw) ? w.raw : w.value;
  const m = ASSIGNMENT.exec(text);
  if (m === null) return;
  let value = text.slice(m[0].length);
  if (!w.dynamic && text === w.raw) value = w.value.slice(ASSIGNMENT.exec(w.value)?.[0].length);
  // `a=(1 2 3)`: its elements; a key (`[k]=v`) or a quote is code.
  if (value.startsWith("(") && value.endsWith(")")) value = value.slice(1, -1);
  p.assignments.push({ name: m[1]!, value: knownValue(w, value, value), text: w.raw });
}

/** A word that names a variable bash assigns (`read n`, `printf -v n`, `a[i]`). */
function target(p: Parser, cmd: CommandWords, w: Word, depth: number): void {
  const name = NAME.exec(w.value)?.[0];
  if (name !== undefined) p.assignments.push({ name, value: null, text: w.raw });
  nameArgument(p, cmd, w, depth);
}

/**
 * A word bash reads as a variable name: its subscript is evaluated, the substitutions in it
 * run; a name only known at run time is a value evaluated as a name.
 */
function nameArgument(p: Parser, cmd: CommandWords, w: Word, depth: number): void {
  if (!w.dynamic) {
    const subscript = w.value.indexOf("[");
    if (subscript === -1) return;
    if (/[$`]/.test(w.value)) scanText(p, w.value, cmd.start, depth);
    // The subscript is arithmetic: the names in it, and a substitution's output, evaluated.
    evaluatesArith(p, w.raw, w.value.slice(subscript));
    return;
  }
  for (const m of w.raw.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])/g)) {
    p.evaluations.push({ kind: "name", name: m[1]!, text: w.raw });
  }
  if (commandOutputIn(w.raw)) p.evaluations.push({ kind: "name", name: null, text: w.raw });
}

/** A word bash evaluates as arithmetic (`let`, `[[ x -eq y ]]`). */
function arithmetic(p: Parser, cmd: CommandWords, w: Word, depth: number): void {
  if (!w.dynamic && /\[[^]*[$`]/.test(w.value)) scanText(p, w.value, cmd.start, depth);
  evaluatesArith(p, w.raw, w.dynamic ? w.raw : w.value);
}

/** `printf -v NAME`: NAME is assigned. */
function printfTarget(p: Parser, cmd: CommandWords, args: Word[], depth: number): void {
  for (let k = 0; k < args.length; k++) {
    const v = plain(args[k]);
    if (v === "-v" && args[k + 1] !== undefined) target(p, cmd, args[k + 1]!, depth);
    else if (v !== undefined && v.startsWith("-v")) {
      target(p, cmd, { ...args[k]!, value: v.slice(2) }, depth);
    }
  }
}

/** `read`, `mapfile`: every operand and the argument of `-a` are names assigned. */
function targets(p: Parser, cmd: CommandWords, args: Word[], withArg: string, depth: number) {
  for (let k = 0; k < args.length; k++) {
    const w = args[k]!;
    const v = plain(w);
    if (v === "--") continue;
    if (v !== undefined && /^-[A-Za-z]+$/.test(v)) {
      // `-a NAME` names an array; other options with an argument take the next word.
      const last = v.at(-1)!;
      if (last === "a" && args[k + 1] !== undefined) target(p, cmd, args[k + 1]!, depth);
      if (withArg.includes(last) || last === "a") k++;
      continue;
    }
    target(p, cmd, w, depth);
  }
}

/** `declare [-i] [-n] n=v ...` and the other builtins that declare. */
function declaration(
  p: Parser,
  cmd: CommandWords,
  builtin: string,
  args: Word[],
  depth: number,
): void {
  const declares = builtin === "declare" || builtin === "typeset" || builtin === "local";
  let integer = false;
  let nameref = false;
  let functions = false;
  for (const w of args) {
    const v = plain(w);
    if (v !== undefined && /^-[A-Za-z]+$/.test(v)) {
      integer ||= declares && v.includes("i");
      nameref ||= declares && v.includes("n");
      functions ||= /[fF]/.test(v);
      continue;
    }
    if (functions || (v !== undefined && v.startsWith("+"))) continue;
    const text = w.dynamic ? w.raw : w.value;
    const name = NAME.exec(text)?.[0];
    assignment(p, w);
    // `export PATH="$HOME/bin:$PATH"`: an assignment written out is read as one, its name (and
    // subscript) as a name, its value expanded as any word's (issue 23); a word that only
    // becomes `name=value` when it runs (`export "$x"`), and a nameref's value (`declare -n`),
    // are evaluated as a name whole.
    const literal = ASSIGNMENT.exec(w.raw);
    if (literal === null || nameref) nameArgument(p, cmd, w, depth);
    else {
      const head = literal[0].replace(/\+?=$/, "");
      nameArgument(
        p,
        cmd,
        { raw: head, value: head, dynamic: /[$`]/.test(head), staticFrom: 0 },
        depth,
      );
    }
    if (name === undefined) continue;
    if (integer) {
      p.evaluations.push({ kind: "arithmetic", name, text: w.raw });
      const eq = text.indexOf("=");
      if (eq !== -1) evaluatesArith(p, w.raw, text.slice(eq + 1));
    }
    if (nameref) p.evaluations.push({ kind: "name", name, text: w.raw });
  }
}

/** `for n in w...`, `select n in w...`: `n` takes each word; without `in`, each parameter. */
function loopVariable(p: Parser, args: Word[]): void {
  const name = plain(args[0]);
  if (name === undefined || !NAME.test(name)) return;
  const text = args.map((w) => w.raw).join(" ");
  if (plain(args[1]) !== "in") {
    p.assignments.push({ name, value: null, text });
    return;
  }
  const values = args.slice(2).map((w) => knownValue(w, w.raw, w.value));
  const value = values.some((v) => v === null) ? null : values.join(" ");
  p.assignments.push({ name, value, text });
}

const ARITH_TEST = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);

/** A part of `[[ ... ]]`: the operands of an arithmetic test and of `-v` are evaluated. */
function condition(p: Parser, cmd: CommandWords, depth: number): void {
  const words = cmd.words;
  words.forEach((w, k) => {
    const before = plain(words[k - 1]);
    const after = plain(words[k + 1]);
    if (before === "-v") nameArgument(p, cmd, w, depth);
    else if (
      (before !== undefined && ARITH_TEST.has(before)) ||
      (after !== undefined && ARITH_TEST.has(after))
    ) arithmetic(p, cmd, w, depth);
    else if (!w.dynamic && w.value.includes("[") && /[$`]/.test(w.value)) {
      scanText(p, w.value, cmd.start, depth);
    }
  });
}
