/**
 * Bash's reserved words, as the splitter and the deny view read them: the words that may lead
 * a part (taken off before a deny rule is matched), and those that open and close a compound
 * command. The grammar's own table, apart from the table of wrappers (`wrappers.ts`). Pure.
 *
 * @module
 */

/** Words that may lead a part and are taken off before matching a deny rule. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  "!",
  "{",
  "}",
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "while",
  "until",
  "esac",
  "coproc",
]);

/** Reserved words that open a compound command (`for`, `select` and `case` are read apart). */
export const OPENERS: ReadonlySet<string> = new Set(["{", "if", "while", "until"]);

/** Reserved words that close a compound command. */
export const CLOSERS: ReadonlySet<string> = new Set(["}", "fi", "done", "esac"]);
