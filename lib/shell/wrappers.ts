/**
 * The shells and the builtins that run a script file or text (`bash -c`, `source`, `eval`,
 * `su`). The commands that run another command after their options (`sudo`, `env`,
 * `timeout N`, `xargs`, ...) are read with their specs (`lib/programs/wrappers.ts`, `shell.ts`;
 * `_wrapper_options.ts`); the commands that run others without a table of options (`parallel`,
 * `uv run`, `trap`) are in `runners.ts`, bash's reserved words in `reserved.ts`.
 *
 * @module
 */

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

/** `su` runs `-c SCRIPT` through the user's shell, its operands anywhere. */
export const SU = "su";
