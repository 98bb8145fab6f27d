/**
 * Whether a deny was false: the command does not do what the deny rule forbids. This module
 * reads rules with its own small matcher (none of `lib/` is used to judge `lib/`) and judges a
 * deny two ways:
 *
 * 1. **By execution**, from what the command did when it ran (`_run.ts`): a `Bash(...)` rule
 *    forbids starting a program whose argv the rule's pattern matches (a start that failed,
 *    `command not found`, counts as an attempt); a `Read(...)` rule (and `Grep`, `Glob`) forbids
 *    opening a file it covers to read it (an open that failed counts); an `Edit(...)` or
 *    `Write(...)` rule forbids opening a covered file to write it, or removing, renaming,
 *    creating or changing one. A run is complete when it did not time out, reached no stub
 *    (for a path rule), started no missing program, and either exited 0 or holds none of
 *    `&&`, `||`, `if`, `while`, `until`, `case` (a failure there may have skipped a part that
 *    would have done it). A complete run that did not do it makes the deny false; a run that
 *    did makes it justified.
 * 2. **By an independent reading**, when the run is not complete (or the machine has no
 *    sandbox): a `Bash` rule's deny is false when the rule's program never appears as a word
 *    of the command; a path rule's deny is false when the covered name (`.env`, `secrets`, a
 *    file's extension) never appears in the command and the command holds no recursive reader
 *    or writer and no glob. Otherwise the pair is left undecided.
 *
 * @module
 */

import type { Ran } from "./_run.ts";

/** A deny rule read on its own. */
export interface DenyRule {
  text: string;
  kind: "bash" | "read" | "write" | "other";
  /** The pattern inside the parentheses (empty for a bare tool name). */
  pattern: string;
}

/** Reads `Tool(pattern)`. */
export function readRule(text: string): DenyRule {
  const m = /^([A-Za-z]+)(?:\((.*)\))?$/s.exec(text.trim());
  const tool = m?.[1] ?? "";
  const pattern = m?.[2] ?? "";
  const kind = tool === "Bash"
    ? "bash"
    : ["Read", "Grep", "Glob", "LS"].includes(tool)
    ? "read"
    : ["Edit", "Write", "MultiEdit", "NotebookEdit"].includes(tool)
    ? "write"
    : "other";
  return { text, kind, pattern };
}

const escape = (s: string) => s.replace(/[.+^${}()|[\]\\]/g, "\\$&");

/**
 * A Bash rule's pattern as a regular expression over a command's text: `prefix:*` is the
 * prefix alone or followed by a blank and anything, any other `*` is any text (a trailing
 * ` *` also matches the bare command), as Claude Code documents them.
 */
export function bashRegex(pattern: string): RegExp {
  let p = pattern.trim();
  let tail = "";
  if (p.endsWith(":*")) {
    p = p.slice(0, -2);
    tail = "(?:\\s.*)?";
  } else if (p.endsWith(" *")) {
    p = p.slice(0, -2);
    tail = "(?:\\s.*)?";
  }
  const body = p.replaceAll(":*", "*").split("*").map(escape).join(".*");
  return new RegExp(`^${body}${tail}$`, "s");
}

/** The program a Bash rule names: its first word, or undefined for a `*`-leading pattern. */
export function ruleProgram(pattern: string): string | undefined {
  const first = pattern.trim().split(/[\s:]/, 1)[0] ?? "";
  return first === "" || first.includes("*") ? undefined : first;
}

/** Programs that only read or print their text: a `*`-leading rule's text in their argv is data. */
const TEXT_TOOLS = new Set([
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "ag",
  "sed",
  "awk",
  "gawk",
  "mawk",
  "echo",
  "printf",
  "cat",
  "head",
  "tail",
  "less",
  "wc",
  "sort",
  "uniq",
  "cut",
  "tr",
  "jq",
  "diff",
  "git",
  "nl",
  "find",
]);

const base = (p: string) => p.slice(p.lastIndexOf("/") + 1);

/** Shell operators inside a rule's pattern: `curl * | bash`. */
const OPERATOR = /\s(\||&&|\|\||;)\s/;

/** True when a run started a program the Bash rule matches. */
function ranBash(rule: DenyRule, ran: Ran): boolean {
  if (OPERATOR.test(rule.pattern)) {
    // A pipeline rule: every program it names was started.
    const programs = rule.pattern.split(/\s(?:\||&&|\|\||;)\s/).map((s) =>
      s.trim().split(/\s/, 1)[0]!
    );
    return programs.every((p) => p.includes("*") || ran.execs.some((e) => base(e.path) === p));
  }
  const re = bashRegex(rule.pattern);
  const leading = ruleProgram(rule.pattern) === undefined;
  return ran.execs.some((e) => {
    const name = base(e.path);
    if (leading && TEXT_TOOLS.has(name)) return false;
    const text = [name, ...e.argv.slice(1)].join(" ");
    return re.test(text) || re.test([e.path, ...e.argv.slice(1)].join(" "));
  });
}

/** Where a path rule's pattern points, given the project's root and home. */
export interface Place {
  root: string;
  home: string;
}

/**
 * A path rule's pattern as a regular expression over absolute paths: `//x` absolute, `~/x`
 * under the home, `/x`, `./x` and `x/y` under the root, a pattern without a slash at any depth;
 * one segment under the root (`./.env`, `secrets/**`) at any depth, as Claude Code 2.1.332
 * reads a deny rule; a pattern naming a directory covers what is below it.
 */
export function pathRegex(pattern: string, place: Place): RegExp {
  let p = pattern.trim();
  let prefix: string;
  if (p.startsWith("//")) {
    prefix = "";
    p = p.slice(1);
  } else if (p.startsWith("~/")) {
    prefix = escape(place.home);
    p = p.slice(1);
  } else {
    if (p.startsWith("./")) p = p.slice(2);
    else if (p.startsWith("/")) p = p.slice(1);
    const segments = p.replace(/\/\*\*$/, "").split("/");
    const anyDepth = !pattern.trim().startsWith("/") && segments.length === 1;
    prefix = escape(place.root) + (anyDepth ? "(?:/.*)?" : "");
    p = "/" + p;
  }
  const glob = p.replace(
    /\*\*\/|\*\*|\*|\?|[^*?]+/g,
    (t) =>
      t === "**/"
        ? "(?:.*/)?"
        : t === "**"
        ? ".*"
        : t === "*"
        ? "[^/]*"
        : t === "?"
        ? "[^/]"
        : escape(t),
  );
  return new RegExp(`^${prefix}${glob}(?:/.*)?$`, "s");
}

/** True when a run read (or wrote, for a write rule) a path the rule covers. */
function ranPath(rule: DenyRule, ran: Ran, place: Place): boolean {
  const re = pathRegex(rule.pattern, place);
  if (rule.kind === "read") return ran.opens.some((o) => !o.dir && !o.write && re.test(o.path));
  return ran.opens.some((o) => o.write && re.test(o.path)) || ran.changed.some((c) => re.test(c));
}

/** How a deny was judged. */
export type Judgement =
  | { by: "execution"; false: boolean }
  | { by: "reading"; false: boolean }
  | { by: "undecided"; why: string };

const CONDITIONAL = /&&|\|\||\b(if|while|until|case)\b/;

/**
 * A command that runs a script it does not show: a shell or interpreter reading a pipe
 * (`curl ... | sh`), or a file sourced (`source ~/.local/bin/env`). What that script runs on
 * the agent's machine is not known here, so neither a run nor a reading settles a deny of it.
 */
const UNSEEN =
  /\|\s*(sudo\s+)?(ba|z|da)?sh(\s+-s?)?\s*($|[;&|)])|\|\s*(python3?|node|perl|ruby)\s*($|[;&|)])|(^|[;&|(]\s*)(source|\.)\s+[^\s;&|]+/;

/** Why a run does not settle a rule, or undefined when it does. */
function incomplete(rule: DenyRule, ran: Ran, command: string): string | undefined {
  if (ran.timedOut) return "timed out";
  if (UNSEEN.test(command)) return "runs a script it does not show";
  if (rule.kind !== "bash" && ran.stubbed.length > 0) {
    return `reached a stub (${ran.stubbed[0]})`;
  }
  if (ran.status === 127 || ran.status === 126) return "a program was missing";
  if (ran.status !== 0 && CONDITIONAL.test(command)) return "failed in a conditional";
  return undefined;
}

/** Names a path rule covers, as they would appear in a command: `.env`, `secrets`, `.pem`. */
function coveredNames(pattern: string): string[] {
  return pattern.split("/").map((s) => s.replace(/\*+/g, " ").trim()).flatMap((s) => s.split(" "))
    .filter((s) => s !== "" && s !== "." && s !== "~");
}

const RECURSIVE =
  /(^|[\s;&|(])(grep|egrep)\s[^;&|]*-[A-Za-z]*[rR]|--recursive|(^|[\s;&|(])(rg|find|tree|du|rsync|zip|tar|ls\s+-[A-Za-z]*R|git\s+grep|cp\s+-[A-Za-z]*[rRa])\b/;

/** The independent reading of a deny. */
export function readDeny(rule: DenyRule, command: string): boolean | undefined {
  if (UNSEEN.test(command)) return undefined;
  if (rule.kind === "bash") {
    const program = ruleProgram(rule.pattern);
    if (program === undefined) return undefined;
    const word = new RegExp(`(^|[^A-Za-z0-9_.-])${escape(program)}($|[^A-Za-z0-9_-])`);
    return word.test(command) ? undefined : true;
  }
  if (rule.kind === "other") return undefined;
  const names = coveredNames(rule.pattern);
  // A rule of globs alone (`Write(**/*)`) covers every name: the text cannot settle it.
  if (names.length === 0 || names.some((n) => command.includes(n))) return undefined;
  if (RECURSIVE.test(command) || /[*?]/.test(command)) return undefined;
  return true;
}

/**
 * Judges one deny.
 *
 * @param ruleText the deciding deny rule
 * @param command the command as decided
 * @param ran what it did, when it was run
 * @param place the project's root and home
 * @returns the judgement
 */
export function judgeDeny(
  ruleText: string,
  command: string,
  ran: Ran | undefined,
  place: Place,
): Judgement {
  const rule = readRule(ruleText);
  if (ran !== undefined && rule.kind !== "other") {
    const did = rule.kind === "bash" ? ranBash(rule, ran) : ranPath(rule, ran, place);
    if (did) return { by: "execution", false: false };
    const why = incomplete(rule, ran, command);
    if (why === undefined) return { by: "execution", false: true };
    const reading = readDeny(rule, command);
    return reading === undefined ? { by: "undecided", why } : { by: "reading", false: reading };
  }
  const reading = readDeny(rule, command);
  return reading === undefined
    ? { by: "undecided", why: ran === undefined ? "not run" : "not a Bash or path rule" }
    : { by: "reading", false: reading };
}

/** The issue's classes of false denies. */
export const CLASSES = [
  "recursive reader",
  "*-leading rule vs run-time text",
  "globbed dir",
  "argument not opened",
  "inline code",
  "wrong unknown-command parse",
  "tree writer",
  "assignment",
  "other",
] as const;

/** A class of false denies. */
export type FalseDenyClass = (typeof CLASSES)[number];

const INLINE =
  /(^|[\s;&|(])(python3?|node|perl|ruby|bash|sh|zsh)\s+(-[A-Za-z]*[ce]\b|<<)|<<-?\s*['"]?[A-Za-z_]+/;
const KNOWN = new Set([
  "sudo",
  "env",
  "timeout",
  "nice",
  "nohup",
  "xargs",
  "find",
  "command",
  "exec",
  "time",
  "bash",
  "sh",
  "eval",
  "source",
  ".",
]);

/**
 * Sorts a false deny into the issue's classes, by what the rule is and what the denied part
 * holds (a heuristic, checked in this order).
 *
 * @param ruleText the deny rule
 * @param part the denied part of the command (or the command)
 * @returns the class
 */
export function classify(ruleText: string, part: string): FalseDenyClass {
  const rule = readRule(ruleText);
  const program = rule.kind === "bash" ? ruleProgram(rule.pattern) : undefined;
  if (rule.kind === "bash" && (program === undefined || /\s\*\s|\*\S/.test(rule.pattern))) {
    return "*-leading rule vs run-time text";
  }
  if (INLINE.test(part)) return "inline code";
  if (rule.kind === "read" && RECURSIVE.test(part)) return "recursive reader";
  if (rule.kind !== "bash" && /[*?]/.test(part)) return "globbed dir";
  if (rule.kind === "bash" && /(^|[;&|(]\s*)(export\s+)?[A-Za-z_][A-Za-z0-9_]*=/.test(part)) {
    return "assignment";
  }
  if (rule.kind === "read") {
    const names = coveredNames(rule.pattern);
    if (names.some((n) => part.includes(n))) return "argument not opened";
  }
  if (rule.kind === "write") return "tree writer";
  if (rule.kind === "bash" && program !== undefined) {
    const first = part.trim().split(/\s+/, 1)[0] ?? "";
    if (first !== program && !KNOWN.has(first)) return "wrong unknown-command parse";
  }
  return "other";
}
