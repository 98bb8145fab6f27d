/**
 * The views of commands that run a script rather than a command: a script given as text
 * (`bash -c`, `eval`, `su -c`, `env -S`, `trap`, `alias`, `mapfile -C`, `PROMPT_COMMAND=`),
 * a shell's options, `source FILE`, and a shell that reads its script from stdin (a heredoc,
 * a here-string, or a pipe, which hides it). A script known as written is parsed and walked
 * again, one level deeper, through `walk.viewOf`.
 *
 * @module
 */

import { parseShell, type SimpleCommand, type Word } from "./parse.ts";
import { literal, MAX_UNWRAP, spend, type Walk } from "./_walk.ts";
import { descriptorPath, SHELL_ARG_OPTIONS } from "./wrappers.ts";
import { assignedCommand } from "./programs/_program_commands.ts";

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
  if (readsStdin || file === undefined) return stdinScript(walk, cmd, depth, via);
  scriptFile(walk, cmd, file, depth, via);
}

/**
 * A script file run by a shell or `source`: its text is not the command's, but the file may be
 * the standard input or another descriptor the command feeds (`/dev/fd//0`, `/dev/./stdin`,
 * `stdin` in `/dev`, a link to `/dev/stdin`), so what the command feeds it is read as the
 * script too: a heredoc or here-string is split, a pipe hides it.
 */
function scriptFile(walk: Walk, cmd: SimpleCommand, file: Word, depth: number, via: string[]) {
  const named = descriptorPath(file.value) ? "" : `, which ${file.raw} may be (a link to it)`;
  stdinScript(walk, cmd, depth, via, named);
}

/** `source FILE` / `. FILE`: a file named at run time hides what it runs; stdin is read. */
export function sourceView(
  walk: Walk,
  cmd: SimpleCommand,
  rest: Word[],
  depth: number,
  via: string[],
): void {
  // `source -- FILE`: `--` ends the options.
  const file = rest[1]?.dynamic || rest[1]?.value !== "--" ? rest[1] : rest[2];
  if (file === undefined) return;
  if (file.dynamic) {
    walk.out.hidden.push({
      text: cmd.text,
      reason: `the script ${via.at(-1)} reads (${file.raw}) is only known when it runs`,
    });
    return;
  }
  scriptFile(walk, cmd, file, depth, via);
}

/**
 * A shell or `su` without a script reads one from its standard input: every heredoc and
 * here-string of the command (on any descriptor) or fed to it from afar (`{ bash; } <<< CMD`,
 * `exec <<< CMD; bash`, see `Walk.distant`) is read as its script; a pipe, or an input only
 * known at run time (`bash < <(curl ...)`), hides it. `file` tells, for the reason, that the
 * script is a file that may be the pipe.
 */
export function stdinScript(
  walk: Walk,
  cmd: SimpleCommand,
  depth: number,
  via: string[],
  file = "",
  read?: (script: Word, via: string[]) => void,
): void {
  const name = via.at(-1);
  const take = (script: Word, label: string) => {
    const viaHere = [...via.slice(0, -1), label];
    if (read === undefined) scriptView(walk, cmd, [script], depth, viaHere);
    else read(script, viaHere);
  };
  for (const source of [cmd, ...walk.distant.filter((c) => c !== cmd)]) {
    for (const doc of source.heredocs) {
      const expands = !doc.quoted && /[$`]/.test(doc.body);
      take({ ...literal(doc.body), dynamic: expands }, `${name} <<`);
    }
    for (const r of source.redirects) {
      if (r.op.endsWith("<<<") && r.target) {
        take(r.target, `${name} <<<`);
      } else if (INPUT.test(r.op) && (r.target === undefined || r.target.dynamic)) {
        walk.out.hidden.push({
          text: cmd.text,
          reason: `${name} reads its script from ${r.target?.raw ?? r.op}, only known when it runs`,
        });
      }
    }
  }
  if (cmd.pipeIn) {
    walk.out.hidden.push({
      text: cmd.text,
      reason: `${name} reads its script from a pipe${file}`,
    });
  }
}

/** Operators that open their target for reading, with their descriptor (`<`, `3<>`, `{fd}<&`). */
export const INPUT = /^(?:[0-9]+|\{[A-Za-z_][A-Za-z0-9_]*\})?(<|<>|<&)$/;

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
    // `-cSCRIPT`, `-lcSCRIPT`; `-lc SCRIPT` when `c` ends the cluster.
    if (/^-[A-Za-z]*c/.test(v)) {
      const script = v.slice(v.indexOf("c") + 1);
      const words = script === "" ? rest.slice(j + 1, j + 2) : [literal(script)];
      return scriptView(walk, cmd, words, depth, via);
    }
  }
  stdinScript(walk, cmd, depth, via);
}

/**
 * A builtin that runs a script it is given: `trap 'CMD' SIG...` (its first operand, unless
 * `-`), `alias n='CMD'` (each value, run where the alias is used), `mapfile -C 'CMD'`,
 * `compgen -C 'CMD'`, `complete -C 'CMD'` (the argument of `option`).
 */
export function builtinScriptView(
  walk: Walk,
  cmd: SimpleCommand,
  rest: Word[],
  option: string,
  depth: number,
  via: string[],
): void {
  const name = via.at(-1);
  let j = 1;
  if (option !== "") {
    for (; j < rest.length; j++) {
      const v = rest[j]!.dynamic ? "" : rest[j]!.value;
      if (v === "--") break;
      const at = /^-[A-Za-z]+$/.test(v) ? v.indexOf(option) : -1;
      if (at === -1) continue;
      const script = v.slice(at + 1);
      scriptView(
        walk,
        cmd,
        script === "" ? rest.slice(j + 1, j + 2) : [literal(script)],
        depth,
        via,
      );
    }
    return;
  }
  if (name === "alias") {
    for (const w of rest.slice(1)) {
      const eq = w.value.indexOf("=");
      if (w.dynamic) scriptView(walk, cmd, [w], depth, via);
      else if (eq > 0) scriptView(walk, cmd, [literal(w.value.slice(eq + 1))], depth, via);
    }
    return;
  }
  // trap [--] ACTION SIGNAL...; `trap -l`, `trap -p SIGNAL` run nothing. An action alone is
  // taken as a script too (bash resets the signal it names): more commands, never fewer.
  if (!rest[1]?.dynamic && /^-[lpP]+$/.test(rest[1]?.value ?? "")) return;
  if (!rest[j]?.dynamic && rest[j]?.value === "--") j++;
  const action = rest[j];
  if (action === undefined || (!action.dynamic && action.value === "-")) return;
  scriptView(walk, cmd, [action], depth, via);
}

/** The most values of one variable kept for the programs that read it. */
const MAX_VALUES = 16;

/**
 * `PROMPT_COMMAND=CMD` (also `+=`, `[i]=`): an interactive shell runs CMD before a prompt;
 * and the variables whose value a program runs (`GIT_SSH_COMMAND=CMD`, `PAGER=CMD`, ...,
 * `_program_commands.ts`).
 */
export function promptCommand(
  walk: Walk,
  cmd: SimpleCommand,
  w: Word,
  depth: number,
  via: string[],
): void {
  const text = w.dynamic ? w.raw : w.value;
  const m = /^PROMPT_COMMAND(\[[^\]]*\])?\+?=/.exec(text);
  if (m !== null) {
    const script = w.dynamic ? w : literal(w.value.slice(m[0].length));
    scriptView(walk, cmd, [script], depth, [...via, "PROMPT_COMMAND"]);
    return;
  }
  // `env 'BASH_FUNC_ls%%=() { ...; }' bash -c ls`: an exported function, by its name in env.
  if (/^["']?BASH_FUNC_[^=]*%%=/.test(text) || /^BASH_FUNC_[^=]*%%=/.test(w.value)) {
    walk.out.hidden.push({
      text: cmd.text,
      reason: "BASH_FUNC_NAME%% gives bash a function to run",
    });
    return;
  }
  const a = /^([A-Z_][A-Z0-9_]*)\+?=/.exec(text);
  if (a === null) return;
  const value: Word = w.dynamic
    ? { ...w, raw: w.raw.slice(a[0].length) }
    : literal(w.value.slice(a[0].length));
  const values = walk.vars.get(a[1]!);
  if (values === undefined) walk.vars.set(a[1]!, [value]);
  else if (values.length < MAX_VALUES) values.push(value);
  for (const x of assignedCommand(a[1]!, value)) {
    if (x.kind === "hidden") walk.out.hidden.push({ text: cmd.text, reason: x.reason });
    else if (x.kind === "script") scriptView(walk, cmd, [x.word], depth, [...via, x.label]);
  }
}
