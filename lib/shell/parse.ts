/**
 * The shell splitter: command text -> simple commands (each with its words and redirections)
 * and the reasons the text is opaque. Pure, single pass, linear in the input.
 *
 * Written by hand, because its job is a security rule no parser library states: it must see
 * every command bash would run (inside `$(...)`, backticks, `<(...)`, heredoc bodies that
 * expand) and mark as opaque everything whose effect it cannot know before it runs.
 *
 * What it knows: words with `'...'`, `"..."`, `$'...'`, `$"..."` and backslash escapes; line
 * continuations; comments; the separators `&&` `||` `;` `;;` `|` `|&` `&`, newlines and
 * parentheses; `$(...)`, `$((...))`, backticks, `<(...)`, `>(...)`, `${...}`; redirections
 * (`<`, `>`, `>>`, `>|`, `<>`, `&>`, `&>>`, `<&`, `>&`, `N>`, `{fd}>`), heredocs (`<<`, `<<-`,
 * quoted or not) and here-strings (`<<<`); arithmetic (`((...))`, `$((...))`, `$[...]`), array
 * subscripts where a command word may stand (`a[ x ]=1`) and compound assignments (`a=(...)`),
 * in which blanks, `;`, `#` and `<<` are no operators, as in bash; `${ cmd; }` (bash 5.3).
 * NUL bytes are dropped, as bash drops them from a script.
 *
 * Text bash evaluates a second time is read a second time: what single quotes (or `$'...'`)
 * hold in an arithmetic text, a subscript or a `${...}` (bash expands those as if double-quoted:
 * `${a['$(rm x)']}` runs `rm x`), and the variable names and arithmetic that builtins evaluate
 * (`printf -v`, `read`, `declare`, `unset`, `test -v`, `let`, `[[ ... -eq ... ]]`): the
 * substitutions found there are parts like any other. What bash evaluates from a value only
 * known at run time (`$((x))`, `${!x}`, `${x@P}`) and what the command assigns are recorded
 * (`evaluations`, `assignments`) for the deny view to hold together.
 *
 * The readers, one module each (lowest first; each imports only those before it):
 * `_parser_state.ts` (the shared state and limits), `_arith.ts` (arithmetic and subscripts),
 * `_substitution.ts` (`$(...)`, backticks), `_expansion.ts` (`"..."`, `$...`), `_word.ts`
 * (one word), `_array.ts` (`a=(...)`), `_heredoc.ts`, `_builtins.ts` (assignments, builtins
 * that evaluate their arguments), `_command.ts` (the command being read), `_redirect.ts`,
 * `_list.ts` (commands and separators).
 *
 * @module
 */

import type { OpaqueReason, ShellParse } from "./_parse_types.ts";
import { readQuoted } from "./_expansion.ts";
import { parseList } from "./_list.ts";
import type { Parser, Readers } from "./_parser_state.ts";

export type {
  Heredoc,
  OpaqueKind,
  OpaqueReason,
  Redirect,
  ShellParse,
  SimpleCommand,
  Word,
} from "./_parse_types.ts";
export { MAX_DEPTH, MAX_PARTS } from "./_parser_state.ts";
export { joinLines } from "./_word.ts";

/** The readers the lower modules call back into (see `Readers` in `_parser_state.ts`). */
const READERS: Readers = { list: parseList, quoted: readQuoted };

/**
 * Parses a command text into its simple commands.
 *
 * The passes, in order, and why:
 * 1. NUL bytes are dropped (and the command marked opaque) before anything is read, because
 *    bash drops them from a script before it reads the words: `r\0m` runs `rm`.
 * 2. One left-to-right pass reads the text (`parseList` of `_list.ts`). What nests is parsed where it
 *    is met, in the same pass and into the same lists: a substitution's or backtick's body
 *    as commands one level deeper, a heredoc's body at the newline that ends its `<<` line
 *    (where bash reads it). Nothing is scanned again later, so the pass is linear; the one
 *    exception, a `((` that turns out to be subshells and is read again, is held to a
 *    character budget.
 * 3. The commands are sorted by where they start: a nested command is recorded when it ends,
 *    before the command around it.
 *
 * @param command the command text
 * @returns every simple command, in the order they start, and the opaque reasons
 */
export function parseShell(command: string): ShellParse {
  const opaque: OpaqueReason[] = [];
  let src = command;
  if (src.includes("\0")) {
    opaque.push({ kind: "nul", text: "NUL byte" });
    src = src.replaceAll("\0", "");
  }
  const p: Parser = {
    src,
    pos: 0,
    base: 0,
    commands: [],
    opaque,
    evaluations: [],
    assignments: [],
    pendingHeredocs: [],
    stopped: false,
    nest: 0,
    arithBudget: src.length + 100_000,
    readers: READERS,
  };
  parseList(p, 0, false);
  p.commands.sort((a, b) => a.start - b.start);
  return {
    commands: p.commands,
    opaque: p.opaque,
    evaluations: p.evaluations,
    assignments: p.assignments,
  };
}
