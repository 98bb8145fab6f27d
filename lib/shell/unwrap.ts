/**
 * The deny view of a command: every command it may run, with leading keywords, `VAR=value`
 * assignments and wrappers (`sudo`, `env`, `timeout 5`, `xargs`, `find -exec`, ...) taken off,
 * command paths reduced to their name (`/bin/rm` is `rm`), and the scripts of `bash -c`,
 * `sh -c`, `eval`, `su -c`, `env -S`, `watch` and a shell fed by a heredoc or here-string
 * split in turn. What cannot be known before the command runs (`$cmd args`, `bash -c "$x"`,
 * `curl ... | sh`) is reported as hidden: every deny or ask rule for Bash could match it.
 * The walk has a budget (commands looked at, words copied, script text parsed again), so
 * that no command makes it slow; what is left when it runs out is hidden too. Pure.
 *
 * The parts, one module each: `_walk.ts` (the view built, the budget), `_wrapper_options.ts`
 * (a wrapper's options), `_script_views.ts` (`bash -c`, `eval`, `source`, `su`, stdin),
 * `_command_view.ts` (one command, its wrappers taken off one by one).
 *
 * @module
 */

import type { ShellParse } from "./parse.ts";
import { commandView } from "./_command_view.ts";
import { type DenyView, push, token, type Walk } from "./_walk.ts";

export { commandName } from "./_command_view.ts";
export type { Candidate, DenyView, Hidden } from "./_walk.ts";
export { MAX_UNWRAP } from "./_walk.ts";

/**
 * Builds the deny view of a parsed command.
 *
 * @param parse the command, parsed by `parseShell`
 * @returns the candidates and hidden parts
 */
export function denyView(parse: ShellParse): DenyView {
  const walk: Walk = {
    out: { candidates: [], hidden: [] },
    seen: new Set(),
    visited: new Map(),
    steps: 0,
    tokens: 0,
    scriptChars: 0,
    exhausted: false,
    viewOf,
  };
  viewOf(walk, parse, 0, []);
  return walk.out;
}

/** Adds the view of every command of a parse, `depth` scripts deep: `Walk.viewOf`. */
function viewOf(walk: Walk, parse: ShellParse, depth: number, via: string[]): void {
  for (const r of parse.opaque) {
    if (r.kind === "too-deep" || r.kind === "too-many-parts") {
      walk.out.hidden.push({
        text: r.text,
        reason: `the command is too complex to read (${r.text})`,
      });
    }
  }
  for (const cmd of parse.commands) {
    if (walk.exhausted) return;
    push(walk, cmd, cmd.words.map(token), via);
    commandView(walk, cmd, cmd.words, depth, via);
  }
}
