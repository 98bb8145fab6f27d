/**
 * What the shell splitter returns: simple commands with their words, redirections and
 * heredocs, and the reasons a command is opaque. Data only; re-exported by `parse.ts`,
 * where the library imports them from.
 *
 * @module
 */

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
  /**
   * Index in `value` where the last unquoted expansion (`$x`, `${x}`, `$(...)`, backticks)
   * ends; absent when there is none. Bash splits such an expansion into words, so what comes
   * before this index may be several words (`$X/ls` runs `rm` when `X='rm -rf y '`).
   */
  splitTo?: number;
  /** Read where a command word may stand, it is an assignment (`n=`, `a[...]+=`), as bash reads it. */
  assignment?: boolean;
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
  /** The line that ends the body, its quotes removed (`EOF` for `<<'EOF'`). */
  delimiter: string;
  /** The delimiter was quoted: the body is not expanded. */
  quoted: boolean;
  /** The lines up to the delimiter, each ending in a newline, as written. */
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
  /** Its redirections, in the order written (heredocs included, as `<<` with the delimiter). */
  redirects: Redirect[];
  /** Its heredocs, in the order their `<<` is written. */
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
  /** What kind of construct it is. */
  kind: OpaqueKind;
  /** The text that caused it (`$(whoami)`, `> out.txt`, an unclosed `"`), or a note on a limit. */
  text: string;
}

/** The parse of a command text. */
export interface ShellParse {
  /** Every simple command, nested ones included, in the order they start. */
  commands: SimpleCommand[];
  /** Every reason the command is opaque, in the order they were found; empty when none. */
  opaque: OpaqueReason[];
  /**
   * Values bash evaluates as code when the command runs, beyond what it parses: arithmetic
   * evaluates the value of every parameter it names (`$((n))`, `${a[i]}`, `${s:o}`, `let n`,
   * `[[ n -eq 0 ]]`), recursively, and runs the substitutions of a subscript in it
   * (`n='a[$(...)]'`); `${!r}`, a nameref and a builtin given a name at run time read a value
   * as a name (its subscript evaluated); `${p@P}` expands a value as a prompt. The deny view
   * holds them against what the command assigns: a value only known at run time, evaluated,
   * hides what runs.
   */
  evaluations: {
    /** `arithmetic`, `name` (the value is a variable name) or `prompt`. */
    kind: "arithmetic" | "name" | "prompt";
    /** The parameter whose value is evaluated (`n`, `1`, `@`); null for a substitution's output. */
    name: string | null;
    /** The text that evaluates it, as written. */
    text: string;
  }[];
  /**
   * The parameters the command assigns (`n=1`, `read n`, `for n in ...`, `printf -v n`,
   * `declare n=...`, `${n:=...}`), each with its value where it is known before the command
   * runs.
   */
  assignments: {
    /** The parameter's name. */
    name: string;
    /**
     * The value, when it is known and holds no code (a plain word or number, as written; `0`
     * for an arithmetic result); null when it is only known at run time or holds a quote, a
     * `$`, a backslash, a bracket or an operator.
     */
    value: string | null;
    /** The text that assigns it. */
    text: string;
  }[];
}
