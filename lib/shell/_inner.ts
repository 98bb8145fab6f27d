/**
 * What a program runs by itself, as its arguments or inline code say (classes 5 and 6 of
 * issue 10): a shell command written in an argument (`sed '1e CMD'`, `git -c alias.x='!CMD'`,
 * `python3 -c 'os.system("CMD")'`), a program and its arguments (`rg --pre CMD`,
 * `subprocess.run(["rm", "x"])`), a removal that counts as `rm -rf PATHS`, a path the code
 * opens, or something only known when it runs, which hides what runs. The readers return
 * these; `_command_view.ts` walks them.
 *
 * @module
 */

import type { Word } from "./parse.ts";

/** One thing a program runs or touches by itself. */
export type Inner =
  /** A shell script, parsed and walked (hidden when it expands). */
  | { kind: "script"; word: Word; label: string }
  /** A program and its arguments, walked as a command. */
  | { kind: "argv"; words: Word[]; label: string }
  /** What runs is only known when it runs. */
  | { kind: "hidden"; reason: string }
  /** Files removed: counts as `rm -rf PATHS` (null: a path only known when it runs). */
  | { kind: "removes"; paths: (string | null)[]; label: string }
  /** A literal path the code opens. */
  | { kind: "read"; path: string; label: string };
