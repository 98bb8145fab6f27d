/**
 * A command's words read the way the program will read them, for deny and ask rules: the
 * program's global options taken off (`git -C x push` is `git push`, see `global_options.ts`),
 * options told apart from positional words, short clusters split (`-qf` is `-q -f`), long and
 * short spellings of one option made one (`flag_aliases.ts`), `git-push` read as `git push`, a
 * `-c alias.p=push` alias of git expanded, every make target tried as the subcommand. Each
 * reading it took is kept as a note for `skald explain`. One option word is read by
 * `_option_words.ts`. Pure.
 *
 * @module
 */

import { posix } from "../../path.ts";
import { globalWord, type OptionUse, optionWord, signalWord } from "./_option_words.ts";
import { type FlagTable, flagTable, SIGNALLERS, signalName } from "./flag_aliases.ts";
import { globalOptions } from "./global_options.ts";
import { subcommandAlias } from "./subcommand_aliases.ts";
import { kubeResourceReadings, namesKubeResources } from "./kube_resources.ts";

export type { OptionUse } from "./_option_words.ts";

/** A positional word: the subcommand or an argument. */
export interface Slot {
  /** The word; null when known only at run time. */
  word: string | null;
  /** True when it may be the value of the option before it (whose arity is not known). */
  optional: boolean;
  /** Its position among the command's words. */
  index: number;
}

/** A command as its program reads it. */
export interface Reading {
  /** The program's name (`git` for `/usr/bin/git` and for `git-push`). */
  program: string;
  /** The positional words: subcommand, arguments. */
  positionals: Slot[];
  /** Every option, global ones included. */
  options: OptionUse[];
  /**
   * The command may run anything (a git alias that runs a shell command): every option a rule
   * names may be in it. A word known only at run time does not make a reading open: it stands
   * where it stands (see `reading_match.ts`).
   */
  open: boolean;
  /** The words with the global options taken off, held as written against a rule too. */
  stripped: (string | null)[];
  /** The readings taken, for `skald explain` (`-C x` is a git global option). */
  notes: string[];
  /** The flag table the options were read with. */
  table: FlagTable;
}

/** At most this many notes a reading keeps (a command of 100,000 options needs no more). */
const MAX_NOTES = 12;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_.]*=/;
/** At most this many readings of one command (make targets, aliases). */
const MAX_READINGS = 16;
/** git aliases of aliases beyond this many may run anything (git itself follows them all). */
const MAX_ALIASES = 8;

/**
 * Reads a command's words.
 *
 * @param tokens the words; null for a word known only at run time
 * @param table the flag table to read options with; by default the one of the command's own
 *   subcommand words
 * @returns its readings (more than one for make's targets); none when the program word is not
 *   known
 */
export function readCommand(tokens: readonly (string | null)[], table?: FlagTable): Reading[] {
  const reading = readOnce(tokens, table);
  if (reading === undefined) return [];
  const out = reading.program === "git" ? gitAlias(reading, tokens, table, []) : [reading];
  const all = globalOptions(reading.program)?.targets ? out.flatMap(targets) : out;
  return namesKubeResources(reading.program) ? all.flatMap(kubeResourceReadings) : all;
}

/** Reads the words once: no alias expanded, no target tried. */
function readOnce(tokens: readonly (string | null)[], table?: FlagTable): Reading | undefined {
  const head = tokens[0];
  if (typeof head !== "string") return undefined;
  let program = posix.basename(head);
  const words: (string | null)[] = tokens.slice(1);
  const notes: string[] = [];
  const dashed = /^git-([a-z][a-z0-9-]*)$/.exec(program);
  if (dashed !== null) {
    program = "git";
    words.unshift(dashed[1]!);
    notes.push(`\`${dashed[0]}\` is \`git ${dashed[1]}\``);
  }
  const first = canonical(read(program, words, table ?? flagTable(program, []), notes));
  const own = table ?? flagTable(program, first.positionals.map((s) => s.word));
  return own === first.table ? first : canonical(read(program, words, own, notes));
}

/** Reads the words after the program with one flag table. */
function read(
  program: string,
  words: readonly (string | null)[],
  table: FlagTable,
  baseNotes: readonly string[],
): Reading {
  const globals = globalOptions(program);
  const r: Reading = {
    program,
    positionals: [],
    options: [],
    open: false,
    stripped: [program],
    notes: [...baseNotes],
    table,
  };
  let endOfOptions = false;
  /** An option waiting for its value (the next word), or one whose next word may be it. */
  let wants: { option: OptionUse; sure: boolean; global: boolean } | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const index = i + 1;
    const waiting = wants;
    wants = undefined;
    // make's `-j 4`: a number after an option that may take one is its value.
    const numeric = waiting?.global && w !== null && /^\d+(\.\d+)?$/.test(w);
    if (waiting?.sure || numeric) {
      const o = waiting!.option;
      o.value = w;
      if (o.ids[0] === "--signal" && w !== null) o.ids = [`--signal=${signalName(w) ?? w}`];
      if (!waiting!.global) r.stripped.push(w);
      else noteGlobal(r, program, waiting.option, w);
      continue;
    }
    if (w === null) {
      if (waiting !== undefined) waiting.option.next = null;
      r.positionals.push({ word: null, optional: false, index });
      r.stripped.push(null);
      continue;
    }
    const optionLike = !endOfOptions && w.length > 1 && w.startsWith("-");
    if (!optionLike) {
      if (globals?.plusFirst && i === 0 && w.startsWith("+")) {
        note(r, () => `\`${w}\` picks a ${program} toolchain`);
        continue;
      }
      if (globals?.assignments && ASSIGNMENT.test(w)) {
        note(r, () => `\`${w}\` sets a ${program} variable`);
        continue;
      }
      if (waiting !== undefined) waiting.option.next = w;
      r.positionals.push({ word: w, optional: waiting !== undefined, index });
      r.stripped.push(w);
      continue;
    }
    if (w === "--") {
      endOfOptions = true;
      r.stripped.push(w);
      continue;
    }
    const beforeSub = r.positionals.length === 0;
    const command = beforeSub ? globals?.commands?.[w] : undefined;
    if (command !== undefined) {
      // `git --version push` runs `git version push`: the option is the subcommand.
      r.positionals.push({ word: command, optional: false, index });
      r.stripped.push(w);
      note(r, () => `\`${w}\` runs \`${program} ${command}\``);
      continue;
    }
    if (globals !== undefined && (globals.position === "anywhere" || beforeSub)) {
      const g = globalWord(globals, w, index);
      if (g !== undefined) {
        for (const o of g.options) r.options.push(o);
        const last = g.options.at(-1)!;
        if (g.takes === "value") wants = { option: last, sure: true, global: true };
        else if (g.takes === "maybe") wants = { option: last, sure: false, global: true };
        if (g.takes !== "value") noteGlobal(r, program, last, undefined);
        continue;
      }
    }
    r.stripped.push(w);
    const parsed = SIGNALLERS.has(program)
      ? signalWord(program, w, index) ?? optionWord(program, table, w, index)
      : optionWord(program, table, w, index);
    for (const o of parsed.options) r.options.push(o);
    const last = parsed.options.at(-1);
    if (last !== undefined && parsed.takes !== "none") {
      wants = { option: last, sure: parsed.takes === "value", global: false };
    }
  }
  if (table.command === "git push") refspecs(r);
  return r;
}

/** `docker container rm` is read as `docker rm`, `npm i` as `npm install` (`subcommand_aliases.ts`). */
function canonical(r: Reading): Reading {
  const slots = r.positionals;
  if (slots.some((s, i) => s.optional && i < 2)) return r;
  const alias = subcommandAlias(r.program, slots.map((s) => s.word));
  if (alias === undefined) return r;
  const written = slots.slice(0, alias.span).map((s) => s.word).join(" ");
  const index = slots[0]!.index;
  const positionals = [
    ...alias.words.map((word) => ({ word, optional: false, index })),
    ...slots.slice(alias.span),
  ];
  const note = shorten(`\`${r.program} ${written}\` is \`${r.program} ${alias.words.join(" ")}\``);
  return { ...r, positionals, notes: [...r.notes, note] };
}

/** Adds a note, made only while there is room for it. */
function note(r: Reading, text: () => string): void {
  if (r.notes.length < MAX_NOTES) r.notes.push(shorten(text()));
  else if (r.notes.length === MAX_NOTES) r.notes.push("…");
}

/**
 * A note cut to 200 characters: a word of a megabyte stays out of a reason.
 *
 * @param text the note
 * @returns the note, or its start and `[…]`
 */
export function shorten(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)} […]` : text;
}

function noteGlobal(r: Reading, program: string, o: OptionUse, value: string | null | undefined) {
  if (r.notes.length > MAX_NOTES) return;
  const text = value === undefined ? o.text : `${o.text} ${value ?? "…"}`;
  const article = /^[aeiou]/.test(program) ? "an" : "a";
  note(r, () => `\`${text}\` is ${article} ${program} global option`);
}

/** `git push origin +main` forces `main`, `git push origin :old` deletes `old`. */
function refspecs(r: Reading): void {
  for (const s of r.positionals.slice(1)) {
    const w = s.word;
    if (w === null || w.length < 2) continue;
    const id = w.startsWith("+") ? "--force" : w.startsWith(":") ? "--delete" : undefined;
    if (id === undefined) continue;
    const ids = r.table.sets.get(id) ?? [id];
    r.options.push({ ids, text: w, spelling: w, global: false, index: s.index });
    note(r, () => `\`${w}\` is a ${id === "--force" ? "forced" : "deleting"} refspec`);
  }
}

/**
 * `git -c alias.p=push p` runs `git push`: the alias is read in its place. An alias that runs a
 * shell command (`!...`) or comes from the environment (`--config-env`) could be anything.
 */
function gitAlias(
  r: Reading,
  tokens: readonly (string | null)[],
  table: FlagTable | undefined,
  chain: readonly string[],
): Reading[] {
  const depth = chain.length;
  const sub = r.positionals[0];
  if (sub === undefined || sub.word === null) return [r];
  const name = sub.word.toLowerCase();
  let value: string | null | undefined;
  for (const o of r.options) {
    if (!o.global || typeof o.value !== "string") continue;
    const m = /^alias\.([^=]+)=(.*)$/is.exec(o.value);
    if (m === null || m[1]!.toLowerCase() !== name) continue;
    value = o.ids[0] === "--config-env" ? null : m[2]!;
  }
  if (value === undefined) return [r];
  if (value === null || value.trimStart().startsWith("!") || depth >= MAX_ALIASES) {
    const why = value === null
      ? "from the environment"
      : depth >= MAX_ALIASES
      ? `of aliases more than ${MAX_ALIASES} deep`
      : "that runs a shell command";
    const positionals = [{ ...sub, word: null }, ...r.positionals.slice(1)];
    const notes = [
      ...r.notes,
      shorten(`\`git ${sub.word}\` is an alias ${why}: it may run anything`),
    ];
    return [{ ...r, positionals, open: true, notes }];
  }
  const expansion = value.trim().split(/\s+/).filter((w) => w !== "");
  const at = sub.index;
  const next = [...tokens.slice(0, at), ...expansion, ...tokens.slice(at + 1)];
  const note = shorten(`\`git ${sub.word}\` is an alias of \`git ${expansion.join(" ")}\``);
  const n = readOnce(next, table);
  if (n === undefined) return [r];
  const notes = [...chain, note];
  return gitAlias({ ...n, notes: [...n.notes, ...notes] }, next, table, notes);
}

/** make runs every target it is given: each is tried as the first. */
function targets(r: Reading): Reading[] {
  const slots = r.positionals;
  if (slots.length < 2) return [r];
  if (slots.length > MAX_READINGS) {
    // Too many to try one by one: any of them may be the one a rule names.
    const any = { word: null, optional: false, index: slots[0]!.index };
    const notes = [...r.notes, `make runs every target: ${slots.length} of them`];
    return [r, { ...r, positionals: [any], notes }];
  }
  return slots.map((s, i) => {
    if (i === 0) return r;
    const positionals = [s, ...slots.filter((_, j) => j !== i)];
    const note = shorten(`make runs every target: \`${s.word}\``);
    return { ...r, positionals, notes: [...r.notes, note] };
  });
}
