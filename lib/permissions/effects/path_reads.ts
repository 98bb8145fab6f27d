/**
 * The files a command reads by what its spec says of its options and operands (issue 22): an
 * option's value it reads (`grep --exclude-from=FILE`, `du -X FILE`, `tar -X FILE`, `rsync
 * --exclude-from=FILE`, `git ls-files -X FILE`, `git blame --ignore-revs-file FILE`, `git diff -O
 * FILE`, `hexdump -f FILE`, `wget --load-cookies FILE`, `--post-file`, `--body-file`, `curl -K
 * FILE`, `-T FILE`), in every spelling the program takes (`-fFILE`, `--opt=FILE`,
 * `--exclude-fr=FILE`); a value in a form of its own (`curl -d @FILE`, `--data-binary @FILE`,
 * `-H @FILE`, `-F NAME=@FILE`, `-F NAME=<FILE`, `--data-urlencode NAME@FILE`, `-b FILE`); a
 * response file `@FILE` of GCC and binutils (`strings @FILE`, `objdump @FILE`, `gcc @FILE`);
 * an operand it reads in a directory an option gives (`ruby -C DIR script.rb`); the files sed's
 * script reads (`r FILE`). Each is held against the Read rules as an operand a reader reads is
 * (`ShellEffects.reads`). Pure; a value only known when the command runs is not a path (as for
 * an operand: a variable the command does not set comes from the environment).
 *
 * @module
 */

import { hasTrait } from "../../programs/argv.ts";
import type { Use } from "../../programs/spec.ts";
import { pathOf, readCommand, type Token } from "./_program_read.ts";
import { sedScriptReads } from "./write_targets.ts";

/**
 * The files a value names when a program reads it in the form its spec gives.
 *
 * @param value the value
 * @param use what the value is to the program
 * @returns the file, or undefined when the value names none
 */
export function named(value: string, use: Use): string | undefined {
  if (use.kind === "code-file") return value;
  if (use.kind !== "reads") return undefined;
  switch (use.form) {
    case "path":
    case "list":
      return value;
    case "at":
      return value.startsWith("@") && value !== "@-" ? value.slice(1) : undefined;
    case "field":
      return /^[^=]*=[@<]([^;]+)/.exec(value)?.[1];
    case "name-at": {
      const m = /^[^=@]*@(.+)$/.exec(value);
      return m === null || m[1] === "-" ? undefined : m[1];
    }
    case "no-equals":
      return value.includes("=") ? undefined : value;
  }
}

/**
 * The files a command reads by its options and operands, as its program's spec says (as
 * written, each in the directory an option gives: `tar -C DIR`); `null` for files only known
 * when it runs (`wc --files0-from=LIST`: the files it lists).
 *
 * @param argv the command's words, the program first (wrappers taken off)
 * @returns the files
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pathReads } from "./path_reads.ts";
 *
 * assert.deepEqual(pathReads(["grep", "--exclude-fr=x/ex", "KEY", "src"]), ["x/ex"]);
 * assert.deepEqual(pathReads(["curl", "-d", "@body.json", "https://x.org/"]), ["body.json"]);
 * assert.deepEqual(pathReads(["curl", "-F", "f=@a.png;type=image/png", "https://x.org/"]), ["a.png"]);
 * assert.deepEqual(pathReads(["strings", "@args.txt"]), ["args.txt"]);
 * assert.deepEqual(pathReads(["sed", "r notes.txt", "a.txt"]), ["notes.txt"]);
 * assert.deepEqual(pathReads(["cat", "a.txt"]), []);
 * ```
 */
export function pathReads(argv: readonly Token[]): Token[] {
  const r = readCommand(argv);
  if (r === undefined) return [];
  const out: Token[] = [];
  const { head, rest, tail } = r.command.operands;
  const readsOperands = [...head, ...tail, ...(rest === undefined ? [] : [rest])].some((u) =>
    u.kind === "reads" || u.kind === "read-tree" || u.kind === "code-file"
  );
  for (const o of r.options) {
    for (const use of o.option.uses) {
      if (o.value === null || o.value === undefined) continue;
      const file = named(o.value, use);
      if (file !== undefined) out.push(pathOf(file, o.dir));
      // The files a list names, when the program reads its operands.
      if (use.kind === "reads" && use.form === "list" && readsOperands) out.push(null);
    }
  }
  // An operand read in a directory an option gives.
  for (const o of r.operands) {
    if (o.dir !== undefined && (o.use?.kind === "reads" || o.use?.kind === "code-file")) {
      out.push(pathOf(o.word, o.dir));
    }
  }
  if (hasTrait(r, "response-files")) {
    for (const a of argv.slice(1)) {
      if (a !== null && a.length > 1 && a.startsWith("@")) out.push(a.slice(1));
    }
  }
  out.push(...sedScriptReads(argv));
  return out;
}
