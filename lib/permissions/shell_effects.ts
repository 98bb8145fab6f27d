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

/**
 * A path as bash expands its tilde: `~` and `~/x` under the home, `~+` and `~+/x` in the
 * directory the command runs in (relative: held against every base); undefined for a directory
 * only known when it runs (`~-`, `~user`).
 */
function expandTilde(v: string, ctx: PathContext): string | undefined {
  if (!v.startsWith("~")) return v;
  if (v === "~" || v.startsWith("~/")) return ctx.home + v.slice(1);
  if (v === "~+" || v.startsWith("~+/")) return "." + v.slice(2);
  return undefined;
}

/** Options of `cd` and `pushd` before the directory. */
const CD_OPTIONS: ReadonlySet<string> = new Set(["-L", "-P", "-e", "-@", "-LP", "-PL", "-Pe"]);

/**
 * Where a command changes the working directory, as the deny view read its words (null for a
 * word only known when it runs): `cd DIR`, `pushd DIR` (options skipped), `env -C DIR` and
 * `env --chdir=DIR`. `null` for a directory only known when it runs (`cd $D`, `cd -`, `pushd
 * +1`), the home for a bare `cd`, undefined when the command does not change directory.
 */
function chdirTarget(tokens: readonly (string | null)[]): string | null | undefined {
  const name = tokens[0];
  if (name === "cd" || name === "pushd") {
    let i = 1;
    while (i < tokens.length && tokens[i] !== null && CD_OPTIONS.has(tokens[i]!)) i++;
    if (tokens[i] === "--") i++;
    const dir = tokens[i];
    if (dir === undefined) return name === "cd" ? "~" : null;
    if (dir === null || dir === "-" || /^[+-]\d+$/.test(dir)) return null;
    return dir;
  }
  if (name === "env") {
    for (let i = 1; i < tokens.length; i++) {
      const t = tokens[i];
      if (t === null || t === undefined) return null;
      if (t === "-C" || t === "--chdir") return tokens[i + 1] ?? null;
      if (t === "-u" || t === "--unset") i++; // the option's value
      if (t.startsWith("--chdir=")) return t.slice("--chdir=".length);
      if (t.startsWith("-C")) return t.slice(2);
      if (!t.startsWith("-")) break;
    }
  }
  return undefined;
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
  // A directory only known when the command runs: its relative paths could lie anywhere.
  let unknownBase = false;
  for (const cand of command.view.candidates) {
    const target = chdirTarget(cand.tokens);
    if (target === undefined) continue;
    const dir = target === null ? undefined : expandTilde(target, ctx);
    if (dir === undefined) unknownBase = true;
    else if (dir !== "") bases.add(resolvePath(dir, ctx));
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
      const p = expandTilde(w.value, ctx);
      if (p !== undefined && p !== "") into.push(p);
    }
  };
  // A written path as the command wrote it; unknown when it expands at run time.
  const write = (path: string | null) => {
    const p = path === null ? undefined : expandTilde(path, ctx);
    if (p === undefined) effects.unknownWrites = true;
    else if (p !== "/dev/null" && !effects.writes.includes(p)) effects.writes.push(p);
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
  // Literal paths inline code opens (`python3 -c 'open("secrets/key")'`).
  for (const r of command.view.reads) {
    const p = expandTilde(r.path, ctx);
    if (p !== undefined && p !== "") effects.reads.push(p);
  }
  // The view lists file targets only (`>&2` is left out), so `> 1` writes the file `1`.
  for (const w of command.view.writes) write(w.target.dynamic ? null : w.target.value);
  for (const cand of command.view.candidates) {
    const name = cand.tokens[0];
    if (typeof name !== "string") continue;
    if (cand.tokens.every((t) => t !== null)) {
      const kind = classifyCommand(cand.tokens as string[], { inWorkingDirs: () => true });
      if (kind.kind === "edit") {
        for (const path of kind.paths) write(path);
        continue;
      }
    }
    if (!WRITERS.has(name.slice(name.lastIndexOf("/") + 1))) continue;
    for (const t of cand.tokens.slice(1)) {
      if (t === null || !t.startsWith("-")) write(t?.startsWith("of=") ? t.slice(3) : t);
    }
  }
  if (unknownBase && [...effects.reads, ...effects.readGlobs, ...effects.writes].some(relative)) {
    effects.overflow = true;
  }
  return effects;
}

/** True for a path held against the directory the command runs in. */
const relative = (p: string) => !p.startsWith("/");

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
