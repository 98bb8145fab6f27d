/**
 * The commands that run another command (`sudo`, `env`, `timeout N`, `xargs`, ...) and how
 * their options are read, so that a deny rule sees the command they run. A table, because
 * each wrapper's options are its own; an option the table does not know makes the reader try
 * every later word as the command (more denials, never fewer). Also the shells and the
 * builtins that run a script file or text; the commands that run others without a table of
 * options (`parallel`, `uv run`, `trap`) are in `runners.ts`, bash's reserved words in
 * `reserved.ts`.
 *
 * @module
 */

/** How one wrapper's options are read. */
export interface WrapperSpec {
  /** Short options that take an argument (`-u root`, `-uroot`). */
  shortArgs: string;
  /** Short options without an argument. */
  shortFlags: string;
  /** Long options that take an argument (`--user root`; `--user=root` is always read). */
  longArgs: readonly string[];
  /** Long options without an argument. */
  longFlags: readonly string[];
  /** Operands before the command (`timeout 5 CMD`: 1). */
  operands: number;
  /** Options after which no command runs (`command -v rm` only prints). */
  noExec?: string;
  /** Short options whose argument is a shell script (`su -c`, `flock -c`, `env -S`). */
  scriptArgs?: string;
  /** Long options whose argument is a shell script. */
  longScriptArgs?: readonly string[];
  /** `-N` with a number is a flag (`nice -5`). */
  numericFlags?: boolean;
  /** The words after the options are joined into a shell script (`watch 'a | b'`). */
  joinsScript?: boolean;
  /** Short options that start a shell, reading stdin when no command follows (`sudo -s`). */
  shellFlags?: string;
  /** Long options that do the same (`sudo --login`). */
  longShellFlags?: readonly string[];
  /** A lone `-` is an option (`env -` is `env -i`). */
  dashIsFlag?: boolean;
  /** Short options whose argument is optional and only glued (`xargs -i{}`, `-l5`, `-eEND`). */
  shortOptional?: string;
}

const spec = (s: Partial<WrapperSpec>): WrapperSpec => ({
  shortArgs: "",
  shortFlags: "",
  longArgs: [],
  longFlags: [],
  operands: 0,
  ...s,
});

let specs: Readonly<Record<string, WrapperSpec>> | undefined;

/**
 * The wrappers skald sees through, made on first use.
 *
 * @returns each wrapper's spec, by name
 */
export const wrapperSpecs = (): Readonly<Record<string, WrapperSpec>> =>
  specs ??= {
    sudo: spec({
      shortArgs: "ughpCDrtTU",
      shortFlags: "AbEHiKklnPSsvV",
      longArgs: [
        "user",
        "group",
        "host",
        "prompt",
        "chdir",
        "role",
        "type",
        "command-timeout",
        "other-user",
        "close-from",
      ],
      longFlags: [
        "askpass",
        "background",
        "preserve-env",
        "set-home",
        "login",
        "remove-timestamp",
        "reset-timestamp",
        "non-interactive",
        "preserve-groups",
        "stdin",
        "shell",
        "validate",
        "version",
        "list",
      ],
      noExec: "elvV",
      shellFlags: "is",
      longShellFlags: ["login", "shell"],
    }),
    doas: spec({ shortArgs: "uC", shortFlags: "nsL", shellFlags: "s" }),
    env: spec({
      shortArgs: "uC",
      shortFlags: "i0v",
      longArgs: ["unset", "chdir"],
      longFlags: ["ignore-environment", "null", "debug"],
      scriptArgs: "S",
      longScriptArgs: ["split-string"],
      dashIsFlag: true,
    }),
    timeout: spec({
      shortArgs: "sk",
      shortFlags: "v",
      longArgs: ["signal", "kill-after"],
      longFlags: ["foreground", "preserve-status", "verbose"],
      operands: 1,
    }),
    nice: spec({ shortArgs: "n", longArgs: ["adjustment"], numericFlags: true }),
    nohup: spec({}),
    // The sixth red team's: programs that run the command after their options.
    "ssh-agent": spec({ shortArgs: "aEPt", shortFlags: "cDdks" }),
    setarch: spec({
      shortFlags: "vRFZLXBIST3",
      longFlags: [
        "verbose",
        "addr-no-randomize",
        "fdpic-funcptrs",
        "mmap-page-zero",
        "addr-compat-layout",
        "read-implies-exec",
        "32bit",
        "short-inode",
        "whole-seconds",
        "sticky-timeouts",
        "3gb",
        "4gb",
        "uname-2.6",
        "list",
      ],
      operands: 1,
    }),
    linux32: spec({ shortFlags: "vRFZLXBIST3" }),
    linux64: spec({ shortFlags: "vRFZLXBIST3" }),
    command: spec({ shortFlags: "pvV", noExec: "vV" }),
    builtin: spec({}),
    exec: spec({ shortArgs: "a", shortFlags: "cl" }),
    time: spec({
      shortArgs: "fo",
      shortFlags: "apqvV",
      longArgs: ["format", "output"],
      longFlags: ["append", "verbose", "quiet", "portability"],
    }),
    stdbuf: spec({ shortArgs: "ioe", longArgs: ["input", "output", "error"] }),
    ionice: spec({ shortArgs: "cnpPu", shortFlags: "t", longArgs: ["class", "classdata"] }),
    setsid: spec({ shortFlags: "cfw", longFlags: ["ctty", "fork", "wait"] }),
    taskset: spec({ shortFlags: "acp", longFlags: ["all-tasks", "cpu-list", "pid"], operands: 1 }),
    chrt: spec({
      shortArgs: "TPD",
      shortFlags: "bdfiormpvRa",
      longFlags: ["batch", "deadline", "fifo", "idle", "other", "rr", "all-tasks", "verbose"],
      operands: 1,
    }),
    chroot: spec({ longArgs: ["userspec", "groups"], longFlags: ["skip-chdir"], operands: 1 }),
    flock: spec({
      shortArgs: "wE",
      shortFlags: "sxunoF",
      longArgs: ["timeout", "conflict-exit-code"],
      longFlags: ["shared", "exclusive", "unlock", "nonblock", "close", "no-fork", "verbose"],
      operands: 1,
      scriptArgs: "c",
      longScriptArgs: ["command"],
    }),
    watch: spec({
      shortArgs: "nq",
      shortFlags: "bcCdegprtwx",
      longArgs: ["interval", "equexit"],
      longFlags: [
        "beep",
        "color",
        "no-color",
        "differences",
        "errexit",
        "chgexit",
        "precise",
        "no-rerun",
        "no-title",
        "no-wrap",
        "exec",
      ],
      joinsScript: true,
    }),
    busybox: spec({}),
    toybox: spec({}),
    unbuffer: spec({ shortFlags: "p" }),
    caffeinate: spec({ shortArgs: "tw", shortFlags: "dimsu" }),
    xargs: spec({
      shortArgs: "adEILnPs",
      shortFlags: "0oprtx",
      shortOptional: "iel",
      longArgs: [
        "arg-file",
        "delimiter",
        "max-args",
        "max-procs",
        "max-chars",
        "process-slot-var",
      ],
      longFlags: [
        "null",
        "open-tty",
        "interactive",
        "no-run-if-empty",
        "verbose",
        "exit",
        "show-limits",
        // Their argument is optional, so only glued (`--replace=R`).
        "replace",
        "eof",
        "max-lines",
      ],
    }),
  };

/** Shells: `-c SCRIPT` runs a script; without a script operand they read one from stdin. */
export const SHELLS: ReadonlySet<string> = new Set([
  "sh",
  "bash",
  "rbash",
  "dash",
  "zsh",
  "ksh",
  "mksh",
  "pdksh",
  "ash",
  "yash",
  "posh",
  "fish",
  "csh",
  "tcsh",
  "ksh93",
  "ksh88",
  "oksh",
  "loksh",
  "lksh",
  "hush",
  "osh",
  "ysh",
  "bosh",
  "brush",
  "elvish",
  "nu",
  "xonsh",
]);

/**
 * The shell a command name is, also with a version (`bash5`, `bash-5.2`, `zsh-5.9`), or
 * undefined.
 *
 * @param name a command name
 * @returns the shell's name in {@link SHELLS}, or undefined
 */
export function shellName(name: string): string | undefined {
  if (SHELLS.has(name)) return name;
  const base = name.replace(/[-.]?[0-9][0-9.]*$/, "");
  return base !== name && SHELLS.has(base) ? base : undefined;
}

/** Shell options that take an argument (`-o errexit`, `--rcfile f`). */
export const SHELL_ARG_OPTIONS: ReadonlySet<string> = new Set([
  "-o",
  "+o",
  "-O",
  "+O",
  "--rcfile",
  "--init-file",
]);

/** Builtins that run a script file in the current shell (`source f`, `. f`). */
export const SOURCES: ReadonlySet<string> = new Set(["source", "."]);

/**
 * True when a path names a file descriptor, the standard input or another one the command
 * feeds (`bash /dev/fd/3 3<<< CMD`), in any spelling: `-`, `/dev/stdin`, `/dev/fd/N`,
 * `/proc/self/fd/N`, `/proc/PID/fd/N`, with `//`, `/./` or `..` in it, or relative to a
 * directory that holds them (`stdin`, `fd/0`, `self/fd/0`, `0`).
 *
 * @param path a script operand, as bash gets it
 * @returns whether it may be a descriptor
 */
export function descriptorPath(path: string): boolean {
  if (path === "-") return true;
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && parts.length > 0 && parts.at(-1) !== "..") parts.pop();
    else parts.push(part);
  }
  const p = parts.join("/");
  return /(^|\/)(stdin|fd\/[0-9]+)$/.test(p) || /^[0-9]+$/.test(p) ||
    (path.startsWith("/") && /^(dev|proc)(\/|$)/.test(p));
}

/** Builtins that run their arguments, joined, as a script. */
export const EVALUATORS: ReadonlySet<string> = new Set(["eval"]);

/** `find`'s actions that run a command, up to `;` or `+`. */
export const FIND_EXEC: ReadonlySet<string> = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/** `su` runs `-c SCRIPT` through the user's shell, its operands anywhere. */
export const SU = "su";
