/**
 * What a shell command may read and write, as far as its text shows: the directories it may
 * run in (the root and every literal `cd` target, nested scripts included), the paths it names
 * (literal arguments, option values, input redirections), the globs it names, and the files
 * it writes (output redirections; the paths of file-changing commands). Path rules and
 * protected files are held against these. Pure.
 *
 * @module
 */

import type { CommandAnalysis } from "../shell/split.ts";
import { INPUT } from "../shell/unwrap.ts";
import type { Word } from "../shell/parse.ts";
import { classifyCommand } from "./read_only.ts";
import { type PathContext, resolvePath } from "./paths.ts";

/** Distinct `cd` targets beyond this many make the command too complex to read. */
export const MAX_BASES = 64;

/** The effects of one command. */
export interface ShellEffects {
  /** Absolute directories the command may run in: the root, then each literal `cd` target. */
  bases: string[];
  /** More `cd` targets than `MAX_BASES`: path rules cannot be held against every base. */
  overflow: boolean;
  /** Literal paths the command may read, as written. */
  reads: string[];
  /** Paths with glob characters the command may read, as written. */
  readGlobs: string[];
  /** Literal paths the command may write, as written. */
  writes: string[];
  /** Output redirections whose target expands: the command writes somewhere unknown. */
  unknownWrites: boolean;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
const GLOB = /[*?[]/;

/** A path word as bash sees it: `~`, `~/x` and `~+` expanded; undefined when unknown. */
function pathText(w: Word, ctx: PathContext, base: string): string | undefined {
  const v = w.value;
  if (v === "~+" || v.startsWith("~+/")) return base + v.slice(2);
  if (v.startsWith("~") && !(v === "~" || v.startsWith("~/"))) return undefined;
  if (v === "~" || v.startsWith("~/")) return ctx.home + v.slice(1);
  return v;
}

/** A dynamic word that is only a glob (no `$`, no substitution): its text as a pattern. */
function globText(w: Word): string | undefined {
  if (!w.dynamic || w.value.includes("$") || w.value.includes("`")) return undefined;
  return GLOB.test(w.value) ? w.value : undefined;
}

/**
 * Works out what a command may read and write.
 *
 * @param command the analysed command
 * @param ctx root and home
 * @returns the effects
 */
export function shellEffects(command: CommandAnalysis, ctx: PathContext): ShellEffects {
  const bases = new Set([ctx.root]);
  const addBase = (target: string | null | undefined) => {
    if (typeof target === "string" && target !== "" && target !== "-") {
      bases.add(resolvePath(target, ctx));
    }
  };
  for (const c of command.parse.commands) {
    const [head, target] = c.words;
    if (head?.value === "cd" && !head.dynamic && target !== undefined && !target.dynamic) {
      addBase(pathText(target, ctx, ctx.root));
    }
  }
  for (const cand of command.view.candidates) {
    if (cand.tokens[0] === "cd") addBase(cand.tokens[1]);
  }
  const effects: ShellEffects = {
    bases: [...bases].slice(0, MAX_BASES + 1),
    overflow: bases.size > MAX_BASES,
    reads: [],
    readGlobs: [],
    writes: [],
    unknownWrites: false,
  };
  const word = (w: Word, into: string[]) => {
    const glob = globText(w);
    if (glob !== undefined) effects.readGlobs.push(glob);
    else if (!w.dynamic) {
      const p = pathText(w, ctx, ctx.root);
      if (p !== undefined && p !== "") into.push(p);
    }
  };
  // The view lists file targets only (`>&2` is left out), so `> 1` writes the file `1`.
  const write = (t: Word) => {
    if (t.dynamic) effects.unknownWrites = true;
    else if (t.value !== "/dev/null") {
      const p = pathText(t, ctx, ctx.root);
      if (p === undefined) effects.unknownWrites = true;
      else if (!effects.writes.includes(p)) effects.writes.push(p);
    }
  };
  // Every command the view read, nested scripts included (`sh -c 'cat secrets/key'`); the
  // arguments of a command only known when it runs too (`$X secrets/key`).
  for (const { command: c } of command.view.commands) {
    let i = 0;
    while (i < c.words.length && ASSIGNMENT.test(c.words[i]!.raw)) i++;
    for (const w of c.words.slice(i + 1)) readArgument(w, effects, word);
    for (const r of c.redirects) {
      const t = r.target;
      if (t === undefined || !INPUT.test(r.op)) continue;
      if (t.dynamic || !(r.op.endsWith("<&") && /^(\d+|-)$/.test(t.value))) word(t, effects.reads);
    }
  }
  for (const w of command.view.writes) write(w.target);
  for (const cand of command.view.candidates) {
    const name = cand.tokens[0];
    if (typeof name !== "string") continue;
    if (cand.tokens.every((t) => t !== null)) {
      const kind = classifyCommand(cand.tokens as string[], { inWorkingDirs: () => true });
      if (kind.kind === "edit") {
        effects.writes.push(...kind.paths);
        continue;
      }
    }
    if (!WRITERS.has(name.slice(name.lastIndexOf("/") + 1))) continue;
    for (const t of cand.tokens.slice(1)) {
      if (t === null) effects.unknownWrites = true;
      else if (t.startsWith("of=")) effects.writes.push(t.slice(3));
      else if (!t.startsWith("-")) effects.writes.push(t);
    }
  }
  return effects;
}

/** Commands whose operands are files they create, change or remove. */
const WRITERS: ReadonlySet<string> = new Set([
  "touch",
  "mkdir",
  "rm",
  "rmdir",
  "mv",
  "cp",
  "ln",
  "install",
  "tee",
  "truncate",
  "chmod",
  "chown",
  "chgrp",
  "dd",
  "unlink",
  "shred",
  "rsync",
]);

/** An argument: a path itself, an option's `=value`, or a short option's glued value. */
function readArgument(w: Word, effects: ShellEffects, word: (w: Word, into: string[]) => void) {
  const v = w.value;
  if (w.dynamic || !v.startsWith("-")) {
    if (v !== "" && !(w.dynamic && v.startsWith("-") && globText(w) === undefined)) {
      word(w, effects.reads);
    }
    return;
  }
  const eq = v.indexOf("=");
  if (eq !== -1 && eq + 1 < v.length) effects.reads.push(v.slice(eq + 1));
  else if (!v.startsWith("--") && v.length > 2) effects.reads.push(v.slice(2));
}
