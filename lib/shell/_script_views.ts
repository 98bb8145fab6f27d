/**
 * The views of commands that run a script rather than a command: a script given as text
 * (`bash -c`, `eval`, `su -c`, `env -S`), a shell's options, `source FILE`, and a shell that
 * reads its script from stdin (a heredoc, a here-string, or a pipe, which hides it). A script
 * known as written is parsed and walked again, one level deeper, through `walk.viewOf`.
 *
 * @module
 */

import { parseShell, type SimpleCommand, type Word } from "./parse.ts";
import { literal, MAX_UNWRAP, spend, type Walk } from "./_walk.ts";
import { SHELL_ARG_OPTIONS, STDIN_PATHS } from "./wrappers.ts";

/**
 * A script given as words (joined by spaces): parsed and walked, or hidden when a word of it
 * is only known at run time or it is nested deeper than {@link MAX_UNWRAP}.
 *
 * @param walk the walk
 * @param cmd the command that runs the script
 * @param words the words of the script
 * @param depth how many scripts deep `cmd` is
 * @param via the wrappers taken off so far, the one that runs the script last
 */
export function scriptView(
  walk: Walk,
  cmd: SimpleCommand,
  words: Word[],
  depth: number,
  via: string[],
): void {
  if (words.length === 0) return;
  const dynamic = words.find((w) => w.dynamic);
  if (dynamic !== undefined) {
    walk.out.hidden.push({
      text: cmd.text,
      reason: `the script of ${via.at(-1)} holds ${dynamic.raw}, only known when it runs`,
    });
    return;
  }
  if (depth + 1 > MAX_UNWRAP) {
    walk.out.hidden.push({ text: cmd.text, reason: `scripts nested deeper than ${MAX_UNWRAP}` });
    return;
  }
  const script = words.map((w) => w.value).join(" ");
  if (!spend(walk, cmd, 0, script.length)) return;
  walk.viewOf(walk, parseShell(script), depth + 1, via);
}

/**
 * A shell (`bash`, `sh`, ...) given in `rest[0]`: its options say whether it runs `-c SCRIPT`,
 * reads stdin, or runs a script file (whose text is not the command's).
 */
export function shellView(
  walk: Walk,
  cmd: SimpleCommand,
  rest: Word[],
  depth: number,
  via: string[],
): void {
  let j = 1;
  let hasScript = false;
  let readsStdin = false;
  while (j < rest.length) {
    const w = rest[j]!;
    if (w.dynamic) {
      // After `-c` it is the script (scriptView hides it); otherwise an option or a file.
      if (hasScript) break;
      walk.out.hidden.push({
        text: cmd.text,
        reason: `${via.at(-1)} is given ${w.raw}, only known when it runs`,
      });
      return;
    }
    const v = w.value;
    if (v === "--" || v === "-") {
      j++;
      break;
    }
    if (SHELL_ARG_OPTIONS.has(v)) j += 2;
    else if (v.startsWith("--")) j++;
    else if (/^[-+][A-Za-z]+$/.test(v)) {
      if (v[0] === "-" && v.includes("c")) hasScript = true;
      if (v[0] === "-" && v.includes("s")) readsStdin = true;
      j += /[oO]/.test(v) ? 2 : 1;
    } else break;
  }
  const operands = rest.slice(j);
  const label = [...via.slice(0, -1), `${via.at(-1)} -c`];
  if (hasScript) return scriptView(walk, cmd, operands.slice(0, 1), depth, label);
  // `bash -s ARG...` reads its script from stdin and passes ARG... as its parameters.
  const file = operands[0];
  if (readsStdin || file === undefined || isStdin(file)) return stdinScript(walk, cmd, depth, via);
  // Otherwise it runs a script file: its text is not the command's.
}

const isStdin = (w: Word): boolean => !w.dynamic && STDIN_PATHS.has(w.value);

/** `source FILE` / `. FILE`: a file named at run time, or stdin, hides what it runs. */
export function sourceView(
  walk: Walk,
  cmd: SimpleCommand,
  rest: Word[],
  depth: number,
  via: string[],
): void {
  const file = rest[1];
  if (file === undefined) return;
  if (isStdin(file)) return stdinScript(walk, cmd, depth, via);
  if (file.dynamic) {
    walk.out.hidden.push({
      text: cmd.text,
      reason: `the script ${via.at(-1)} reads (${file.raw}) is only known when it runs`,
    });
  }
}

/** A shell or `su` without a script reads one from its standard input. */
export function stdinScript(walk: Walk, cmd: SimpleCommand, depth: number, via: string[]): void {
  for (const doc of cmd.heredocs) {
    const expands = !doc.quoted && /[$`]/.test(doc.body);
    const body: Word = { ...literal(doc.body), dynamic: expands };
    scriptView(walk, cmd, [body], depth, [...via.slice(0, -1), `${via.at(-1)} <<`]);
  }
  for (const r of cmd.redirects) {
    if (r.op.endsWith("<<<") && r.target) {
      scriptView(walk, cmd, [r.target], depth, [...via.slice(0, -1), `${via.at(-1)} <<<`]);
    }
  }
  if (cmd.pipeIn) {
    walk.out.hidden.push({
      text: cmd.text,
      reason: `${via.at(-1)} reads its script from a pipe`,
    });
  }
}

/** `su`: its script is given with `-c` (`--command`, `--session-command`), or read from stdin. */
export function suView(
  walk: Walk,
  cmd: SimpleCommand,
  rest: Word[],
  depth: number,
  via: string[],
): void {
  for (let j = 1; j < rest.length; j++) {
    const w = rest[j]!;
    const v = w.dynamic ? "" : w.value;
    for (const long of ["--command=", "--session-command="]) {
      if (v.startsWith(long)) {
        return scriptView(walk, cmd, [literal(v.slice(long.length))], depth, via);
      }
    }
    if (v === "-c" || v === "--command" || v === "--session-command") {
      return scriptView(walk, cmd, rest.slice(j + 1, j + 2), depth, via);
    }
    if (/^-[A-Za-z]*c./.test(v)) {
      return scriptView(walk, cmd, [literal(v.slice(v.indexOf("c") + 1))], depth, via);
    }
  }
  stdinScript(walk, cmd, depth, via);
}
