/**
 * Flag spellings: the long and short forms a program documents as one option (`rm -r`, `-R`,
 * `--recursive`; `git branch -D` is `--delete --force`), the options that take a value (so that
 * `-mfix` is `-m fix` and not `-m -f -i -x`), and how each program spells options at all
 * (short clusters, single-dash long options, abbreviated long options). Each entry names the
 * documentation it was checked against. Deny and ask rules read a command's options through
 * this table; allow rules never do. Pure data and lookups.
 *
XX
 *
 * @module
 */

import { FLAG_TABLE } from "./_flag_table.ts";

/** The flags of one command, ready for lookups. */
export interface FlagTable {
  /** The program and subcommand words it is for; `""` for a program without an entry. */
  command: string;
  /** Spelling -> the options it sets (`-D` -> `--delete`, `--force`). */
  sets: ReadonlyMap<string, readonly string[]>;
  /** Spelling -> how it takes a value (`-m`: the next word or the rest of the cluster). */
  values: ReadonlyMap<string, "value" | "optional">;
  /** Every spelling of each option, for abbreviations (`--recursive` -> `-r -R --recursive`). */
  spellings: ReadonlyMap<string, readonly string[]>;
}

/** Reads one entry of the text: its flag lines and value lines. */
function build(command: string, lines: readonly string[]): FlagTable {
  const sets = new Map<string, readonly string[]>();
  const spellings = new Map<string, string[]>();
  const values = new Map<string, "value" | "optional">();
  for (const line of lines) {
    if (line.startsWith("values: ")) {
      for (const v of line.slice(8).split(" ").filter((v) => v !== "")) {
        const optional = v.endsWith("?");
        const words = (optional ? v.slice(0, -1) : v).split("|");
        const id = words.find((w) => w.startsWith("--")) ?? words.at(-1)!;
        for (const w of words) {
          values.set(w, optional ? "optional" : "value");
          if (words.length > 1) sets.set(w, [id]);
        }
        if (words.length > 1) spellings.set(id, words);
      }
      continue;
    }
    const [names, implied] = line.split(" = ") as [string, string | undefined];
    const words = names.split(" ");
    const ids = implied === undefined
      ? [words.find((w) => w.startsWith("--")) ?? words.at(-1)!]
      : implied.split(" ");
    for (const w of words) sets.set(w, ids);
    for (const id of ids) {
      const list = spellings.get(id) ?? [];
      for (const w of words) if (!list.includes(w)) list.push(w);
      spellings.set(id, list);
    }
  }
  return { command, sets, values, spellings };
}

/** The text's entries: the commands each is for, and its lines (read once, when needed). */
const ENTRIES: { commands: string[]; lines: string[] }[] = [];

function entries(): { commands: string[]; lines: string[] }[] {
  const out = ENTRIES;
  if (out.length > 0) return out;
  for (const line of FLAG_TABLE.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("  ")) out.at(-1)!.lines.push(line.trim());
    else out.push({ commands: line.split(", "), lines: [] });
  }
  return out;
}

/**
 * The tables looked up so far (null: no entry). Most hook calls need none, so an entry is read
 * when first looked up: a memo of a pure function of constant data, which changes no answer.
 */
const TABLES = new Map<string, FlagTable | null>();
const EMPTY: FlagTable = { command: "", sets: new Map(), values: new Map(), spellings: new Map() };

function tableOf(command: string): FlagTable | undefined {
  const known = TABLES.get(command);
  if (known !== undefined) return known ?? undefined;
  const entry = entries().find((e) => e.commands.includes(command));
  const table = entry === undefined ? null : build(command, entry.lines);
  TABLES.set(command, table);
  return table ?? undefined;
}

/**
 * The flag table of a command: the entry of its program and the most subcommand words
 * (`git push origin` -> `git push`), else the program's own, else an empty one.
 *
 * @param program the program's name
 * @param words the positional words after it
 * @returns the table
 */
export function flagTable(program: string, words: readonly (string | null)[]): FlagTable {
  for (let n = Math.min(words.length, 3); n > 0; n--) {
    const sub = words.slice(0, n);
    if (sub.some((w) => w === null)) continue;
    const found = tableOf([program, ...sub].join(" "));
    if (found !== undefined) return found;
  }
  return tableOf(program) ?? EMPTY;
}

/**
 * Programs whose options are single-dash words, never clusters: `find -delete`, Go's flag
 * package (`terraform apply -auto-approve`, where `--auto-approve` is the same option).
 */
export const SINGLE_DASH: ReadonlySet<string> = new Set([
  "find",
  "terraform",
  "tofu",
  "go",
  "java",
]);

/**
 * Commands that read their own options only up to their first operand, whose later words go
 * to what they run: `node [options] [script.js] [arguments]` and `python [option] ... [-c cmd
 * | -m mod | file] [arg]` (their --help), `perl`, `ruby`, `ssh destination [command]`,
 * `docker run [OPTIONS] IMAGE [COMMAND] [ARG...]` and `exec` (docker run --help), podman's.
 * After that operand a rule's option word is not looked for: `node app.js -e` is not `node -e`.
 */
export const STOPS_AT_OPERAND: ReadonlySet<string> = new Set([
  "node",
  "python",
  "python3",
  "perl",
  "ruby",
  "ssh",
  "docker run",
  "docker exec",
  "docker create",
  "podman run",
  "podman exec",
]);

/**
 * Programs that take an unambiguous prefix of a long option for the option (`rm --rec`,
 * `git reset --har`): GNU getopt_long (coreutils, sed, tar), git's parse-options, npm's nopt.
 */
export const ABBREVIATES: ReadonlySet<string> = new Set([
  "git",
  "rm",
  "cp",
  "mv",
  "ln",
  "chmod",
  "chown",
  "chgrp",
  "shred",
  "truncate",
  "sed",
  "tar",
  "install",
  "mkdir",
  "rmdir",
  "touch",
  "sort",
  "npm",
]);

/**
 * Every command with an entry, for the docs and the tests.
 *
 * @returns the commands, in table order
 */
export function flagTableCommands(): string[] {
  return entries().flatMap((e) => e.commands);
}

/**
 * Programs that send a signal, named by number or name in several spellings (`kill -9`,
 * `-KILL`, `-SIGKILL`, `-s KILL`, `--signal=9`): man kill (util-linux 2.38) and bash's `help
 * kill` (`-n NUM` too), man pkill (procps 4.0) and killall (psmisc 23.6).
 */
export const SIGNALLERS: ReadonlySet<string> = new Set(["kill", "pkill", "killall"]);

/** Signal numbers of Linux (signal(7)), by their name without `SIG`. */
export const SIGNAL_NUMBERS: ReadonlyMap<string, string> = new Map([
  ["1", "HUP"],
  ["2", "INT"],
  ["3", "QUIT"],
  ["4", "ILL"],
  ["5", "TRAP"],
  ["6", "ABRT"],
  ["7", "BUS"],
  ["8", "FPE"],
  ["9", "KILL"],
  ["10", "USR1"],
  ["11", "SEGV"],
  ["12", "USR2"],
  ["13", "PIPE"],
  ["14", "ALRM"],
  ["15", "TERM"],
  ["17", "CHLD"],
  ["18", "CONT"],
  ["19", "STOP"],
  ["20", "TSTP"],
]);

/**
 * The name a signal spelling stands for: `9`, `KILL`, `SIGKILL`, `kill` are `KILL`.
 *
 * @param spelling a number or a name, with or without `SIG`, any case
 * @returns the name, or undefined when it is not a signal
 */
export function signalName(spelling: string): string | undefined {
  const n = SIGNAL_NUMBERS.get(spelling);
  if (n !== undefined) return n;
  const up = spelling.toUpperCase().replace(/^SIG/, "");
  return [...SIGNAL_NUMBERS.values()].includes(up) ? up : undefined;
}
