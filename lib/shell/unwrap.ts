/**
 * The deny view of a command: every command it may run, with leading keywords, `VAR=value`
 * assignments and wrappers (`sudo`, `env`, `timeout 5`, `xargs`, `find -exec`, ...) taken off,
 * command paths reduced to their name (`/bin/rm` is `rm`), and the scripts of `bash -c`,
 * `sh -c`, `eval`, `su -c`, `env -S`, `watch` and a shell fed by a heredoc or here-string
 * split in turn. What cannot be known before the command runs (`$cmd args`, `bash -c "$x"`,
 * `curl ... | sh`) is reported as hidden: every deny or ask rule for Bash could match it.
 * Values the command evaluates as code (`$((x))`, `${!x}`, `${x@P}`) are hidden when the
 * command may set them to code (`_evaluations.ts`). The view also lists the output
 * redirections of every command it read, nested scripts included (`writes`), for the rules
 * that protect files. The walk has a budget (commands looked at, words copied, script text
 * parsed again), so that no command makes it slow; what is left when it runs out is hidden
 * too. Pure.
 *
 * The parts, one module each: `_walk.ts` (the view built, the budget), `_wrapper_options.ts`
 * (a wrapper's options), `_script_views.ts` (`bash -c`, `eval`, `source`, `su`, stdin),
 * `_command_view.ts` (one command, its wrappers taken off one by one), `_evaluations.ts`
 * (values evaluated as code).
 *
 * @module
 */

import type { ShellParse, SimpleCommand } from "./parse.ts";
import { commandView } from "./_command_view.ts";
import { hiddenEvaluations } from "./_evaluations.ts";
import { INPUT } from "./_script_views.ts";
import {
  type Binding,
  type DenyView,
  type ProgramKnowledge,
  push,
  token,
  type Walk,
} from "./_walk.ts";
import { hashTableBindings } from "./_bindings.ts";
import { CLOSERS } from "./reserved.ts";

export { commandName } from "./_command_view.ts";
export { INPUT } from "./_script_views.ts";
export type { Candidate, DenyView, Hidden, ProgramKnowledge } from "./_walk.ts";
export { MAX_UNWRAP } from "./_walk.ts";

/**
 * Builds the deny view of a parsed command.
 *
 * @param parse the command, parsed by `parseShell`
 * @param known what the machine says about programs (git's configured aliases)
 * @returns the candidates and hidden parts
 */
export function denyView(parse: ShellParse, known: ProgramKnowledge = {}): DenyView {
  let bindings = new Map<string, Binding[]>();
  // HOME named other than as `$HOME`/`${HOME}` (`HOME=x`, `read HOME`, `${HOME:=x}`): it may be set.
  const homeFixed = !parse.commands.some((c) =>
    c.words.some((w) => /(^|[^$\w{])HOME\b|HOME:?[-=+?]/.test(w.raw))
  );
  for (let round = 1;; round++) {
    const walk: Walk = {
      out: { candidates: [], hidden: [], commands: [], writes: [], reads: [] },
      seen: new Set(),
      visited: new Map(),
      steps: 0,
      tokens: 0,
      scriptChars: 0,
      exhausted: false,
      written: new Set(),
      evaluations: [],
      assignments: [],
      distant: [],
      bindings,
      expanding: new Set(),
      newBindings: 0,
      historyRead: false,
      vars: new Map(),
      viewOf,
      known,
      homeFixed,
    };
    viewOf(walk, parse, 0, []);
    hashTableBindings(walk);
    for (const h of hiddenEvaluations(walk.evaluations, walk.assignments)) walk.out.hidden.push(h);
    // A binding found after a use of its name: the walk is made again, knowing it.
    if (walk.newBindings === 0) return walk.out;
    if (round === MAX_ROUNDS) {
      walk.out.hidden.push({
        text: parse.commands[0]?.text ?? "",
        reason: "names bound to programs by names bound to programs, too deep to read",
      });
      return walk.out;
    }
    bindings = walk.bindings;
  }
}

/** Walks of one command with the bindings found so far, at most. */
const MAX_ROUNDS = 4;

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
  for (const e of parse.evaluations) walk.evaluations.push(e);
  for (const a of parse.assignments) walk.assignments.push(a);
  // Every command and write of the parse is listed, also when the budget runs out below.
  for (const cmd of parse.commands) {
    walk.out.commands.push({ command: cmd, via });
    writes(walk, cmd, via);
  }
  const outer = walk.distant;
  walk.distant = parse.commands.filter(feedsFromAfar);
  for (const cmd of parse.commands) {
    if (walk.exhausted) break;
    push(walk, cmd, cmd.words.map(token), via);
    commandView(walk, cmd, cmd.words, depth, via);
  }
  walk.distant = outer;
}

/**
 * A command that feeds the standard input of others: a heredoc, a here-string or an input
 * from a file named at run time, on a compound command (on the word that closes it, whose
 * redirections feed every command in it) or on `exec` (see `Walk.distant`).
 */
function feedsFromAfar(cmd: SimpleCommand): boolean {
  const feeds = cmd.heredocs.length > 0 ||
    cmd.redirects.some((r) => r.op.endsWith("<<<") || (INPUT.test(r.op) && r.target?.dynamic));
  if (!feeds) return false;
  const head = cmd.words[0];
  if (head === undefined) return true; // `(bash) <<< CMD`: the redirection follows the `)`
  const name = head.dynamic ? "" : head.value;
  return CLOSERS.has(name) || (name === "exec" && cmd.words.length === 1);
}

/** Operators that open their target for writing; `>&` only when the target is a file. */
const WRITE = /^(?:[0-9]+|\{[A-Za-z_][A-Za-z0-9_]*\})?(>|>>|>\||&>|&>>|<>|>&)$/;

/** Adds the output redirections of a command to `writes`, each once. */
function writes(walk: Walk, cmd: SimpleCommand, via: string[]): void {
  for (const r of cmd.redirects) {
    const op = WRITE.exec(r.op)?.[1];
    const target = r.target;
    if (op === undefined || target === undefined) continue;
    if (op === ">&" && !target.dynamic && /^([0-9]+|-)$/.test(target.value)) continue;
    const key = [r.op, target.raw, target.value, ...via].join("\u0000");
    if (walk.written.has(key)) continue;
    walk.written.add(key);
    walk.out.writes.push({ target, op: r.op, via });
  }
}
