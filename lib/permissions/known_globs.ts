/**
 * Glob words read as bash will expand them (issue 23, point 2: "Globs are expanded against the
 * disk like bash does"): a command word such as `tests/*.py` is only known when it runs, so a
 * deny rule that could match any text would meet it (`Bash(*DROP TABLE:*)` against
 * `grep -l X tests/*.py`). When the command can change nothing on disk before its globs are
 * expanded (it writes nothing, makes no link, runs nothing hidden, stays in one directory, and
 * sets no shell option), each glob word is replaced by what bash makes of it, whatever options
 * the user's shell has: its matches, or, when nothing matches, the word as written or nothing
 * (`nullglob`). Pure: the disk is the environment's (`PathContext.shellGlob`).
 *
 * @module
 */

import type { CommandAnalysis } from "../shell/split.ts";
import type { Candidate } from "../shell/_walk.ts";
import type { Word } from "../shell/parse.ts";
import type { ShellEffects } from "./effects/shell_effects.ts";
import type { PathContext } from "./paths.ts";

/** A command's variants past this many keep their glob words unknown. */
const MAX_VARIANTS = 16;

/**
 * The deny view's candidates with their glob words expanded on disk, or undefined when none
 * could be (or the command may change what they match).
 *
 * @param command the analysed command
 * @param effects what it reads and writes
 * @param ctx the environment, with `shellGlob`
 * @returns the candidates, a glob word replaced by its words in each
 */
export function globsExpanded(
  command: CommandAnalysis,
  effects: ShellEffects,
  ctx: PathContext,
): Candidate[] | undefined {
  const expand = ctx.shellGlob;
  if (expand === undefined || !changesNothing(effects) || effects.bases.length !== 1) {
    return undefined;
  }
  // Options that change globbing, set by the command itself.
  if (/\b(shopt|GLOBIGNORE|noglob)\b|\bset\s+[-+]\w*f/.test(command.command)) return undefined;
  const base = effects.bases[0]!;
  let changed = false;
  const out: Candidate[] = [];
  for (const cand of command.view.candidates) {
    const words = cand.tokens.includes(null) ? wordsOf(cand.tokens, command) : undefined;
    if (words === undefined) {
      out.push(cand);
      continue;
    }
    let variants: (string | null)[][] = [[]];
    cand.tokens.forEach((t, i) => {
      const glob = t === null ? globOf(words[i]!.raw) : undefined;
      const found = glob === undefined ? undefined : known(expand(absolute(glob, base, ctx.home)));
      if (t !== null || found === undefined || glob === undefined) {
        variants = variants.map((v) => [...v, t]);
        return;
      }
      changed = true;
      if (found !== "none") {
        const shown = found.map((m) => relative(m, glob, base, ctx.home));
        variants = variants.map((v) => [...v, ...shown]);
      } else if (variants.length * 2 > MAX_VARIANTS) variants = variants.map((v) => [...v, null]);
      else {
        // Nothing matches: bash passes the word as written, or drops it (`nullglob`).
        variants = variants.flatMap((v) => [[...v, words[i]!.value], v]);
      }
    });
    out.push(...variants.map((tokens) => ({ ...cand, tokens })));
  }
  return changed ? out : undefined;
}

/** The words whatever the shell's options: the matches, `none`, or undefined (not known). */
function known(m: { plain: string[]; wide: string[] } | undefined): string[] | "none" | undefined {
  if (m === undefined) return undefined;
  if (m.plain.length === 0 && m.wide.length === 0) return "none";
  const same = m.plain.length === m.wide.length && m.plain.every((p, i) => p === m.wide[i]);
  return same ? m.plain : undefined;
}

/** True when the command writes nothing, makes no link and runs nothing only known later. */
export function changesNothing(e: ShellEffects): boolean {
  return e.writes.length === 0 && e.writeGlobs.length === 0 && e.writeTrees.length === 0 &&
    e.copies.length === 0 && e.links.length === 0 && !e.unknownWrites && e.hidden === undefined;
}

/** The words of the simple command a candidate's tokens come from (aligned at the end). */
function wordsOf(
  tokens: readonly (string | null)[],
  command: CommandAnalysis,
): readonly Word[] | undefined {
  for (const { command: c } of command.view.commands) {
    const off = c.words.length - tokens.length;
    if (off < 0) continue;
    const same = tokens.every((t, k) => {
      const w = c.words[off + k]!;
      return t === null ? w.dynamic : !w.dynamic && w.value === t;
    });
    if (same) return c.words.slice(off);
  }
  return undefined;
}

/**
 * A word's glob, as bash reads its quoting: quoted and escaped characters are literal (escaped
 * with `\` for the matcher), unquoted `*`, `?` and `[` are the glob's; undefined when the word
 * is not a plain glob (a variable, a substitution, braces, or no wildcard at all).
 */
export function globOf(raw: string): string | undefined {
  let out = "";
  let wild = false;
  const literal = (c: string) => (/[*?[\]\\]/.test(c) ? `\\${c}` : c);
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === "\\") {
      if (i + 1 >= raw.length) return undefined;
      out += literal(raw[++i]!);
    } else if (c === "'") {
      const end = raw.indexOf("'", i + 1);
      if (end === -1) return undefined;
      for (const q of raw.slice(i + 1, end)) out += literal(q);
      i = end;
    } else if (c === '"') {
      const end = raw.indexOf('"', i + 1);
      if (end === -1) return undefined;
      const inner = raw.slice(i + 1, end);
      if (/[$`\\]/.test(inner)) return undefined;
      for (const q of inner) out += literal(q);
      i = end;
    } else if (c === "$" || c === "`" || c === "{" || c === "}") return undefined;
    else if (c === "~" && i !== 0) out += c;
    else {
      if (c === "*" || c === "?" || c === "[") wild = true;
      out += c;
    }
  }
  return wild ? out : undefined;
}

/** The glob as an absolute glob: `~/` under the home, a relative one under the base. */
function absolute(glob: string, base: string, home: string): string {
  if (glob === "~" || glob.startsWith("~/")) return home + glob.slice(1);
  return glob.startsWith("/") ? glob : `${base === "/" ? "" : base}/${glob}`;
}

/** A match as bash writes it: relative when the glob was, under `~` when it was. */
function relative(match: string, glob: string, base: string, home: string): string {
  if (glob.startsWith("~/")) return `~${match.slice(home.length)}`;
  if (glob.startsWith("/")) return match;
  const prefix = base === "/" ? "/" : `${base}/`;
  return match.startsWith(prefix) ? match.slice(prefix.length) : match;
}
