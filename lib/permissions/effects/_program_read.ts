/**
 * A command's words read with its program's spec (`lib/programs/`), for the readers of what a
 * command writes (`write_targets.ts`), reads whole (`tree_reads.ts`) and reads by its options
 * (`path_reads.ts`), and the queries they share. Pure; `null` stands for a word only known when
 * the command runs.
 *
 * @module
 */

import {
  hasTrait,
  inDir,
  type OperandRead,
  optionHolds,
  readArgv,
  type Reading,
  type Token,
} from "../../programs/argv.ts";
import { programSpec } from "../../programs/lookup.ts";
import type { Use } from "../../programs/spec.ts";

export type { Token } from "../../programs/argv.ts";

/**
 * A command's words read with its program's spec; undefined for a program no table holds (or
 * a command word only known when it runs).
 *
 * @param argv the command's words, the program first (wrappers taken off)
 * @returns the reading
 */
export function readCommand(argv: readonly Token[]): Reading | undefined {
  const first = argv[0];
  if (first === null || first === undefined) return undefined;
  const spec = programSpec(first);
  if (spec === undefined) return undefined;
  // The engines read each command several times (its writes, its reads, its trees, ...): the
  // last readings are kept, by their words (a reading is never changed once made).
  const key = argv.map((t) => t === null ? "\u0000" : t).join("\u0001");
  let r = READINGS.get(key);
  if (r === undefined) {
    r = readArgv(spec, argv.slice(1));
    if (READINGS.size >= 32) READINGS.clear();
    READINGS.set(key, r);
  }
  return r;
}

/** The last readings made, by the command's words. */
const READINGS = new Map<string, Reading>();

/** A path a word names, taken in the directory it is read in (`.` in DIR is DIR). */
export function pathOf(word: Token, dir: string | null | undefined): Token {
  if (word === "." && dir !== undefined) return dir;
  return inDir(dir, word);
}

/** The operands whose role is of the kind, as paths (each in its directory). */
export function operandPaths(r: Reading, kind: Use["kind"]): Token[] {
  return r.operands.filter((o) => o.use?.kind === kind).map((o) => pathOf(o.word, o.dir));
}

/** The values of the options given whose value has a use of the kind, as paths. */
export function optionPaths(r: Reading, kind: Use["kind"]): Token[] {
  return r.options.filter((o) =>
    o.option.uses.some((u) => u.kind === kind) && o.value !== undefined
  )
    .map((o) => pathOf(o.value ?? null, o.dir));
}

/** True when the command only lists, tests or says what it would do: it writes nothing. */
export const writesNothing = (r: Reading): boolean =>
  optionHolds(r, "list") || optionHolds(r, "dry-run");

/**
 * The operands that are on this machine: a `HOST:PATH` operand of a program that copies
 * between machines (`rsync`, `scp`) is not.
 */
export function local(r: Reading, operands: readonly OperandRead[]): OperandRead[] {
  if (!r.path[0]!.operands.remote) return [...operands];
  return operands.filter((o) => o.word === null || !/^[^/]*:/.test(o.word));
}

/**
 * find's start points: the operands before its expression (its leading options, `-L`, `-H`,
 * ..., skipped; the expression starts at its first other option, `(` or `!`); `.` without one,
 * and one only known when it runs when a file lists them (`-files0-from`).
 *
 * @param r the reading of a `find` command
 * @returns the start points
 */
export function findStarts(r: Reading): Token[] {
  if (r.options.some((o) => o.option.uses.some((u) => u.kind === "reads" && u.form === "list"))) {
    return [null];
  }
  const starts: Token[] = [];
  for (const a of r.args) {
    if (a.kind === "option" && a.option.traits.some((t) => t.trait === "leading")) continue;
    if (a.kind !== "operand" || a.word === "(" || a.word === "!") break;
    starts.push(a.word);
  }
  return starts.length === 0 ? [r.path[0]!.operands.default ?? "."] : starts;
}

/** True when the command follows the symbolic links it meets inside the trees it reads. */
export const follows = (r: Reading): boolean =>
  hasTrait(r, "follows-links") && !optionHolds(r, "no-follow");
