/**
 * An inline script is covered only by an allow rule that writes out the interpreter (issue
 * 10): `Bash(python3:*)` and `Bash(python3 -c:*)` cover `python3 -c '...'` (the user allowed
 * python3, which runs any code through a script file too; Claude Code's own `Bash(node:*)`
 * runs `node -e`), but `Bash(* --version)` does not cover `python3 -c '...' --version`: its
 * `*` matches the interpreter and its code, the rule merely matches the words after them. The
 * same holds for a shell's `-c` script. Pure.
 *
 * @module
 */

import { literalPrefix } from "../glob/wildcard.ts";
import type { Word } from "../shell/parse.ts";
import { commandName } from "../shell/unwrap.ts";
import { interpreterRun } from "../shell/interpreters.ts";
import { shellName } from "../shell/wrappers.ts";
import type { BashPattern } from "./bash_pattern.ts";

/** Where the option that gives a part's inline code is (`-c`, `-e`, `eval`), or undefined. */
function codeOption(words: Word[]): number | undefined {
  const head = words[0];
  const name = head === undefined ? undefined : commandName(head);
  if (name === undefined) return undefined;
  const run = interpreterRun(name, words);
  if (run?.kind === "code") return run.flagAt;
  if (shellName(name) === undefined) return undefined;
  const at = words.findIndex((w, k) =>
    k > 0 && !w.dynamic && /^-[A-Za-z]*c[A-Za-z]*$/.test(w.value)
  );
  return at === -1 ? undefined : at;
}

/** How many leading words of a part a rule writes out (what is after them its `*` matches). */
function fixedWords(pattern: BashPattern): number {
  switch (pattern.kind) {
    case "exact":
      return Infinity;
    case "prefix":
      return pattern.words?.length ?? 0;
    case "glob": {
      const lit = literalPrefix(pattern.text);
      const pieces = lit.split(" ").filter((p, k, all) => p !== "" || k < all.length - 1);
      return lit.endsWith(" ")
        ? pieces.filter((p) => p !== "").length
        : Math.max(0, pieces.length - 1);
    }
    default: {
      const never: never = pattern;
      throw new Error(`unknown Bash pattern ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Why an allow rule does not cover a part's inline script, or undefined when it does (or the
 * part has none).
 *
 * @param pattern the allow rule's pattern
 * @param words the part's words
 * @returns the reason
 */
export function inlineEscape(pattern: BashPattern, words: Word[]): string | undefined {
  const at = codeOption(words);
  if (at === undefined || fixedWords(pattern) > 0) return undefined;
  const option = words.slice(0, at + 1).map((w) => w.value).join(" ");
  return `"${option}" runs inline code: only a rule that names ${words[0]!.value} covers it`;
}
