/**
 * A deny or ask rule's words held against a command the way its program reads both
 * (`command_reading.ts`): the same program; every option of the rule set by some option of the
 * command, in any position, in any spelling the tables know (`-rf` by `-fr`, `-r -f`,
 * `--recursive --force`, `--rec -f`); the rule's positional words the first positional words
 * of the command (for an exact rule, all of them, and no option the rule does not name). A
 * word known only at run time stands where it stands: among the positional words it may be
 * any of them, and, with the global options taken off, in the place of the rule's next word
 * it may be that word and all the rest, as for a command as written (`git -C "$D" push $F`
 * under `Bash(git push --force:*)`); it is not taken for an option missing elsewhere, so that
 * `git commit -m "$(cat <<EOF ...)"` is not `--no-verify`. Allow rules never use this: they
 * cover a command as written. Pure.
 *
 * @module
 */

import {
  type OptionUse,
  readCommand,
  type Reading,
  shorten,
  type Slot,
} from "./command_reading.ts";
import { STOPS_AT_OPERAND } from "./flag_aliases.ts";
import { globalOptions } from "./global_options.ts";
import { hasSubcommandAliases } from "./subcommand_aliases.ts";
import { namesKubeResources } from "./kube_resources.ts";

/** A rule's words, read once when the rule is parsed. */
export interface RuleReading {
  /** The rule's words. */
  words: readonly string[];
  /** The program the rule names (the last part of its first word). */
  program: string;
  /** Its readings: one, or more when a word may be an option's value or an argument. */
  readings: Reading[];
}

/** A rule word after an option whose arity is unknown is tried both ways, up to this many. */
const MAX_AMBIGUOUS = 3;

/**
 * Reads a rule's words.
 *
 * @param words the rule's words, quotes removed
 * @returns the reading, or undefined for a rule with no words
 */
export function readRule(words: readonly string[]): RuleReading | undefined {
  const [reading] = readCommand(words);
  if (reading === undefined) return undefined;
  // `Bash(curl -X DELETE:*)` with no table for curl: DELETE is -X's value or an argument.
  const ambiguous = reading.positionals.filter((s) => s.optional).slice(0, MAX_AMBIGUOUS);
  const readings: Reading[] = [];
  for (let mask = 0; mask < 1 << ambiguous.length; mask++) {
    const asValue = new Set(ambiguous.filter((_, i) => mask & (1 << i)));
    readings.push({
      ...reading,
      positionals: reading.positionals.filter((s) => !asValue.has(s)),
      options: reading.options.map((o) => {
        const slot = ambiguous.find((s) => o.next === s.word && o.index === s.index - 1);
        if (slot === undefined) return o;
        const { next: _, ...rest } = o;
        return asValue.has(slot) ? { ...rest, value: slot.word } : rest;
      }),
    });
  }
  return { words, program: reading.program, readings };
}

/**
 * Holds a rule's reading against a command, read with the rule's flag table.
 *
 * @param rule the rule's reading
 * @param tokens the command's words (null: known only at run time)
 * @param exact an exact rule (`Bash(git push)`), not a prefix one
 * @returns the readings that made it match, for `skald explain`, or undefined
 */
export function matchReading(
  rule: RuleReading,
  tokens: readonly (string | null)[],
  exact: boolean,
): string[] | undefined {
  const head = tokens[0];
  if (typeof head !== "string") return undefined;
  if (!mayName(rule, tokens)) return undefined;
  for (const r of rule.readings) {
    for (const c of readCommand(tokens, r.table)) {
      if (c.program !== rule.program) continue;
      const notes = matchOne(r, c, exact);
      if (notes !== undefined) return notes;
      // With the global options off, a word known only at run time where the rule's next word
      // stands may be that word and the rest: `git -C "$D" push $FLAGS` under `git push --force`.
      if (c.stripped.length < tokens.length && asWritten(rule.words, c.stripped, exact)) {
        return c.notes.filter((n) => n.includes("global option"));
      }
    }
  }
  return undefined;
}

/**
 * False when no reading of the command can hold the rule's subcommand: no word holds it, no
 * word is known only at run time, no word defines a git alias (whose value, or the shell
 * command it runs, may spell it any way), and the program has no other names for its
 * subcommands nor runs every target. Saves reading a long command for every rule of its
 * program.
 */
function mayName(rule: RuleReading, tokens: readonly (string | null)[]): boolean {
  const sub = rule.readings[0]?.positionals[0]?.word;
  if (typeof sub !== "string") return true;
  const program = rule.program;
  if (hasSubcommandAliases(program) || globalOptions(program)?.targets) return true;
  if (namesKubeResources(program)) return true;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === null || t === undefined || t.includes(sub) || t.includes("alias.")) {
      return true;
    }
  }
  const name = typeof tokens[0] === "string" ? tokens[0] : "";
  return name.endsWith(`git-${sub}`);
}

/** The rule's words against the command's as written: a word known at run time may be any. */
function asWritten(words: readonly string[], tokens: readonly (string | null)[], exact: boolean) {
  for (let i = 1; i < words.length; i++) {
    const t = tokens[i];
    if (t === undefined) return false;
    if (t === null) return true;
    if (t !== words[i]) return false;
  }
  return !exact || tokens.slice(words.length).every((t) => t === null);
}

/** Where a command stops reading its own options (`STOPS_AT_OPERAND`): its first operand. */
function optionsEnd(rule: Reading, cand: Reading): number {
  const sub = `${rule.program} ${rule.positionals[0]?.word}`;
  const skip = STOPS_AT_OPERAND.has(sub) ? 1 : STOPS_AT_OPERAND.has(rule.program) ? 0 : -1;
  if (skip === -1) return Infinity;
  return cand.positionals.find((s, i) => i >= skip && !s.optional)?.index ?? Infinity;
}

function matchOne(rule: Reading, cand: Reading, exact: boolean): string[] | undefined {
  const notes = [...cand.notes];
  const used: [OptionUse, OptionUse][] = [];
  const end = optionsEnd(rule, cand);
  const options = end === Infinity ? cand.options : cand.options.filter((o) => o.index < end);
  for (const ro of rule.options) {
    for (const id of ro.ids) {
      const co = options.find((co) => provides(rule, co, id) && valueMeets(ro, co));
      if (co !== undefined) used.push([ro, co]);
      else if (!cand.open) return undefined;
    }
  }
  if (exact && !cand.open) {
    const named = new Set(rule.options.flatMap((o) => o.ids));
    const extra = options.find((co) =>
      !co.global && !co.ids.every((id) => named.has(id)) &&
      ![...named].some((id) => provides(rule, co, id))
    );
    if (extra !== undefined) return undefined;
  }
  const words = rule.positionals.map((s) => s.word);
  if (!positionalsMeet(words, cand.positionals, exact)) return undefined;
  for (const [ro, co] of used) {
    if (!co.text.startsWith("-")) continue; // a refspec (`+main`) has its note already
    if (notes.length > 12) break;
    for (const n of spellingNotes(ro, co, cand)) {
      const note = shorten(n);
      if (!notes.includes(note)) notes.push(note);
    }
    const before = cand.positionals.slice(words.length).find((s) => s.index < co.index);
    if (!co.global && before?.word) {
      const where = shorten(`\`${co.text}\` stands after \`${before.word}\``);
      if (!notes.includes(where)) notes.push(where);
    }
  }
  return notes;
}

/** True when the command's option sets the option `id`, or abbreviates one of its spellings. */
function provides(rule: Reading, co: OptionUse, id: string): boolean {
  if (co.ids.includes(id)) return true;
  const a = co.abbrev;
  if (a === undefined || a.length < 4) return false; // `--h`: too short to be read as one
  const spellings = rule.table.spellings.get(id) ?? [id];
  return spellings.some((s) => s.startsWith("--") && s.length > a.length && s.startsWith(a));
}

/** A rule option with a value wants the same value (or one only known at run time). */
function valueMeets(ro: OptionUse, co: OptionUse): boolean {
  if (ro.value === undefined) return true;
  if (co.value !== undefined) return co.value === null || co.value === ro.value;
  return co.next === null || co.next === ro.value;
}

/** How a command's option was read to meet the rule's: `-qf` read as `-q -f`, `--rec`. */
function spellingNotes(ro: OptionUse, co: OptionUse, cand: Reading): string[] {
  if (co.global) return [];
  const out: string[] = [];
  if (co.text !== co.spelling) {
    const parts = cand.options.filter((o) => o.index === co.index).map((o) => o.spelling);
    out.push(`\`${co.text}\` read as \`${parts.join(" ")}\``);
  }
  if (co.spelling === ro.spelling || co.spelling === co.text && co.text === ro.text) return out;
  if (co.abbrev !== undefined && !co.ids.some((id) => ro.ids.includes(id))) {
    out.push(`\`${co.spelling}\` abbreviates \`${ro.spelling}\``);
  } else out.push(`\`${co.spelling}\` is \`${ro.spelling}\``);
  return out;
}

/**
 * True when the rule's positional words are the command's first ones (all of them for an
 * exact rule). A word that may be the value of the option before it may be passed over (not
 * for an exact rule: the rule's own readings try its words both ways); a word known only at
 * run time may be any words.
 */
function positionalsMeet(rule: readonly (string | null)[], cand: readonly Slot[], exact: boolean) {
  const memo = new Map<number, boolean>();
  const go = (i: number, j: number): boolean => {
    const key = i * (cand.length + 1) + j;
    const seen = memo.get(key);
    if (seen !== undefined) return seen;
    let ok: boolean;
    const c = cand[j];
    if (c?.word === null) ok = true;
    else if (i === rule.length) ok = !exact || j === cand.length;
    else if (c === undefined) ok = false;
    else ok = (c.word === rule[i] && go(i + 1, j + 1)) || (!exact && c.optional && go(i, j + 1));
    memo.set(key, ok);
    return ok;
  };
  return go(0, 0);
}
