/**
 * One walk of a command to build its deny view: what it builds (re-exported by `unwrap.ts`),
 * its budget, and how it records a candidate.
 *
 * The views recurse into each other: a command's view reads its wrappers and finds a
 * `bash -c` script, whose view parses the script and looks at its commands again. The script
 * views reach back through {@link Walk.viewOf}, which `denyView` puts in the walk, so that
 * no module imports one that imports it.
 *
 * @module
 */

import type { ShellParse, SimpleCommand, Word } from "./parse.ts";

/** A command a deny or ask rule is held against; `null` stands for a word known only at run time. */
export interface Candidate {
  /** The words of the command; `null` for each word only known at run time. */
  tokens: (string | null)[];
  /** The wrappers and shells taken off to reach it, outermost first (`sudo`, `bash -c`). */
  via: string[];
}

/** A part whose command cannot be known before it runs. */
export interface Hidden {
  /** The part as written. */
  text: string;
  /** Why its command cannot be known, one sentence. */
  reason: string;
}

/** Everything a deny or ask rule is held against. */
export interface DenyView {
  /** The commands the text may run, each once, in the order they were found. */
  candidates: Candidate[];
  /** The parts whose command is only known when they run; empty when none. */
  hidden: Hidden[];
  /**
   * Every simple command of every script the view read: the command's own (nested `$(...)`
   * included) and those of every script it parsed again (`sh -c 'cat secrets/key'`, `eval`,
   * a heredoc fed to a shell), in the order read, with the shells and wrappers taken off to
   * reach the script (`[]` at the top). Path rules are held against their words and
   * redirections.
   */
  commands: {
    /** The command as parsed. */
    command: SimpleCommand;
    /** The shells and wrappers taken off to reach the script it is in (`bash -c`); [] at top. */
    via: string[];
  }[];
  /**
   * The output redirections of every command the view read: the command's own (nested
   * `$(...)` included) and those of every script it parsed again (`sh -c 'echo x > .bashrc'`,
   * `eval`, a heredoc fed to a shell), each once, in the order found. Only the operators that
   * open a file for writing: `>`, `>>`, `>|`, `&>`, `&>>`, `<>`, and `>&` unless its target
   * is a descriptor (`>&2`, `>&-`); with their descriptor (`2>`). `/dev/null` is listed too.
   */
  writes: {
    /** The file written, as written; `dynamic` when it expands (`> $f`). */
    target: Word;
    /** The operator with its descriptor: `>`, `2>>`, `&>`, `{fd}>`, `3<>`, `>&`. */
    op: string;
    /** The shells and wrappers taken off to reach the script it is in (`bash -c`); [] at top. */
    via: string[];
  }[];
  /**
   * Literal paths that inline code opens (`python3 -c 'open("secrets/key")'`): every string
   * literal of the code, held against Read rules like a command's literal arguments.
   */
  reads: {
    /** The path, as the code writes it. */
    path: string;
    /** The shells, wrappers and interpreters taken off to reach the code. */
    via: string[];
  }[];
}

/** What a name is bound to: an alias's text, or a program (`hash -p`, `BASH_CMDS`). */
export type Binding =
  /** `alias NAME=TEXT`: the text replaces the word. */
  | { kind: "alias"; text: string }
  /** `hash -p PATH NAME`, `BASH_CMDS[NAME]=PATH`: NAME runs PATH. */
  | { kind: "path"; path: string };

/** Scripts inside scripts (`bash -c "sh -c '...'"`) deeper than this are hidden. */
export const MAX_UNWRAP = 16;
/** `parallel a b c ...`: at most this many words are tried as the command. */
export const MAX_SCAN = 64;
/** Wrappers around one command (`sudo nice env ... CMD`) beyond this many are hidden. */
export const MAX_WRAPPERS = 256;
/**
 * The work one deny view may do: commands looked at, and words copied into candidates.
 * Beyond either the rest of the command is hidden (`parallel parallel ...` would otherwise
 * try every suffix of every suffix).
 */
const MAX_STEPS = 20_000;
const MAX_TOKENS = 2_000_000;
/** Script text parsed again (`eval`, `bash -c`), in characters, counted in the same budget. */
const MAX_SCRIPT_CHARS = 4_000_000;

/**
 * What the machine says about programs that a command's text does not: given to the walk as
 * data by the caller that can look (the shell layer itself reads no file).
 */
export interface ProgramKnowledge {
  /**
   * The value of a git alias of git's configuration files (`push`, `!cmd`), by the alias's name
   * in lower case, where git runs and in the directories its options name (`-C DIR`,
   * `--git-dir`, `--work-tree`, as written); undefined when none defines it.
   */
  gitAlias?(name: string, dirs: readonly string[]): string | undefined;
}

/** The state of one deny-view walk. */
export interface Walk {
  /** The view being built. */
  out: DenyView;
  /** The candidates already in `out`, by their tokens joined. */
  seen: Set<string>;
  /** The word lists already looked at, by their first word and length. */
  visited: Map<Word, Set<number>>;
  /** Commands looked at so far. */
  steps: number;
  /** Words copied into candidates so far. */
  tokens: number;
  /** Characters of script parsed again so far. */
  scriptChars: number;
  /** A budget ran out: the walk stops, the rest is hidden. */
  exhausted: boolean;
  /** The writes already in `out`, by operator, target and via. */
  written: Set<string>;
  /** The values evaluated as code in every parse read (see `ShellParse.evaluations`). */
  evaluations: ShellParse["evaluations"];
  /** The assignments in every parse read (see `ShellParse.assignments`). */
  assignments: ShellParse["assignments"];
  /**
   * The commands of the script being read that feed the standard input of others from a
   * distance: a heredoc, here-string or input redirection on a compound command
   * (`{ bash; } <<< CMD`, `done < <(...)`, `(bash) <<< CMD`) or on `exec` (`exec <<< CMD`).
   */
  distant: SimpleCommand[];
  /**
   * The names the command binds to other programs (`alias`, `hash -p`, `BASH_CMDS[...]=`),
   * found anywhere in it: bash may run the binding before the use (a loop, a function), so
   * a use is read through every binding of its name.
   */
  bindings: Map<string, Binding[]>;
  /**
   * The bound names being expanded, with the script depth (`name\u0000depth`): an alias is not
   * expanded inside its own text, but is in a script that text runs.
   */
  expanding: Set<string>;
  /** Bindings this walk found that it did not start with. */
  newBindings: number;
  /** `history -r` or `-n` read entries from a file. */
  historyRead: boolean;
  /**
   * The values the command gives each variable so far (`X=v cmd`, `export X=v`, `env X=v cmd`),
   * for the programs that read one (`SHELL=CMD flock F -c X`).
   */
  vars: Map<string, Word[]>;
  /** Adds the view of a parsed script (`viewOf` of `unwrap.ts`), `depth` scripts deep. */
  viewOf: (walk: Walk, parse: ShellParse, depth: number, via: string[]) => void;
  /** What the machine says about programs (git's configured aliases). */
  known: ProgramKnowledge;
  /** Nothing in the command sets HOME: `$HOME` is the user's home, as `~` is. */
  homeFixed: boolean;
}

/**
 * Spends one step, `tokens` words and `chars` characters of script of the budget; false (and
 * the rest hidden) when it is out.
 */
export function spend(walk: Walk, cmd: SimpleCommand, tokens: number, chars = 0): boolean {
  if (walk.exhausted) return false;
  walk.steps++;
  walk.tokens += tokens;
  walk.scriptChars += chars;
  if (
    walk.steps <= MAX_STEPS && walk.tokens <= MAX_TOKENS && walk.scriptChars <= MAX_SCRIPT_CHARS
  ) return true;
  walk.exhausted = true;
  walk.out.hidden.push({
    text: cmd.text,
    reason: "the command is too complex to read (too many wrappers or operands to try)",
  });
  return false;
}

/** A word as a candidate's token: its value, or `null` when it is only known at run time. */
export const token = (w: Word): string | null => w.dynamic ? null : w.value;

/** A static word of the given value (a script cut out of an option, `-cSCRIPT`). */
export const literal = (value: string): Word => ({
  raw: value,
  value,
  dynamic: false,
  staticFrom: 0,
});

/** Adds a candidate, once, within the budget. */
export function push(
  walk: Walk,
  cmd: SimpleCommand,
  tokens: (string | null)[],
  via: string[],
): void {
  if (tokens.length === 0 || !spend(walk, cmd, tokens.length)) return;
  const key = tokens.map((t) => t === null ? "\u0001" : t).join("\u0000");
  if (walk.seen.has(key)) return;
  walk.seen.add(key);
  walk.out.candidates.push({ tokens, via });
}
