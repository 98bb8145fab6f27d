/**
 * What a program runs or removes by its options, as its spec says (`lib/programs/`): the value
 * of an option that names a program it runs (`sort --compress-program=PROG`, `rg --pre CMD`,
 * `rsync -e CMD`, `tar -I PROG`) or a script it gives a shell (`tar --to-command=CMD`,
 * `split --filter=CMD`, `zip -TT CMD`, `tar --checkpoint-action=exec=CMD`), in every spelling
 * the program takes (`--to-comm=`, `--compress-prog=`, `-ICMD`, tar's old-style `cIf CMD`);
 * and the files a program removes after it has read them (`zip -m`, `tar --remove-files`,
 * `rsync --remove-source-files`, `zstd --rm`), which count as `rm -rf PATHS`. A program that runs
 * its operands (a wrapper: `env`, `sudo`, `flock`) is read by `_command_view.ts`, and `find
 * -exec` by its own walk. Pure.
 *
 * @module
 */

import type { Word } from "../parse.ts";
import type { Inner } from "../_inner.ts";
import { literal } from "../_walk.ts";
import { holds, type OptionRead, readArgv, type Reading } from "../../programs/argv.ts";
import { programSpec } from "../../programs/lookup.ts";
import type { CommandSpec, OptionSpec, Use } from "../../programs/spec.ts";

/** A word's value, unless it is only known at run time. */
const known = (w: Word | undefined) => w === undefined || w.dynamic ? undefined : w.value;

/** The last reading of each command's words (git's own reader reads them again). */
const READINGS = new WeakMap<readonly Word[], { spec: CommandSpec; reading: Reading }>();

/**
 * A command's words read with its program's spec (a word only known when it runs as `null`),
 * once for the same words.
 *
 * @param spec the program's spec
 * @param words the program and its words
 * @returns the reading
 */
export function readWords(spec: CommandSpec, words: readonly Word[]): Reading {
  const hit = READINGS.get(words);
  if (hit !== undefined && hit.spec === spec) return hit.reading;
  const reading = readArgv(spec, words.slice(1).map((w) => known(w) ?? null));
  READINGS.set(words, { spec, reading });
  return reading;
}

/** True when a use runs something: a program, or a script a shell runs. */
const running = (u: Use) => u.kind === "runs" || u.kind === "shell";

/** True when a command or one of its subcommands has an option that runs something. */
function runsByOption(spec: CommandSpec, seen = new Set<CommandSpec>()): boolean {
  if (seen.has(spec)) return false;
  seen.add(spec);
  if (spec.options.some((o) => o.arity.kind !== "until" && o.uses.some(running))) return true;
  for (const sub of spec.subcommands.values()) if (runsByOption(sub, seen)) return true;
  return spec.otherSubcommand !== undefined && runsByOption(spec.otherSubcommand, seen);
}

/** Each spec's answer to {@link runsByOption}, once. */
const RUNS = new WeakMap<CommandSpec, boolean>();

/** Every option of a command and its subcommands that runs something. */
function runningOptions(spec: CommandSpec, out: OptionSpec[] = [], seen = new Set<CommandSpec>()) {
  if (seen.has(spec)) return out;
  seen.add(spec);
  for (const o of spec.options) {
    if (o.arity.kind !== "until" && o.uses.some(running)) out.push(o);
  }
  for (const sub of spec.subcommands.values()) runningOptions(sub, out, seen);
  if (spec.otherSubcommand !== undefined) runningOptions(spec.otherSubcommand, out, seen);
  return out;
}

/**
 * True when a word only known when it runs may be an option that runs something: its text before
 * the first expansion (`--to-command=` of `--to-command=$X`, `` of `"$OPT"`) may start one
 * (`--format=$F` may not).
 */
function mayRun(spec: CommandSpec, w: Word): boolean {
  const text = /^[^$`]*/.exec(w.value)![0];
  if (!text.startsWith("-")) return text === "";
  const eq = text.indexOf("=");
  const options = runningOptions(spec);
  if (eq !== -1) {
    const name = text.slice(0, eq);
    return options.some((o) => o.names.some((n) => n === name || n.startsWith(name)));
  }
  if (!text.startsWith("--") && options.some((o) => o.names.some((n) => n.length === 2))) {
    return true;
  }
  return options.some((o) => o.names.some((n) => n.startsWith(text) || text.startsWith(n)));
}

/** The word that holds an option's value: its own, or a literal one for a glued value. */
function valueWord(words: readonly Word[], o: OptionRead): Word | undefined {
  const at = o.at[1];
  if (o.value === undefined) return undefined;
  if (o.value === null) return at === undefined || at < 0 ? undefined : words[at + 1];
  // Glued (`-ICMD`, `--to-command=CMD`), or made by tar's old-style letters: its text.
  if (at === undefined || at < 0 || at === o.at[0]) return literal(o.value);
  return words[at + 1];
}

/** What one option given runs, when its spec says it runs something. */
function optionRuns(words: readonly Word[], o: OptionRead, label: string): Inner[] {
  const out: Inner[] = [];
  for (const use of o.option.uses) {
    if (!running(use) || o.option.arity.kind === "until") continue;
    const w = valueWord(words, o);
    const name = `${label} ${o.option.id}`;
    if (w === undefined) continue;
    if (w.dynamic) {
      out.push({ kind: "hidden", reason: `${name} runs ${w.raw}, only known when it runs` });
      continue;
    }
    const prefix = use.kind === "shell" ? use.prefix : undefined;
    if (prefix !== undefined && !w.value.startsWith(prefix)) continue;
    const text = prefix === undefined ? w.value : w.value.slice(prefix.length);
    out.push({
      kind: "script",
      word: prefix === undefined && w.value === text ? w : literal(text),
      label: name,
    });
  }
  return out;
}

/**
 * The operands a program removes with `removes-sources`: those it reads (`zip -m ARCHIVE
 * FILE...`: the files; `rsync SRC... DEST`: the sources), else every one (`zstd --rm FILE...`).
 */
function removed(r: Reading): (string | null)[] {
  const read = r.operands.filter((o) => o.use?.kind === "reads" || o.use?.kind === "read-tree");
  return (read.length > 0 ? read : r.operands).map((o) => o.word);
}

/**
 * What a program runs by its options, and removes after reading, as its spec says.
 *
 * @param words the program and its words (the program's name first)
 * @param name the program's name (its path's last part)
 * @returns the scripts and commands it runs, the files it removes, and hidden parts
 */
export function specCommands(words: readonly Word[], name: string): Inner[] {
  const spec = programSpec(name);
  if (spec === undefined) return [];
  // A wrapper runs its operands: `_command_view.ts` reads it.
  const { head, rest, tail } = spec.operands;
  if ([...head, ...tail, ...(rest === undefined ? [] : [rest])].some(running)) return [];
  let runs = RUNS.get(spec);
  if (runs === undefined) RUNS.set(spec, runs = runsByOption(spec));
  const moves = spec.options.some((o) => o.traits.some((t) => t.trait === "removes-sources"));
  if (!runs && !moves) return [];
  const args = words.slice(1);
  const r = readWords(spec, words);
  const out: Inner[] = [];
  if (runs) {
    // A word only known when it runs that may be an option (`tar "$OPT"`, `--to-command=$X`).
    const unknown = args.find((w) => w.dynamic && /^["']?-/.test(w.raw) && mayRun(spec, w));
    if (unknown !== undefined) {
      out.push({
        kind: "hidden",
        reason: `${name} is given ${unknown.raw}, only known when it runs`,
      });
    }
    for (const o of r.options) {
      const label = o.command === spec ? name : o.command.name;
      out.push(...optionRuns(words, o, label));
    }
  }
  const removes = r.options.find((o) => holds(o, "removes-sources"));
  // `find -delete` removes what it finds: `_program_commands.ts` reads it.
  if (removes !== undefined && spec.name !== "find") {
    out.push({ kind: "removes", paths: removed(r), label: `${name} ${removes.spelling}` });
  }
  return out;
}
