/**
 * `*`-only wildcard matching for Bash rules (`Bash(git * --dry-run)`), where `*` is any text.
 * Written by hand instead of compiled to a regular expression: the greedy two-pointer walk
 * takes at most pattern x text steps, so `Bash(* * * * * * * * * x)` against a 100 KB command
 * cannot blow up the way a backtracking regular expression can.
 *
 * @module
 */

/**
 * True when `text` matches `pattern`, where `*` stands for any text (empty included).
 *
 * @param pattern the pattern; every other character is literal
 * @param text the text
 * @returns whether the whole text matches
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== "*" && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      mark = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === "*") p++;
  return p === pattern.length;
}

/** The text of a pattern before its first `*`. */
export function literalPrefix(pattern: string): string {
  const star = pattern.indexOf("*");
  return star === -1 ? pattern : pattern.slice(0, star);
}
