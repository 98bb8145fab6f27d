/**
 * The one argv reader: a command's words read the way its program reads them, from its spec
 * (`spec.ts`): options and their values (clusters `-abc`, glued values `-fFILE` and
 * `--opt=VALUE`, required and optional values, GNU unique prefixes, curl's prefixes, single-dash
 * names, tar's old-style letters, `--`), operands with the role each has, subcommands after
 * their program's global options, and the directory each word is taken in (`tar -C DIR`,
 * `git -C DIR`). Pure; `null` stands for a word only known when the command runs.
 *
 * @module
 */

import type { CommandSpec, OptionSpec, OptionTrait, Trait, Use } from "./spec.ts";

/** A word of a command: its text, or `null` for one only known when it runs. */
export type Token = string | null;

/**
 * The directory a word is taken in, from the `cwd` options before it (`tar -C a -C b`: `a/b`):
 * undefined for none, `null` for one only known when the command runs.
 */
export type Dir = string | null | undefined;

/** An option given. */
export interface OptionRead {
  kind: "option";
  /** The option. */
  option: OptionSpec;
  /** How the command spelled it (`--exclude-fr`, `-X`). */
  spelling: string;
  /** Its value (the first, for an option of several), `null` when only known at run time. */
  value: Token | undefined;
  /** All its values (`-fprintf FILE FORMAT`; `-exec`'s words). */
  values: readonly Token[];
  /**
   * Where its words stand among the words read: the option's, then each value's (a glued value
   * stands where its option does); -1 for a word tar's old-style letters made.
   */
  at: readonly number[];
  /** The directory its value is taken in. */
  dir: Dir;
  /** The command it was read for (`git`, `git checkout`). */
  command: CommandSpec;
}

/** A word that looks like an option the spec does not list (read as a flag). */
export interface UnknownOptionRead {
  kind: "unknown-option";
  word: string;
  command: CommandSpec;
}

/** An operand, with its role. */
export interface OperandRead {
  kind: "operand";
  word: Token;
  /** Its role from the spec's operands (undefined: nothing is known of it). */
  use: Use | undefined;
  /** It came after `--`. */
  afterDashes: boolean;
  /** Where it stands among the words read. */
  at: number;
  /** The directory it is taken in. */
  dir: Dir;
}

/** One word or option of a reading. */
export type Arg = OptionRead | UnknownOptionRead | OperandRead;

/** A command read. */
export interface Reading {
  /** The program, then each subcommand read (`git`, `git checkout`). */
  path: readonly CommandSpec[];
  /** The innermost command read. */
  command: CommandSpec;
  /** The subcommand words as given, outermost first (`checkout`; `commit` read as `git *`). */
  words: readonly string[];
  /** Where each subcommand word stands among the words read. */
  wordsAt: readonly number[];
  /** The options of every level, in order. */
  options: readonly OptionRead[];
  /** The words of every level, in order (the subcommand words left out). */
  args: readonly Arg[];
  /** The innermost command's operands, with their roles. */
  operands: readonly OperandRead[];
  /** The directory the command works in from the `cwd` options of every level. */
  dir: Dir;
}

/** `a` then `b`: the directory `b` is, taken in `a`. */
export function joinDir(a: Dir, b: Token): Dir {
  if (a === null || b === null) return null;
  if (a === undefined || b.startsWith("/")) return b;
  return `${a.replace(/\/+$/, "")}/${b}`;
}

/** A path taken in a directory (as written when there is none). */
export function inDir(dir: Dir, path: Token): Token {
  if (path === null || dir === null) return null;
  if (dir === undefined || path.startsWith("/")) return path;
  return `${dir.replace(/\/+$/, "")}/${path}`;
}

/** The option a long name stands for: exact, else a unique prefix (getopt's and curl's rule). */
function longOption(spec: CommandSpec, name: string): OptionSpec | undefined {
  const exact = spelled(spec, name);
  if (exact !== undefined || spec.syntax.kind === "single-dash") return exact;
  if (spec.syntax.kind === "getopt" && !spec.syntax.abbreviates) return undefined;
  if (name.length < 3) return undefined;
  const matches: { option: OptionSpec; name: string }[] = [];
  for (const o of spec.options) {
    for (const n of o.names) {
      if (n.startsWith("--") && n.startsWith(name)) matches.push({ option: o, name: n });
    }
  }
  const distinct = new Set(matches.map((m) => m.option));
  if (distinct.size === 1) return matches[0]!.option;
  // A prefix of two options is refused, and the program runs nothing: getopt's is left as
  // written. curl's is read as the one that starts all the others (`--outp` as `--output`, not
  // `--output-dir`; curl 7.88 says "is ambiguous"): the stricter reading of what it may write.
  if (spec.syntax.kind === "curl") {
    return matches.find((m) => matches.every((o) => o.name.startsWith(m.name)))?.option;
  }
  return undefined;
}

/** Each command's options by spelling, made on its first reading. */
const SPELLINGS = new WeakMap<CommandSpec, Map<string, OptionSpec>>();

/** The option a whole spelling names (`-r`, `--recursive`, `-name`). */
function spelled(spec: CommandSpec, name: string): OptionSpec | undefined {
  let index = SPELLINGS.get(spec);
  if (index === undefined) {
    index = new Map();
    for (const o of spec.options) for (const n of o.names) if (!index.has(n)) index.set(n, o);
    SPELLINGS.set(spec, index);
  }
  return index.get(name);
}

/** The short option a letter names. */
function shortOption(spec: CommandSpec, letter: string): OptionSpec | undefined {
  return spelled(spec, `-${letter}`);
}

/** True when the option takes its value from the next words. */
const takesNext = (o: OptionSpec) => o.arity.kind === "required" || o.arity.kind === "until";

/**
 * The option words of tar's old style: a first word without a dash is a cluster of letters
 * whose values are the next words, in order (`cbf 20 out.tar` is `-c -b 20 -f out.tar`).
 */
function letters(spec: CommandSpec, args: readonly Token[]): Words {
  const first = args[0];
  const at = args.map((_, i) => i);
  if (typeof first !== "string" || !/^[A-Za-z]+$/.test(first)) return { words: [...args], at };
  const words: Token[] = [];
  const where: number[] = [];
  let next = 1;
  for (const l of first) {
    words.push(`-${l}`);
    where.push(-1);
    const o = shortOption(spec, l);
    if (o !== undefined && o.arity.kind === "required") {
      for (let k = 0; k < o.arity.count; k++) {
        words.push(args[next] ?? null);
        where.push(next < args.length ? next : -1);
        next++;
      }
    }
  }
  return { words: [...words, ...args.slice(next)], at: [...where, ...at.slice(next)] };
}

/** Words to read, each with where it stands among the words given. */
interface Words {
  words: readonly Token[];
  at: readonly number[];
}

/**
 * Reads a command's words (its program's first) with the program's spec.
 *
 * @param spec the program's spec
 * @param args the words after the program's name
 * @returns the reading
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readArgv } from "./argv.ts";
 * import { programSpec } from "./lookup.ts";
 *
 * const r = readArgv(programSpec("cp")!, ["-r", "--backup", "src", "--no-pres", "mode", "out"]);
 * assert.deepEqual(r.options.map((o) => [o.option.id, o.value]), [
 *   ["--recursive", undefined],
 *   ["--backup", undefined],
 *   ["--no-preserve", "mode"],
 * ]);
 * assert.deepEqual(r.operands.map((o) => [o.word, o.use?.kind]), [["src", "reads"], ["out", "writes"]]);
 * ```
 */
export function readArgv(spec: CommandSpec, args: readonly Token[]): Reading {
  const path: CommandSpec[] = [];
  const names: string[] = [];
  const namesAt: number[] = [];
  const all: Arg[] = [];
  const options: OptionRead[] = [];
  let dir: Dir;
  let command = spec;
  let words: Words = spec.syntax.kind === "getopt" && spec.syntax.letters
    ? letters(spec, args)
    : { words: [...args], at: args.map((_, i) => i) };
  for (;;) {
    path.push(command);
    const level = readLevel(command, words, dir);
    for (const a of level.args) {
      all.push(a);
      if (a.kind === "option") options.push(a);
    }
    dir = level.dir;
    const sub = level.subcommand;
    if (sub === undefined) {
      return {
        path,
        command,
        words: names,
        wordsAt: namesAt,
        options,
        args: all,
        operands: roles(command, level.operands, options),
        dir,
      };
    }
    command = sub.spec;
    names.push(words.words[sub.at]!);
    namesAt.push(words.at[sub.at]!);
    words = { words: words.words.slice(sub.at + 1), at: words.at.slice(sub.at + 1) };
  }
}

/** The words of one level read: its options, its operands, and a subcommand where one starts. */
function readLevel(spec: CommandSpec, given: Words, start: Dir) {
  const words = given.words;
  const args: Arg[] = [];
  const operands: OperandRead[] = [];
  let dir = start;
  let done = false;
  const hasSubs = spec.subcommands.size > 0 || spec.otherSubcommand !== undefined;
  const stops = spec.syntax.kind !== "curl" && spec.syntax.stops;
  let here = 0;
  // The values an option took, each with where it stood (a glued one where its option does).
  let taken: number[] = [];
  const option = (o: OptionSpec, spelling: string, values: Token[]) => {
    const pos = given.at[here]!;
    const at = values.length === 0 ? [pos] : [pos, ...values.map((_, k) => taken[k] ?? pos)];
    if (taken.length > 0) taken = [];
    const read: OptionRead = {
      kind: "option",
      option: o,
      spelling,
      value: values[0],
      values,
      at,
      dir,
      command: spec,
    };
    args.push(read);
    if (o.uses.some((u) => u.kind === "cwd") && values[0] !== undefined) {
      dir = joinDir(dir, values[0]);
    }
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    here = i;
    if (
      done || w === null || !w.startsWith("-") || (w === "-" && spelled(spec, "-") === undefined)
    ) {
      if (hasSubs && !done && w !== null && operands.length === 0) {
        const sub = spec.subcommands.get(w) ?? spec.otherSubcommand;
        if (sub !== undefined) return { args, operands, dir, subcommand: { spec: sub, at: i } };
      }
      const read: OperandRead = {
        kind: "operand",
        word: w,
        use: undefined,
        afterDashes: done,
        at: given.at[i]!,
        dir,
      };
      operands.push(read);
      args.push(read);
      if (stops) done = true;
      continue;
    }
    if (w === "--" && spec.syntax.kind !== "single-dash") {
      done = true;
      continue;
    }
    // The values an option takes from the words after it.
    const next = (o: OptionSpec): Token[] => {
      if (o.arity.kind === "until") {
        const out: Token[] = [];
        while (i + 1 < words.length && !o.arity.ends.includes(words[i + 1] ?? "")) {
          out.push(words[++i]!);
          taken.push(given.at[i]!);
        }
        i++; // the end word
        return out;
      }
      if (o.arity.kind !== "required") return [];
      const out: Token[] = [];
      for (let k = 0; k < o.arity.count; k++) {
        if (i + 1 < words.length) {
          out.push(words[++i]!);
          taken.push(given.at[i]!);
        } else {
          out.push(null);
          taken.push(-1);
        }
      }
      return out;
    };
    if (spec.syntax.kind === "single-dash") {
      const eq = w.indexOf("=");
      // `--name` for `-name` (sqlite3, gcc's `--param`); find refuses it, and runs nothing.
      const whole = spelled(spec, w) ??
        (w.startsWith("--") ? spelled(spec, w.slice(1)) : undefined);
      if (whole !== undefined) {
        option(whole, w, next(whole));
        continue;
      }
      // `--name=value` of a program that also takes GNU long options (gcc, sqlite3).
      const named = eq === -1
        ? undefined
        : spec.options.find((o) => o.names.includes(w.slice(0, eq)));
      if (named !== undefined && named.arity.kind !== "none") {
        option(named, w.slice(0, eq), [w.slice(eq + 1)]);
        continue;
      }
      // A two-letter name with its value glued (`-oFILE`).
      const glued = spec.options.find((o) =>
        o.arity.kind !== "none" && o.names.some((n) => n.length === 2 && w.startsWith(n))
      );
      if (glued !== undefined) {
        const n = glued.names.find((x) => x.length === 2 && w.startsWith(x))!;
        option(glued, n, [w.slice(2)]);
        continue;
      }
      args.push({ kind: "unknown-option", word: w, command: spec });
      continue;
    }
    if (w.startsWith("--")) {
      const eq = spec.syntax.kind === "curl" ? -1 : w.indexOf("=");
      const name = eq === -1 ? w : w.slice(0, eq);
      const o = longOption(spec, name);
      if (o === undefined) args.push({ kind: "unknown-option", word: w, command: spec });
      else if (eq !== -1) option(o, name, [w.slice(eq + 1)]);
      else option(o, name, takesNext(o) ? next(o) : []);
      continue;
    }
    // A whole word first (`zip -tt DATE`, `xxd -revert`, env's lone `-`), then a cluster.
    const whole = w.length > 2 || w === "-" ? spelled(spec, w) : undefined;
    if (whole !== undefined) {
      option(whole, w, takesNext(whole) ? next(whole) : []);
      continue;
    }
    for (let k = 1; k < w.length; k++) {
      const o = shortOption(spec, w[k]!);
      if (o === undefined) {
        args.push({ kind: "unknown-option", word: `-${w[k]}`, command: spec });
        continue;
      }
      if (o.arity.kind === "none") {
        // A flag given a third time in a row says nothing more (`-rrrr…f`, a megabyte of it:
        // one option read per letter took seconds).
        if (k > 2 && w[k] === w[k - 1] && w[k] === w[k - 2]) continue;
        option(o, `-${w[k]}`, []);
        continue;
      }
      const rest = w.slice(k + 1);
      if (o.arity.kind === "optional" && o.arity.digits) {
        // Only the digits that follow; the cluster goes on after them (`-l0ne`).
        const digits = /^[0-9]*/.exec(rest)![0];
        option(o, `-${w[k]}`, digits === "" ? [] : [digits]);
        k += digits.length;
        continue;
      }
      if (rest !== "") option(o, `-${w[k]}`, [rest]);
      else option(o, `-${w[k]}`, o.arity.kind === "optional" ? [] : next(o));
      break;
    }
  }
  return { args, operands, dir, subcommand: undefined };
}

/**
 * The operands' roles: the spec's, by position, the first taken away by a `first` option, the
 * last ones by an `into` option (`cp -t DIR SRC...`).
 */
function roles(
  spec: CommandSpec,
  operands: readonly OperandRead[],
  options: readonly OptionRead[],
): OperandRead[] {
  const given = options.filter((o) => o.command === spec);
  const first = given.some((o) => holds(o, "first"));
  const into = given.some((o) => o.option.uses.some((u) => u.kind === "into"));
  const head = first ? spec.operands.head.slice(1) : spec.operands.head;
  const tail = into ? [] : spec.operands.tail;
  const out: OperandRead[] = [];
  const n = operands.length;
  operands.forEach((o, i) => {
    const fromEnd = n - i;
    const use = i < head.length
      ? head[i]
      : fromEnd <= tail.length && n - tail.length >= head.length
      ? tail[tail.length - fromEnd]
      : spec.operands.rest;
    out.push({ ...o, use });
  });
  return out;
}

/** True when an option given holds a trait (for its value, when the trait needs one). */
export function holds(o: OptionRead, trait: Trait): boolean {
  return o.option.traits.some((t: OptionTrait) =>
    t.trait === trait && (t.when === undefined || t.when === o.value)
  );
}

/** True when the reading holds a trait: an option given, or a command read, says so. */
export function hasTrait(r: Reading, trait: Trait): boolean {
  return r.options.some((o) => holds(o, trait)) || r.path.some((c) => c.traits.includes(trait));
}

/** True when one of the options given holds the trait (not the command's own). */
export function optionHolds(r: Reading, trait: Trait): boolean {
  return r.options.some((o) => holds(o, trait));
}

/** The options given whose value has a use of the kind, in order. */
export function optionsWith(r: Reading, kind: Use["kind"]): OptionRead[] {
  return r.options.filter((o) => o.option.uses.some((u) => u.kind === kind));
}

/** The operands whose role is of the kind, in order. */
export function operandsWith(r: Reading, kind: Use["kind"]): OperandRead[] {
  return r.operands.filter((o) => o.use?.kind === kind);
}

/** The subcommand word read at a depth (1: `git checkout`'s `checkout`), as given. */
export function subcommand(r: Reading, depth = 1): string | undefined {
  return r.words[depth - 1];
}
