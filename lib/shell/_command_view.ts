/**
 * The view of one simple command: leading keywords and `VAR=value` assignments taken off,
 * then wrapper after wrapper (`sudo`, `env`, `timeout 5`, ...) read by its options, until the
 * command they run; shells, `eval`, `source` and `su` go to the script views. The operands of
 * `find -exec`, of the commands no table describes (`parallel`, `strace`) and of a wrapper
 * given an option its table does not know are tried as commands.
 *
 * @module
 */

import { joinLines, type SimpleCommand, type Word } from "./parse.ts";
import {
  builtinScriptView,
  promptCommand,
  scriptView,
  shellView,
  sourceView,
  stdinScript,
  suView,
} from "./_script_views.ts";
import { literal, MAX_SCAN, MAX_WRAPPERS, push, spend, token, type Walk } from "./_walk.ts";
import { aliasBindings, boundUses, hashBindings } from "./_bindings.ts";
import { historyUse, setsHistoryExpansion } from "./_history.ts";
import { INPUT_WORDS, parallelWords, xargsCommand } from "./_input_words.ts";
import type { Inner } from "./_inner.ts";
import { programCommands, variableCommands } from "./programs/_program_commands.ts";
import { codeRuns } from "./programs/_inline_code.ts";
import { type InterpreterRun, interpreterRun } from "./interpreters.ts";
import { readOptions, wrapperSpec } from "./_wrapper_options.ts";
import { RUNNERS, SCANNED, SCRIPT_BUILTINS, STDIN_RUNNERS } from "./runners.ts";
import { KEYWORDS, OPENERS } from "./reserved.ts";
import { EVALUATORS, shellName, SOURCES, SU } from "./wrappers.ts";
import { readArgv } from "../programs/argv.ts";
import { programSpec } from "../programs/lookup.ts";

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;
/** Words that open the compound command of `coproc NAME ...`. */
const COPROC_BODY: ReadonlySet<string> = new Set([...OPENERS, "for", "select", "case", "[["]);

/** `coproc NAME` with a compound command after NAME: NAME names the coprocess. */
const coprocName = (words: Word[], i: number): boolean => {
  const name = words[i];
  const next = words[i + 1];
  return name !== undefined && next !== undefined && !name.dynamic && !next.dynamic &&
    /^[A-Za-z_][A-Za-z0-9_]*$/.test(joinLines(name.raw)) &&
    (COPROC_BODY.has(joinLines(next.raw)) || next.raw.startsWith("(("));
};

/** The declaration builtins, whose operands may assign `PROMPT_COMMAND`. */
const DECLARES = new Set(["declare", "typeset", "local", "export", "readonly"]);

/**
 * The command's name: the static part after its last `/`, or undefined when it expands, in
 * the name or by an unquoted expansion before it, which bash splits into words (`$X/ls` runs
 * `rm` when `X='rm -rf y '`; `"$X"/ls` runs a file named `ls`).
 *
 * @param w the command word
 * @returns its name (`rm` for `/bin/rm`), or undefined
 */
export function commandName(w: Word, homeFixed = false): string | undefined {
  const slash = w.value.lastIndexOf("/");
  // `$HOME/bin/x` when nothing in the command sets HOME: the user's home, a path without
  // spaces, as `~/bin/x` is (issue 22: values known before the command runs are followed).
  const home = homeFixed ? /^\$(?:HOME|\{HOME\})(?=\/)/.exec(w.value) : null;
  if (home !== null && w.staticFrom === home[0].length && (w.splitTo ?? 0) <= home[0].length) {
    const name = w.value.slice(slash + 1);
    return name === "" ? undefined : name;
  }
  if (w.splitTo !== undefined || (w.dynamic && slash < w.staticFrom)) return undefined;
  const name = w.value.slice(slash + 1);
  return name === "" ? undefined : name;
}

/**
 * bash's regular builtins that run nothing and read no variable an assignment before them could
 * set (not a special builtin such as `:`, after which a POSIX shell keeps the assignment).
 */
const LEAF_BUILTINS: ReadonlySet<string> = new Set([
  "echo",
  "printf",
  "test",
  "[",
  "true",
  "false",
  "pwd",
]);

/**
 * True when the words after the assignment at `i` (and any assignments after it) end in one of
 * {@link LEAF_BUILTINS}, written out: the assignments are that builtin's environment alone.
 */
function leafBuiltinAfter(words: readonly Word[], i: number): boolean {
  let k = i + 1;
  while (k < words.length && ASSIGNMENT.test(joinLines(words[k]!.raw))) k++;
  const head = words[k];
  return head !== undefined && !head.dynamic && LEAF_BUILTINS.has(head.value);
}

/** Leading keywords after which the rest is also held as written, at most. */
const MAX_KEYWORD_TAILS = 32;

/**
 * Adds the commands that `all` (the words of `cmd`, or a slice of them) may run.
 *
 * @param walk the walk
 * @param cmd the simple command the words belong to
 * @param all the words
 * @param depth how many scripts deep `cmd` is
 * @param via the wrappers taken off so far
 */
export function commandView(
  walk: Walk,
  cmd: SimpleCommand,
  all: Word[],
  depth: number,
  via: string[],
): void {
  let words = all;
  let viaHere = via;
  // The words after `env`'s options: its operands `NAME=VALUE` are read after the shell removed
  // their quotes (`env S''HELL=rm flock f -c x` sets SHELL; GNU env --help: "Set each NAME to
  // VALUE in the environment and run COMMAND").
  let envOperands = false;
  for (let guard = 0; guard < MAX_WRAPPERS; guard++) {
    if (!firstVisit(walk, words) || !spend(walk, cmd, 0)) return;
    let i = 0;
    while (i < words.length) {
      const w = words[i]!;
      const plain = joinLines(w.raw);
      const keyword = !w.dynamic && plain === w.value && KEYWORDS.has(w.value);
      // After an assignment a keyword is a command (`A=1 if x` runs `if`): both are held.
      // The words from each of the first keywords on, as written (`{ { { ...` of 50,000 keywords
      // pushed 50,000 tails of 50,000 words each: seconds, the red team's).
      if ((keyword || plain === "function") && i > 0 && i <= MAX_KEYWORD_TAILS) {
        push(walk, cmd, words.slice(i).map(token), viaHere);
      }
      if (
        ASSIGNMENT.test(plain) || /^BASH_FUNC_[^=]*%%=/.test(w.value) ||
        (envOperands && !w.dynamic && /^[^=]+=/.test(w.value))
      ) {
        // An assignment before a builtin that runs nothing (`GIT_DIR=/x echo $GIT_DIR`) is
        // given to it alone, and it reads none (issue 23).
        if (!leafBuiltinAfter(words, i)) promptCommand(walk, cmd, w, depth, viaHere);
        i++;
      } else if (keyword && w.value === "coproc" && coprocName(words, i + 1)) i += 2;
      else if (keyword) i++;
      else if (!w.dynamic && plain === "function") i += 2;
      else break;
    }
    envOperands = false;
    if (i >= words.length) return;
    const rest = words.slice(i);
    const head = rest[0]!;
    // `((CMD))` is arithmetic to bash, but two subshells to a POSIX sh such as dash (which runs
    // `sh -c` and git's aliases on Debian): it is read both ways.
    if (head.raw.startsWith("((") && head.raw.endsWith("))") && rest.length === 1) {
      return scriptView(walk, cmd, [literal(head.raw.slice(1, -1))], depth, [
        ...viaHere,
        "sh (( ))",
      ]);
    }
    // A word that names a directory (`tests/`: `uv run pytest tests/` tries each word as the
    // command) runs nothing: bash says it is a directory.
    if (!head.dynamic && head.value.endsWith("/")) return;
    const name = commandName(head, walk.homeFixed);
    if (name === undefined) {
      walk.out.hidden.push({
        text: cmd.text,
        reason: `the command ${head.raw} is only known when it runs`,
      });
      return;
    }
    const args = rest.slice(1).map(token);
    if (!head.dynamic) push(walk, cmd, [head.value, ...args], viaHere);
    push(walk, cmd, [name, ...args], viaHere);
    boundView(walk, cmd, rest, name, depth, viaHere);

    const inner = programCommands(name, rest, walk.known, cmd);
    if (inner.length > 0) innerView(walk, cmd, inner, depth, viaHere);
    // The variables the command set that this program runs (`SHELL=CMD flock F -c X`).
    const byVariables = variableCommands(name, walk.vars);
    if (byVariables.length > 0) innerView(walk, cmd, byVariables, depth, viaHere);
    const interpreter = interpreterRun(name, rest);
    if (interpreter !== undefined && interpreter.kind !== "file") {
      return interpreterView(walk, cmd, interpreter, depth, viaHere);
    }
    const shell = shellName(name);
    if (shell !== undefined) return shellView(walk, cmd, rest, depth, [...viaHere, shell]);
    if (EVALUATORS.has(name)) {
      // `eval -- CMD`: `--` ends eval's options, the rest is the script.
      const script = plain(rest[1]) === "--" ? rest.slice(2) : rest.slice(1);
      return scriptView(walk, cmd, script, depth, [...viaHere, name]);
    }
    if (name === "hash") return hashBindings(walk, cmd, rest);
    if (name === "alias") aliasBindings(walk, rest);
    if (name === "history" || name === "fc") {
      const use = historyUse(walk, rest, name);
      if (use.kind === "hidden") walk.out.hidden.push({ text: cmd.text, reason: use.reason });
      if (use.kind === "script") {
        scriptView(walk, cmd, use.words, depth, [...viaHere, "history -s"]);
      }
      return;
    }
    if (name === "set") {
      const reason = setsHistoryExpansion(cmd, rest);
      if (reason !== undefined) walk.out.hidden.push({ text: cmd.text, reason });
      return;
    }
    if (SOURCES.has(name)) return sourceView(walk, cmd, rest, depth, [...viaHere, name]);
    if (name === "find") return findView(walk, cmd, rest, depth, [...viaHere, "find -exec"]);
    if (name === SU) return suView(walk, cmd, rest, depth, [...viaHere, "su"]);
    if (name === "parallel") {
      const { words, code } = parallelWords(rest.slice(1));
      if (code) {
        walk.out.hidden.push({
          text: cmd.text,
          reason: "parallel runs the perl code of {= ... =}",
        });
      }
      return scan(walk, cmd, words, depth, [...viaHere, name], INPUT_WORDS);
    }
    if (SCANNED.has(name)) return scan(walk, cmd, rest.slice(1), depth, [...viaHere, name]);
    if (Object.hasOwn(SCRIPT_BUILTINS, name)) {
      return builtinScriptView(walk, cmd, rest, SCRIPT_BUILTINS[name]!, depth, [...viaHere, name]);
    }
    if (DECLARES.has(name)) {
      for (const w of rest.slice(1)) promptCommand(walk, cmd, w, depth, viaHere);
      return;
    }
    if (STDIN_RUNNERS.has(name)) return stdinScript(walk, cmd, depth, [...viaHere, name]);
    if (Object.hasOwn(RUNNERS, name)) {
      const subcommands = RUNNERS[name]!;
      const at = rest.findIndex((w, k) => k > 0 && !w.dynamic && subcommands.includes(w.value));
      if (at === -1) return;
      return scan(walk, cmd, rest.slice(at + 1), depth, [...viaHere, `${name} ${rest[at]!.value}`]);
    }
    // A wrapper, as its spec reads its words (`lib/programs/`: `timeout 5 CMD`, `env A=1 CMD`).
    const spec = wrapperSpec(name);
    if (spec === undefined) return;
    const r = readOptions(rest, spec);
    const next = [...viaHere, name];
    // `xargs CMD` runs CMD with the words it reads (`_input_words.ts`).
    const xargs = name === "xargs";
    switch (r.kind) {
      case "none":
        return;
      case "shell":
        return stdinScript(walk, cmd, depth, next);
      case "scan":
        return scan(walk, cmd, rest.slice(r.index), depth, next, xargs ? INPUT_WORDS : undefined);
      case "script":
        return scriptView(walk, cmd, [r.script, ...rest.slice(r.index)], depth, next);
      case "joined":
        return scriptView(walk, cmd, rest.slice(r.index), depth, next);
      case "command":
        words = xargs ? xargsCommand(rest, r.index) : rest.slice(r.index);
        viaHere = next;
        envOperands = name === "env";
        break;
      default: {
        const never: never = r;
        throw new Error(`unknown option reading ${JSON.stringify(never)}`);
      }
    }
  }
  walk.out.hidden.push({
    text: cmd.text,
    reason: `more than ${MAX_WRAPPERS} wrappers around one command`,
  });
}

/** True the first time a word list (a suffix or slice of a command's words) is looked at. */
function firstVisit(walk: Walk, words: Word[]): boolean {
  const first = words[0];
  if (first === undefined) return true;
  let lengths = walk.visited.get(first);
  if (lengths === undefined) walk.visited.set(first, lengths = new Set());
  if (lengths.has(words.length)) return false;
  lengths.add(words.length);
  return true;
}

/** `find ... -exec CMD ... ;` (also `-execdir`, `-ok`, `-okdir`, and `+`): each CMD. */
function findView(
  walk: Walk,
  cmd: SimpleCommand,
  rest: Word[],
  depth: number,
  via: string[],
): void {
  // find's actions that run a command, as its spec reads them (`-exec`, `-execdir`, `-ok`,
  // `-okdir`: every word up to `;` or `+`).
  const r = readArgv(programSpec("find")!, rest.slice(1).map((w) => w.dynamic ? null : w.value));
  for (const o of r.options) {
    if (o.option.arity.kind !== "until" || !o.option.uses.some((u) => u.kind === "runs")) continue;
    const sub = o.at.slice(1).filter((at) => at >= 0).map((at) => rest[at + 1]!);
    if (sub.length > 0) {
      push(walk, cmd, sub.map(token), via);
      commandView(walk, cmd, sub, depth, via);
    }
  }
}

/**
 * Every word that is no option, up to {@link MAX_SCAN}, tried as the command (`parallel`),
 * each with the words after it and `tail` (the words read from the input, for `parallel`).
 */
function scan(
  walk: Walk,
  cmd: SimpleCommand,
  words: Word[],
  depth: number,
  via: string[],
  tail?: Word,
): void {
  let tried = 0;
  for (let j = 0; j < words.length && !walk.exhausted; j++) {
    const w = words[j]!;
    if (!w.dynamic && w.value.startsWith("-")) continue;
    if (++tried > MAX_SCAN) {
      walk.out.hidden.push({
        text: cmd.text,
        reason: `${via.at(-1)} has too many operands to try`,
      });
      return;
    }
    const sub = tail === undefined ? words.slice(j) : [...words.slice(j), tail];
    push(walk, cmd, sub.map(token), via);
    commandView(walk, cmd, sub, depth, via);
    // `script -c 'rm -rf x'`, `parallel ::: 'a | b'`: a word that reads as a script is one.
    if (!w.dynamic && SCRIPT_LIKE.test(w.value)) scriptView(walk, cmd, [w], depth, via);
  }
}

/**
 * What a program runs or touches by itself (`_inner.ts`): scripts and commands walked one
 * level deeper, removals as `rm -rf PATHS`, literal paths it opens, hidden parts.
 */
function innerView(walk: Walk, cmd: SimpleCommand, inner: Inner[], depth: number, via: string[]) {
  for (const x of inner) {
    if (walk.exhausted) return;
    switch (x.kind) {
      case "script":
        scriptView(walk, cmd, [x.word], depth, [...via, x.label]);
        break;
      case "argv":
        push(walk, cmd, x.words.map(token), [...via, x.label]);
        commandView(walk, cmd, x.words, depth, [...via, x.label]);
        break;
      case "hidden":
        walk.out.hidden.push({ text: cmd.text, reason: x.reason });
        break;
      case "removes":
        push(walk, cmd, ["rm", "-rf", ...x.paths], [...via, x.label]);
        break;
      case "read":
        if (x.path !== "" && x.path.length < 4096) {
          walk.out.reads.push({ path: x.path, via: [...via, x.label] });
        }
        break;
      default: {
        const never: never = x;
        throw new Error(`unknown inner command ${JSON.stringify(never)}`);
      }
    }
  }
}

/** An interpreter: its inline code read (`_inline_code.ts`), or its program read from stdin. */
function interpreterView(
  walk: Walk,
  cmd: SimpleCommand,
  run: InterpreterRun,
  depth: number,
  via: string[],
): void {
  if (run.kind === "file") return;
  const lang = run.lang;
  const read = (code: Word, label: string, viaCode: string[]) => {
    if (code.dynamic) {
      walk.out.hidden.push({
        text: cmd.text,
        reason: `the code of ${label} holds ${code.raw}, only known when it runs`,
      });
    } else if (spend(walk, cmd, 0, code.value.length)) {
      innerView(walk, cmd, codeRuns(code.value, lang, label), depth, viaCode);
    }
  };
  if (run.kind === "code") {
    const dynamic = run.code.find((w) => w.dynamic);
    read(dynamic ?? literal(run.code.map((w) => w.value).join("\n")), run.label, via);
    return;
  }
  stdinScript(
    walk,
    cmd,
    depth,
    [...via, run.label],
    "",
    (word, viaCode) => read(word, `${run.label} <<`, viaCode),
  );
}

/** A static word's value; undefined for a missing or dynamic word. */
const plain = (w: Word | undefined): string | undefined =>
  w === undefined || w.dynamic ? undefined : w.value;

/** A command whose name is bound (`_bindings.ts`): read through each binding as well. */
function boundView(
  walk: Walk,
  cmd: SimpleCommand,
  rest: Word[],
  name: string,
  depth: number,
  via: string[],
): void {
  const uses = boundUses(walk, rest, name, depth);
  if (uses.length === 0) return;
  const key = `${name}\u0000${depth}`;
  walk.expanding.add(key);
  for (const use of uses) {
    if (use.kind === "words") commandView(walk, cmd, use.words, depth, [...via, use.via]);
    else scriptView(walk, cmd, [literal(use.text)], depth, [...via, use.via]);
  }
  walk.expanding.delete(key);
}

const SCRIPT_LIKE = /[\s;&|()<>`$]/;
