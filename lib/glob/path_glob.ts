/**
 * Path globs (`*`, `**`, `?`, `[abc]`, `{a,b}`) for permission path rules and skills' `paths:`.
 * Written by hand instead of compiled to a regular expression: a backtracking regular
 * expression for `*-*-*.log` takes seconds on a long path, while this matcher walks the
 * segments with the greedy two-pointer method and `**` with a table, so its cost is at most
 * pattern length x path length. Dotfiles match `*` (as in gitignore); a pattern is matched
 * against a path relative to its base, `/`-separated, without a leading slash.
 *
 * @module
 */

import { wildcardMatch } from "./wildcard.ts";

/** A compiled path glob. */
export type PathMatcher = (relativePath: string) => boolean;

/** Brace alternatives beyond this many make the pattern match its text literally. */
const MAX_ALTERNATIVES = 256;

/**
 * Expands `{a,b}` alternatives (nested too) into plain globs.
 *
 * @param glob a glob
 * @returns the globs it stands for
 */
export function expandBraces(glob: string): string[] {
  const open = findBrace(glob);
  if (open === undefined) return [glob];
  const { start, end, parts } = open;
  const out: string[] = [];
  for (const part of parts) {
    for (const rest of expandBraces(glob.slice(0, start) + part + glob.slice(end + 1))) {
      out.push(rest);
      if (out.length > MAX_ALTERNATIVES) return [glob];
    }
  }
  return out;
}

/** The first `{...}` with a top-level comma: its bounds and alternatives. */
function findBrace(glob: string): { start: number; end: number; parts: string[] } | undefined {
  for (let start = glob.indexOf("{"); start !== -1; start = glob.indexOf("{", start + 1)) {
    let depth = 0;
    const cuts: number[] = [];
    for (let i = start; i < glob.length; i++) {
      const c = glob[i];
      if (c === "\\") i++;
      else if (c === "{") depth++;
      else if (c === "}") {
        if (--depth === 0) {
          if (cuts.length === 0) break;
          const bounds = [start, ...cuts, i];
          const parts = bounds.slice(1).map((b, k) => glob.slice(bounds[k]! + 1, b));
          return { start, end: i, parts };
        }
      } else if (c === "," && depth === 1) cuts.push(i);
    }
  }
  return undefined;
}

/**
 * True when one path segment matches a segment pattern with `*`, `?` and `[...]`.
 *
 * @param pattern the segment pattern
 * @param text the segment
 * @returns whether it matches
 */
export function segmentMatch(pattern: string, text: string): boolean {
  return wildcardMatch(pattern, text, matchOne);
}

/**
 * The one text a segment pattern matches (`\x` is `x`), or undefined when it holds a wildcard,
 * a class or braces: what an index may file a pattern under.
 *
 * @param pattern the segment pattern
 * @returns its literal text
 */
export function literalSegment(pattern: string): string | undefined {
  return /[*?[{]/.test(pattern) ? undefined : pattern.replace(/\\([^])/g, "$1");
}

/** How many pattern characters match one text character at `p`; 0 when they do not. */
function matchOne(pattern: string, p: number, ch: string): number {
  const c = pattern[p]!;
  if (c === "?") return 1;
  if (c === "\\" && p + 1 < pattern.length) return pattern[p + 1] === ch ? 2 : 0;
  if (c === "[") {
    const close = classEnd(pattern, p);
    if (close === -1) return ch === "[" ? 1 : 0;
    let body = pattern.slice(p + 1, close);
    const negate = body[0] === "!" || body[0] === "^";
    if (negate) body = body.slice(1);
    let hit = false;
    for (let i = 0; i < body.length; i++) {
      // A POSIX class (`[[:alpha:]]`), as bash matches it in the C locale.
      const named = body[i] === "[" && body[i + 1] === ":" ? body.indexOf(":]", i + 2) : -1;
      if (named !== -1) {
        if (POSIX_CLASSES[body.slice(i + 2, named)]?.test(ch)) hit = true;
        i = named + 1;
      } else if (body[i + 1] === "-" && i + 2 < body.length) {
        if (ch >= body[i]! && ch <= body[i + 2]!) hit = true;
        i += 2;
      } else if (body[i] === ch) hit = true;
    }
    return hit !== negate ? close - p + 1 : 0;
  }
  return c === ch ? 1 : 0;
}

/** The `]` that closes the class opened at `p` (its first character is its own, `[]a]`). */
function classEnd(pattern: string, p: number): number {
  const first = pattern[p + 1] === "!" || pattern[p + 1] === "^" ? p + 2 : p + 1;
  for (let i = first; i < pattern.length; i++) {
    if (pattern[i] === "[" && pattern[i + 1] === ":") {
      const named = pattern.indexOf(":]", i + 2);
      if (named !== -1) {
        i = named + 1;
        continue;
      }
    }
    if (pattern[i] === "]" && i > first) return i;
  }
  return -1;
}

/** The POSIX character classes of a bracket expression. */
const POSIX_CLASSES: Readonly<Record<string, { test: (ch: string) => boolean }>> = {
  alpha: /[A-Za-z]/,
  digit: /[0-9]/,
  alnum: /[A-Za-z0-9]/,
  upper: /[A-Z]/,
  lower: /[a-z]/,
  space: /\s/,
  blank: /[ \t]/,
  punct: /[!-\/:-@[-`{-~]/,
  xdigit: /[0-9A-Fa-f]/,
  word: /\w/,
  cntrl: { test: (ch: string) => ch.charCodeAt(0) < 0x20 || ch === "\x7f" },
  print: /[\x20-\x7e]/,
  graph: /[\x21-\x7e]/,
};

/** True when segments match, `**` standing for any number of segments. */
function segmentsMatch(pattern: string[], path: string[]): boolean {
  // reach[j]: the pattern so far can end right before path segment j.
  let reach = new Uint8Array(path.length + 1);
  reach[0] = 1;
  for (const seg of pattern) {
    const next = new Uint8Array(path.length + 1);
    if (seg === "**") {
      let any = 0;
      for (let j = 0; j <= path.length; j++) {
        any |= reach[j]!;
        next[j] = any;
      }
    } else {
      for (let j = 0; j < path.length; j++) {
        if (reach[j] && segmentMatch(seg, path[j]!)) next[j + 1] = 1;
      }
    }
    reach = next;
  }
  return reach[path.length] === 1;
}

/**
 * Compiles a glob.
 *
 * @param glob the pattern, relative to its base
 * @returns a function telling whether a relative path matches
 */
export function compileGlob(glob: string): PathMatcher {
  const alternatives = expandBraces(glob).map((g) => g.split("/").filter((s) => s !== ""));
  return (path) => {
    const segments = path.split("/").filter((s) => s !== "");
    return alternatives.some((a) => segmentsMatch(a, segments));
  };
}
