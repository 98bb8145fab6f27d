/**
 * The options of a wrapper (`sudo -u root`, `timeout -s KILL 5`, `env -S '...'`), read with the
 * wrapper's spec (`lib/programs/`: `wrappers.ts`, `shell.ts`) to find what it runs: a command, a
 * script given as an option, a shell reading stdin, or nothing. An option the spec does not know
 * gives up the reading: every later word is then tried as the command.
 *
 * @module
 */

import type { Word } from "./parse.ts";
import { literal } from "./_walk.ts";
import { holds, readArgv } from "../programs/argv.ts";
import { programSpec } from "../programs/lookup.ts";
import type { CommandSpec, Use } from "../programs/spec.ts";

/** What a wrapper runs, as its options say. */
export type OptionsRead =
  /** No command (`command -v rm`, `sudo -l`). */
  | { kind: "none" }
  /** A shell that reads its script from stdin (`sudo -s`). */
  | { kind: "shell" }
  /** An option the spec does not know, or a dynamic word: every word from `index` is tried. */
  | { kind: "scan"; index: number }
  /** A script given as an option (`su -c SCRIPT`), then the words from `index`. */
  | { kind: "script"; script: Word; index: number }
  /** The command that starts at `index`. */
  | { kind: "command"; index: number }
  /** The words from `index` on, joined, are a script (`watch 'a | b'`). */
  | { kind: "joined"; index: number };

/** True when a use runs something: a program, or a script a shell runs. */
const running = (u: Use | undefined) => u?.kind === "runs" || u?.kind === "shell";

/**
 * The spec of a wrapper: a program that runs the command its operands name (`timeout 5 CMD`,
 * `env A=1 CMD`, `watch 'CMD'`), or undefined for any other program.
 *
 * @param name the command's name
 * @returns the wrapper's spec
 */
export function wrapperSpec(name: string): CommandSpec | undefined {
  const spec = programSpec(name);
  if (spec === undefined || spec.name === "(any)") return undefined;
  const { head, rest } = spec.operands;
  return head.some(running) || running(rest) ? spec : undefined;
}

/**
 * Reads the options of the wrapper `rest[0]`.
 *
 * @param rest the wrapper and the words after it
 * @param spec the wrapper's spec ({@link wrapperSpec})
 * @returns what it runs
 */
export function readOptions(rest: Word[], spec: CommandSpec): OptionsRead {
  // The words up to the command are read, in a window that grows until it holds the command
  // (`sudo sudo ... rm`: 200,000 wrappers, each read over its first words, not all of them).
  const token = (w: Word) => w.dynamic ? null : w.value;
  let window = 32;
  let r = readArgv(spec, rest.slice(1, 1 + window).map(token));
  while (
    window < rest.length - 1 &&
    !r.operands.some((o) => running(o.use) && o.at < window - 4)
  ) {
    window *= 4;
    r = readArgv(spec, rest.slice(1, 1 + window).map(token));
  }
  // A word of `rest` from a position among the words read.
  const at = (i: number) => i + 1;
  if (r.options.some((o) => holds(o, "no-exec"))) return { kind: "none" };
  let firstOperand = r.operands[0];
  // An option the spec does not know may take a value or run a script: every later word is tried.
  for (const a of r.args) {
    if (a.kind === "unknown-option") {
      const place = r.args.indexOf(a);
      const next = r.args.slice(place + 1).find((x) => x.kind !== "unknown-option");
      const from = next === undefined
        ? rest.length
        : at(next.kind === "operand" ? next.at : next.at[0]!);
      return { kind: "scan", index: from };
    }
    if (a.kind === "operand") break;
  }
  // A script given as an option (`env -S '...'`, `flock -c CMD`): the script, then the words after.
  for (const o of r.options) {
    if (!o.option.uses.some(running) || o.value === undefined) continue;
    const valueAt = o.at[1] ?? -1;
    const glued = valueAt === o.at[0] || valueAt < 0;
    const script = glued ? literal(o.value ?? "") : rest[at(valueAt)]!;
    return { kind: "script", script, index: at(glued ? o.at[0]! : valueAt) + 1 };
  }
  const command = r.operands.find((o) => running(o.use));
  // `flock FILE -c CMD`: a script option where the command would stand (flock reads it there).
  const option = command?.word === null || command === undefined
    ? undefined
    : spec.options.find((o) => o.names.includes(command!.word!) && o.uses.some(running));
  if (option !== undefined && command !== undefined) {
    const value = r.operands[r.operands.indexOf(command) + 1];
    if (value === undefined) return { kind: "none" };
    return { kind: "script", script: rest[at(value.at)]!, index: at(value.at) + 1 };
  }
  if (command === undefined) {
    // A word only known when it runs where the command may stand: every later word is tried.
    if (firstOperand !== undefined && firstOperand.word === null) {
      return { kind: "scan", index: at(firstOperand.at) };
    }
    const shell = r.options.some((o) => holds(o, "starts-shell"));
    return shell ? { kind: "shell" } : { kind: "none" };
  }
  // Words only known when they run before the command (`timeout $T CMD`, `sudo $OPTS CMD`).
  firstOperand = r.operands.find((o) => o.word === null && o.at <= command.at);
  if (firstOperand !== undefined) return { kind: "scan", index: at(firstOperand.at) };
  if (command.use?.kind === "shell") return { kind: "joined", index: at(command.at) };
  return { kind: "command", index: at(command.at) };
}
