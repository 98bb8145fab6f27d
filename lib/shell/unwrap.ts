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
 * @module
 */

import { joinLines, parseShell, type ShellParse, type SimpleCommand, type Word } from "./parse.ts";
import {
  EVALUATORS,
  FIND_EXEC,
  KEYWORDS,
  SCANNED,
  SHELL_ARG_OPTIONS,
  SHELLS,
  SOURCES,
  STDIN_PATHS,
  SU,
  WRAPPERS,
  type WrapperSpec,
} from "./wrappers.ts";

/** A command a deny or ask rule is held against; `null` stands for a word known only at run time. */
export interface Candidate {
  tokens: (string | null)[];
  /** The wrappers and shells taken off to reach it, outermost first (`sudo`, `bash -c`). */
  via: string[];
}

/** A part whose command cannot be known before it runs. */
export interface Hidden {
  text: string;
  reason: string;
}

/** Everything a deny or ask rule is held against. */
export interface DenyView {
  candidates: Candidate[];
  hidden: Hidden[];
}

/** Scripts inside scripts (`bash -c "sh -c '...'"`) deeper than this are hidden. */
export const MAX_UNWRAP = 16;
/** `parallel a b c ...`: at most this many words are tried as the command. */
const MAX_SCAN = 64;
/** Wrappers around one command (`sudo nice env ... CMD`) beyond this many are hidden. */
const MAX_WRAPPERS = 256;
/**
 * The work one deny view may do: commands looked at, and words copied into candidates.
 * Beyond either the rest of the command is hidden (`parallel parallel ...` would otherwise
 * try every suffix of every suffix).
 */
const MAX_STEPS = 20_000;
const MAX_TOKENS = 2_000_000;
/** Script text parsed again (`eval`, `bash -c`), in characters, counted in the same budget. */
const MAX_SCRIPT_CHARS = 4_000_000;

interface Walk {
  out: DenyView;
  seen: Set<string>;
  /** The word lists already looked at, by their first word and length. */
  visited: Map<Word, Set<number>>;
  steps: number;
  tokens: number;
  scriptChars: number;
  /** A budget ran out: the walk stops, the rest is hidden. */
  exhausted: boolean;
}

/**
 * Builds the deny view of a parsed command.
 *
 * @param parse the command, parsed by {@link parseShell}
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
  };
  viewOf(walk, parse, 0, []);
  return walk.out;
}

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

/**
 * Spends one step, `tokens` words and `chars` characters of script of the budget; false (and
 * the rest hidden) when it is out.
 */
function spend(walk: Walk, cmd: SimpleCommand, tokens: number, chars = 0): boolean {
  if (walk.exhausted) return false;
  walk.steps++;
  walk.tokens += tokens;
  walk.scriptChars += chars;
  if (
    walk.steps <= MAX_STEPS && walk.tokens <= MAX_TOKENS && walk.scriptChars <= MAX_SCRIPT_CHARS
  ) return true;
  walk.exhausted = true;
  walk.out.hidden.push({
    text: cmd.text,
    reason: "the command is too complex to read (too many wrappers or operands to try)",
  });
  return false;
}

const token = (w: Word): string | null => w.dynamic ? null : w.value;

function push(
  walk: Walk,
  cmd: SimpleCommand,
  tokens: (string | null)[],
  via: string[],
): void {
  if (tokens.length === 0 || !spend(walk, cmd, tokens.length)) return;
  const key = tokens.map((t) => t === null ? "\u0001" : t).join("\u0000");
  if (walk.seen.has(key)) return;
  walk.seen.add(key);
  walk.out.candidates.push({ tokens, via });
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

/** The command's name: the static part after its last `/`, or undefined when it expands. */
export function commandName(w: Word): string | undefined {
  const slash = w.value.lastIndexOf("/");
  if (w.dynamic && slash < w.staticFrom) return undefined;
  const name = w.value.slice(slash + 1);
  return name === "" ? undefined : name;
}

function commandView(
  walk: Walk,
  cmd: SimpleCommand,
  all: Word[],
  depth: number,
  via: string[],
): void {
  let words = all;
  let viaHere = via;
  for (let guard = 0; guard < MAX_WRAPPERS; guard++) {
    if (!firstVisit(walk, words) || !spend(walk, cmd, 0)) return;
    let i = 0;
    while (i < words.length) {
      const w = words[i]!;
      const plain = joinLines(w.raw);
      const keyword = !w.dynamic && plain === w.value && KEYWORDS.has(w.value);
      // After an assignment a keyword is a command (`A=1 if x` runs `if`): both are held.
      if ((keyword || plain === "function") && i > 0) {
        push(walk, cmd, words.slice(i).map(token), viaHere);
      }
      if (ASSIGNMENT.test(plain)) i++;
      else if (keyword) i++;
      else if (!w.dynamic && plain === "function") i += 2;
      else break;
    }
    if (i >= words.length) return;
    const rest = words.slice(i);
    const head = rest[0]!;
    const name = commandName(head);
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

    if (SHELLS.has(name)) return shellView(walk, cmd, rest, depth, [...viaHere, name]);
    if (EVALUATORS.has(name)) {
      return scriptView(walk, cmd, rest.slice(1), depth, [...viaHere, name]);
    }
    if (SOURCES.has(name)) return sourceView(walk, cmd, rest, depth, [...viaHere, name]);
    if (name === "find") return findView(walk, cmd, rest, depth, [...viaHere, "find -exec"]);
    if (name === SU) return suView(walk, cmd, rest, depth, [...viaHere, "su"]);
    if (SCANNED.has(name)) return scan(walk, cmd, rest.slice(1), depth, [...viaHere, name]);
    // `Object.hasOwn`: `constructor` and `__proto__` are command names, not table entries.
    const spec = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
    if (spec === undefined) return;
    const r = readOptions(rest, spec);
    const next = [...viaHere, name];
    switch (r.kind) {
      case "none":
        return;
      case "shell":
        return stdinScript(walk, cmd, depth, next);
      case "scan":
        return scan(walk, cmd, rest.slice(r.index), depth, next);
      case "script":
        return scriptView(walk, cmd, [r.script, ...rest.slice(r.index)], depth, next);
      case "command":
        if (spec.joinsScript) return scriptView(walk, cmd, rest.slice(r.index), depth, next);
        words = rest.slice(r.index);
        viaHere = next;
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

type OptionsRead =
  | { kind: "none" }
  | { kind: "shell" }
  | { kind: "scan"; index: number }
  | { kind: "script"; script: Word; index: number }
  | { kind: "command"; index: number };

const literal = (value: string): Word => ({ raw: value, value, dynamic: false, staticFrom: 0 });

function readOptions(rest: Word[], spec: WrapperSpec): OptionsRead {
  let j = 1;
  let operands = spec.operands;
  let options = true;
  // `sudo -s` / `sudo -i` without a command: a shell that reads its script from stdin.
  let shell = false;
  while (j < rest.length) {
    const w = rest[j]!;
    if (w.dynamic) return { kind: "scan", index: j };
    const v = w.value;
    if (options && v === "--") {
      options = false;
      j++;
    } else if (options && v.startsWith("--") && v.length > 2) {
      const eq = v.indexOf("=");
      const name = eq === -1 ? v.slice(2) : v.slice(2, eq);
      if (spec.longScriptArgs?.includes(name)) {
        if (eq !== -1) return { kind: "script", script: literal(v.slice(eq + 1)), index: j + 1 };
        const script = rest[j + 1];
        return script ? { kind: "script", script, index: j + 2 } : { kind: "none" };
      }
      if (spec.longShellFlags?.includes(name)) shell = true;
      if (spec.longArgs.includes(name)) j += eq === -1 ? 2 : 1;
      else if (spec.longFlags.includes(name)) j++;
      else return { kind: "scan", index: j + 1 };
    } else if (options && v.startsWith("-") && v.length > 1) {
      if (spec.numericFlags && /^-\d+$/.test(v)) {
        j++;
        continue;
      }
      let consumed = 1;
      for (let k = 1; k < v.length; k++) {
        const ch = v[k]!;
        if (spec.noExec?.includes(ch)) return { kind: "none" };
        if (spec.shellFlags?.includes(ch)) shell = true;
        if (spec.scriptArgs?.includes(ch)) {
          if (k + 1 < v.length) {
            return { kind: "script", script: literal(v.slice(k + 1)), index: j + 1 };
          }
          const script = rest[j + 1];
          return script ? { kind: "script", script, index: j + 2 } : { kind: "none" };
        }
        if (spec.shortArgs.includes(ch)) {
          if (k + 1 === v.length) consumed = 2;
          break;
        }
        if (!spec.shortFlags.includes(ch)) return { kind: "scan", index: j + 1 };
      }
      j += consumed;
    } else if (operands > 0) {
      operands--;
      j++;
    } else {
      return { kind: "command", index: j };
    }
  }
  return shell ? { kind: "shell" } : { kind: "none" };
}

function scriptView(
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
  viewOf(walk, parseShell(script), depth + 1, via);
}

function shellView(
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
function sourceView(
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
function stdinScript(walk: Walk, cmd: SimpleCommand, depth: number, via: string[]): void {
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

function findView(
  walk: Walk,
  cmd: SimpleCommand,
  rest: Word[],
  depth: number,
  via: string[],
): void {
  for (let j = 1; j < rest.length; j++) {
    if (rest[j]!.dynamic || !FIND_EXEC.has(rest[j]!.value)) continue;
    let end = j + 1;
    while (end < rest.length && !(rest[end]!.value === ";" || rest[end]!.value === "+")) end++;
    const sub = rest.slice(j + 1, end);
    if (sub.length > 0) {
      push(walk, cmd, sub.map(token), via);
      commandView(walk, cmd, sub, depth, via);
    }
    j = end;
  }
}

function suView(
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

function scan(
  walk: Walk,
  cmd: SimpleCommand,
  words: Word[],
  depth: number,
  via: string[],
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
    const sub = words.slice(j);
    push(walk, cmd, sub.map(token), via);
    commandView(walk, cmd, sub, depth, via);
    // `script -c 'rm -rf x'`, `parallel ::: 'a | b'`: a word that reads as a script is one.
    if (!w.dynamic && SCRIPT_LIKE.test(w.value)) scriptView(walk, cmd, [w], depth, via);
  }
}

const SCRIPT_LIKE = /[\s;&|()<>`$]/;
