/**
 * The shape of one entry of the read-only command table, and the small constructors the
 * table modules build their entries with. Data only: the checking is in `read_only.ts`.
 *
 * @module
 */

import type { CommandDefault, CommandPathContext } from "./command_default.ts";

/** The value an option takes: none, a number, any text, one character, or a file to check. */
export type OptionKind = "none" | "num" | "str" | "char" | "path";

/** Which operands name files the command reads. */
export type Operands =
  | "paths" // every operand
  | "none" // none (names, numbers, text)
  | "pattern-then-paths"; // the first is a pattern unless an option gave one (grep)

/** A command whose every option Claude Code accepts: only its operands are checked. */
export interface AnySpec {
  /** Tag of this variant. */
  kind: "any";
  /** Which operands are files to check. */
  operands: Operands;
  /** What the command does to files, for the reason (`concatenate files from`). */
  verb?: string;
  /** Options whose value is the next word (not an operand). */
  valued?: ReadonlySet<string>;
  /** Options (or, for `@`, an operand prefix) refused although Claude Code accepts them. */
  refuse?: readonly string[];
}

/** A command whose options must all be in its list. */
export interface FlagsSpec {
  /** Tag of this variant. */
  kind: "flags";
  /** Every option accepted, each with the kind of value it takes. */
  options: OptionList;
  /** Which operands are files to check. */
  operands: Operands;
  /** What the command does to files, for the reason (`sort contents of files from`). */
  verb?: string;
  /** Options that give the pattern (`grep -e`), so that every operand is a file. */
  patternOptions?: readonly string[];
  /** `-A3`: a number glued to a short option (grep, rg). */
  gluedNumbers?: boolean;
  /** `-5` is a count (git). */
  numericFlags?: boolean;
  /** Returns why the arguments are not read-only. */
  check?: (args: string[]) => string | undefined;
}

/** A command accepted in the listed forms only. */
export interface ExactSpec {
  /** Tag of this variant. */
  kind: "exact";
  /** Each accepted form: the arguments joined by spaces (`"--version"`, `""` for none). */
  forms: readonly string[];
}

/** A command with a checker of its own. */
export interface SpecialSpec {
  /** Tag of this variant. */
  kind: "special";
  /** Classifies the arguments (the words after the command name). */
  classify: (args: string[], ctx: CommandPathContext) => CommandDefault;
}

/** A command whose first words pick a subcommand, each with its own option list (git). */
export interface SubcommandsSpec {
  /** Tag of this variant. */
  kind: "subcommands";
  /** Keyed by the subcommand's words joined by spaces; tried in order, longer keys first. */
  subcommands: Readonly<Record<string, FlagsSpec>>;
}

/** One command of the table. */
export type Spec = AnySpec | FlagsSpec | ExactSpec | SpecialSpec | SubcommandsSpec;

/** The read-only verdict. */
export const READ_ONLY: CommandDefault = { kind: "read-only" };

/**
 * The verdict for a command that needs a rule.
 *
 * @param reason why it needs one
 * @returns an `other` verdict
 */
export const other = (reason: string): CommandDefault => ({ kind: "other", reason });

/**
 * A set of the words of a space-separated list.
 *
 * @param s words separated by white space (newlines too)
 * @returns the words
 */
export const set = (s: string): ReadonlySet<string> =>
  new Set(s.split(/\s+/).filter((x) => x !== ""));

/** An option word: a dash and a letter, digit, `_` or dash. */
export const OPTION = /^-[a-zA-Z0-9_-]/;

/** The options a command accepts: the kind of value each takes, undefined for any other. */
export interface OptionList {
  /**
   * The kind of value an option takes.
   *
   * @param name the option (`-n`, `--lines`)
   * @returns its kind, or undefined when the command does not accept it
   */
  get(name: string): OptionKind | undefined;
}

/**
 * `"-n -v --lines:num"`: the options, each with the kind of value it takes. The text is read
 * on first use: a hook call checks one or two commands of the table's hundred.
 *
 * @param spec the options separated by white space, each `NAME` or `NAME:KIND`
 * @returns the options mapped to their kinds (`none` when no kind is written)
 */
export function opts(spec: string): OptionList {
  let map: ReadonlyMap<string, OptionKind> | undefined;
  return {
    get: (name) => {
      map ??= new Map([...set(spec)].map((t) => {
        const [option = "", kind = "none"] = t.split(":");
        return [option, kind as OptionKind];
      }));
      return map.get(name);
    },
  };
}
