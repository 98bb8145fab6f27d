/**
 * Words the deny view only knows at run time whose text is known before the command runs (issue
 * 23, point 2: unknown text makes a rule match only where it could really take the rule's
 * words; issue 22: values known before the command runs are followed): a deny rule that could
 * match any text would otherwise meet every such word (`Bash(*DROP TABLE:*)` against
 * `grep -l X tests/*.py`).
 *
 * - `$HOME/x` (`${HOME}/x`) when nothing in the command sets HOME: `~/x`, as bash expands it;
 *   `$(pwd)/x` and `$PWD/x` where the command runs in one directory: that directory's `x`.
 * - `"$(cat <<'EOF' ... EOF)"`: the heredoc's text (a quoted delimiter: nothing in it expands),
 *   its trailing newlines dropped, as a substitution drops them (Claude Code's commit messages).
 * - A glob word (`tests/*.py`), when the command can change nothing on disk before its globs are
 *   expanded (it writes nothing, makes no link, runs nothing hidden, stays in one directory, and
 *   sets no shell option): what bash makes of it, whatever options the user's shell has: its
 *   matches, or, when nothing matches, the word as written or nothing (`nullglob`).
 *
 * Pure: the disk is the environment's (`PathContext.shellGlob`).
 *
 * @module
 */

import { type CommandAnalysis, tokensAt } from "../shell/split.ts";
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
  // Bash expands a simple command's words before it runs it, or opens its redirections: what
  // one command alone changes cannot change what its globs match.
  const alone = command.view.commands.length === 1 && effects.hidden === undefined;
  const globbing = expand !== undefined && (alone || changesNothing(effects)) &&
    effects.bases.length === 1 &&
    // Options that change globbing, set by the command itself.
    !/\b(shopt|GLOBIGNORE|noglob)\b|\bset\s+[-+]\w*f/.test(command.command);
  const base = effects.bases[0]!;
  const named = (name: string) =>
    command.view.commands.some(({ command: c }) =>
      c.words.some((w) => new RegExp(`(^|[^$\\w{])${name}\\b|${name}:?[-=+?]`).test(w.raw))
    );
  const homeFixed = !named("HOME");
  const cwd = effects.bases.length === 1 && !named("PWD") ? base : undefined;
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
      const text = t === null ? knownText(words[i]!.raw, homeFixed, cwd) : undefined;
      if (text !== undefined) {
        changed = true;
        for (const v of variants) v.push(text);
        return;
      }
      const glob = t === null && globbing ? globOf(words[i]!.raw) : undefined;
      const found = glob === undefined ? undefined : known(expand!(absolute(glob, base, ctx.home)));
      // Each variant is this candidate's own array: appended to in place (a 40,000-word command
      // copied word by word would take seconds).
      if (t !== null || found === undefined || glob === undefined) {
        for (const v of variants) v.push(t);
        return;
      }
      changed = true;
      if (found !== "none") {
        const shown = found.map((m) => relative(m, glob, base, ctx.home));
        for (const v of variants) v.push(...shown);
      } else if (variants.length * 2 > MAX_VARIANTS) { for (const v of variants) v.push(null); }
      else {
        // Nothing matches: bash passes the word as written, or drops it (`nullglob`).
        variants = variants.flatMap((v) => [[...v, words[i]!.value], v]);
      }
    });
    out.push(...variants.map((tokens) => ({ ...cand, tokens })));
  }
  return changed ? out : undefined;
}

/**
 * A word's text known before it runs: `$HOME/x` as `~/x` (HOME not set by the command), a
 * quoted substitution of `cat` of a quoted heredoc as its text; undefined otherwise.
 */
function knownText(raw: string, homeFixed: boolean, cwd: string | undefined): string | undefined {
  // `$(pwd)/x`, `$PWD/x`: the one directory the command runs in.
  const pwd = /^("?)(?:\$\(pwd\)|\$PWD|\$\{PWD\})(\/[A-Za-z0-9_.\/@%+,-]*)?\1$/.exec(raw);
  if (pwd !== null && cwd !== undefined && !/[\s*?[]/.test(cwd)) {
    return `${cwd}${pwd[2] ?? ""}`;
  }
  const home = /^(?:\$HOME|\$\{HOME\}|"\$HOME|"\$\{HOME\})(\/[A-Za-z0-9_.\/@%+,-]*)?"?$/.exec(raw);
  if (
    home !== null && homeFixed && (raw.startsWith('"') === raw.endsWith('"') || raw === "$HOME")
  ) {
    return `~${home[1] ?? ""}`;
  }
  const cat = /^"\$\(\s*cat\s+<<(-?)\s*'([A-Za-z_][A-Za-z0-9_]*)'\s*\n([^]*?)\n\t*\2\s*\n?\s*\)"$/
    .exec(raw);
  if (cat === null) return undefined;
  const body = cat[1] === "-" ? cat[3]!.replace(/^\t+/gm, "") : cat[3]!;
  return body.replace(/\n+$/, "");
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
    const off = tokensAt(c.words, tokens);
    if (off !== -1) return c.words.slice(off);
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
