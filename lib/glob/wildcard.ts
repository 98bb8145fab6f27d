/**
 * `*` wildcard matching for Bash rules (`Bash(git * --dry-run)`), where `*` is any text, and the
 * same walk for one segment of a path glob (`lib/glob/path_glob.ts` adds `?` and `[...]`).
 * Written by hand instead of compiled to a regular expression: the greedy two-pointer walk
 * takes at most pattern x text steps, so `Bash(* * * * * * * * * x)` against a 100 KB command
 * cannot blow up the way a backtracking regular expression can.
 *
 * @module
 */

/**
 * True when `text` matches `pattern`, where `*` stands for any text (empty included).
 *
 * @param pattern the pattern; every other character is literal, unless `step` says otherwise
 * @param text the text
 * @param step how many pattern characters at `p` match the text character `ch` (0: none); by
 *   default one literal character. Path globs pass theirs, for `?`, `[...]` and `\x`.
 * @returns whether the whole text matches
 */
export function wildcardMatch(
  pattern: string,
  text: string,
  step: (pattern: string, p: number, ch: string) => number = literalStep,
): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    const c = pattern[p];
    if (c === "*") {
      star = p++;
      mark = t;
      continue;
    }
    if (c !== undefined) {
      const n = step(pattern, p, text[t]!);
      if (n > 0) {
        p += n;
        t++;
        continue;
      }
    }
    if (star === -1) return false;
    p = star + 1;
    t = ++mark;
  }
  while (pattern[p] === "*") p++;
  return p === pattern.length;
}

function literalStep(pattern: string, p: number, ch: string): number {
  return pattern[p] === ch ? 1 : 0;
}

/** The text of a pattern before its first `*`. */
export function literalPrefix(pattern: string): string {
  const star = pattern.indexOf("*");
  return star === -1 ? pattern : pattern.slice(0, star);
}
