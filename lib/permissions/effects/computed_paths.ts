/**
 * Paths a command names by a value (issue 22, point 2): a word with a variable or a substitution
 * in it (`cat $d/id_rsa`, `cat $(echo .env)`). A value known before the command runs is followed,
 * not guessed: a variable the command itself sets to a word (`d=~/.ssh; cat $d/id_rsa`,
 * `export D=$HOME/.ssh`), each word of a `for` loop's list (`for f in *`: the glob), the home
 * (`$HOME`, `~`), a number (`$$`, `$((i+1))`). A value only known when the command runs
 * (`$(...)`, a variable it sets from one, `read f`, `$1`, `$_`, `$REPLY`) makes the path
 * computed: held against every Read rule, it asks. A variable the command does not set comes
 * from the environment it starts in, and names no path skald can know (as before). Pure.
 *
 * @module
 */

import type { CommandAnalysis } from "../../shell/split.ts";
import type { Word } from "../../shell/parse.ts";
import { KEYWORDS } from "../../shell/reserved.ts";
import { joinLines } from "../../shell/_word.ts";

/** What a word names: paths as written (maybe globs), a path computed at run time, or neither. */
export type Resolved =
  | { kind: "paths"; paths: string[] }
  | { kind: "computed" }
  | { kind: "unknown" };

/** What a variable holds: its possible values, or only known at run time, or unknown (the environment's). */
type Value = string[] | "computed";

/** The values the command's own assignments give its variables. */
export type Variables = ReadonlyMap<string, Value>;

/** The most combinations of values a word is expanded to. */
const MAX_VALUES = 64;

/** Variables bash sets from what a command did: only known when it runs. */
const RUN_TIME = new Set([
  "_",
  "REPLY",
  "MAPFILE",
  "BASH_REMATCH",
  "BASH_ARGV",
  "BASH_ARGV0",
  "BASH_COMMAND",
  "BASH_SOURCE",
  "OPTARG",
  "DIRSTACK",
  "COMP_WORDS",
  "COMP_LINE",
  "READLINE_LINE",
  "FUNCNAME",
  "OLDPWD",
]);

/** Variables that hold a number. */
const NUMBERS = new Set([
  "$",
  "!",
  "?",
  "#",
  "-",
  "RANDOM",
  "SRANDOM",
  "SECONDS",
  "LINENO",
  "EPOCHSECONDS",
  "EPOCHREALTIME",
  "UID",
  "EUID",
  "PPID",
  "BASHPID",
  "SHLVL",
]);

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/;
const DECLARES = new Set(["export", "declare", "typeset", "local", "readonly"]);

/**
 * The end of the expansion that starts at `i` in `text` (`$(...)`, `${...}`, `` `...` ``),
 * counting nested brackets and skipping quotes; -1 when it does not end.
 */
function closing(text: string, i: number, open: string, close: string): number {
  let depth = 0;
  for (let k = i; k < text.length; k++) {
    const c = text[k]!;
    if (c === "\\") {
      k++;
      continue;
    }
    if (c === "'" && open === "(") {
      const end = text.indexOf("'", k + 1);
      if (end === -1) return -1;
      k = end;
      continue;
    }
    if (c === open) depth++;
    else if (c === close && --depth === 0) return k;
  }
  return -1;
}

/** `$(cat <<'EOF' ... EOF)`: the text of a heredoc, which the substitution prints as it is. */
const HEREDOC_CAT =
  /^\$\(\s*cat\s*<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1\s*\n([\s\S]*?)\n\s*\2\s*\n?\s*\)$/;

/**
 * What a word names, its variables and substitutions expanded as far as they are known.
 *
 * @param text the word's value (quotes taken off, expansions as written)
 * @param vars the command's own variables
 * @param home the home directory
 * @returns the paths as written, computed, or unknown
 */
export function resolveText(text: string, vars: Variables, home: string): Resolved {
  let forms = [""];
  let unknown = false;
  const add = (values: readonly string[]) => {
    const next: string[] = [];
    for (const f of forms) for (const v of values) next.push(f + v);
    forms = next;
  };
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (c === "`") {
      // `` `pwd` ``: where it runs; any other command's output is only known when it runs.
      const end = text.indexOf("`", i + 1);
      if (end === -1 || !/^`\s*pwd\s*`$/.test(text.slice(i, end + 1))) return { kind: "computed" };
      add(["."]);
      i = end + 1;
      continue;
    }
    if (c !== "$") {
      const next = text.slice(i).search(/[$`]/);
      const lit = next === -1 ? text.slice(i) : text.slice(i, i + next);
      add([lit]);
      i += lit.length;
      continue;
    }
    const n = text[i + 1] ?? "";
    if (text.startsWith("$((", i)) {
      const end = text.indexOf("))", i);
      if (end === -1) return { kind: "computed" };
      add(["0"]);
      i = end + 2;
      continue;
    }
    if (n === "(") {
      const end = closing(text, i + 1, "(", ")");
      if (end === -1) return { kind: "computed" };
      const sub = text.slice(i, end + 1);
      const body = HEREDOC_CAT.exec(sub);
      if (body !== null) add([body[3]!]);
      else if (/^\$\(\s*pwd(\s+-[LP])?\s*\)$/.test(sub)) add(["."]);
      else return { kind: "computed" };
      i = end + 1;
      continue;
    }
    let name: string;
    let op = "";
    if (n === "{") {
      const end = closing(text, i + 1, "{", "}");
      if (end === -1) return { kind: "computed" };
      const inner = text.slice(i + 2, end);
      i = end + 1;
      // `${#X}`: a length, a number.
      if (/^#([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])$/.test(inner)) {
        add(["0"]);
        continue;
      }
      const m = /^([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!_-])(.*)$/s.exec(inner);
      if (m === null) return { kind: "computed" };
      name = m[1]!;
      op = m[2]!;
    } else {
      const m = /^([A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!_-])/.exec(text.slice(i + 1));
      if (m === null) {
        add(["$"]);
        i++;
        continue;
      }
      name = m[1]!;
      i += 1 + name.length;
    }
    const value = variable(name, vars, home);
    if (value === "computed") return { kind: "computed" };
    // `${X:-FILE}`: FILE too (X unset or empty); any other operator on a value known: computed.
    const fallback = /^:?[-=]([^$`]*)$/s.exec(op)?.[1];
    if (op !== "" && fallback === undefined) {
      // The environment's value, changed: as unknown as the value.
      if (value === undefined) {
        unknown = true;
        continue;
      }
      return { kind: "computed" };
    }
    if (value === undefined) {
      if (fallback !== undefined) add([fallback]);
      else unknown = true;
      continue;
    }
    add(fallback === undefined ? value : [...value, fallback]);
    if (forms.length > MAX_VALUES) return { kind: "computed" };
  }
  if (unknown) return { kind: "unknown" };
  return { kind: "paths", paths: forms.map((f) => tilde(f, home)) };
}

/** `~` and `~/x` at the start of a value, under the home. */
const tilde = (v: string, home: string) => v === "~" || v.startsWith("~/") ? home + v.slice(1) : v;

/** A variable's values: the command's own, the home, a number; undefined for the environment's. */
function variable(name: string, vars: Variables, home: string): Value | undefined {
  const own = vars.get(name);
  if (own !== undefined) return own;
  if (name === "HOME") return [home];
  if (name === "PWD") return ["."];
  if (NUMBERS.has(name)) return ["0"];
  if (RUN_TIME.has(name) || /^[0-9@*]$|^[1-9][0-9]*$/.test(name)) return "computed";
  return undefined;
}

/**
 * The values the command's own assignments give its variables, in the order it runs them (every
 * assignment's values, together): `NAME=WORD` (also after `export`, `declare`, `local`,
 * `readonly`, `typeset`, `env`), `for NAME in WORDS` (each word: a glob stands for what it matches); a
 * variable set any other way (`read`, `mapfile`, `printf -v`, `+=`, an array) is only known when
 * it runs.
 *
 * @param command the analysed command
 * @param home the home directory
 * @returns the variables
 */
export function commandVariables(command: CommandAnalysis, home: string): Variables {
  const vars = new Map<string, Value>();
  const set = (name: string, r: Resolved) => {
    const before = vars.get(name);
    if (r.kind !== "paths" || before === "computed") {
      // A value from the environment (`d=$X/y`) is as unknown as the environment's own.
      if (r.kind === "unknown" && before === undefined) return;
      vars.set(name, "computed");
      return;
    }
    vars.set(name, [...new Set([...(before ?? []), ...r.paths])]);
  };
  const assign = (w: Word) => {
    const m = ASSIGNMENT.exec(w.value);
    if (m === null) return;
    const text = w.value.slice(m[0].length);
    if (m[2] === "+" || text.startsWith("(")) set(m[1]!, { kind: "computed" });
    else set(m[1]!, resolveText(text, vars, home));
  };
  for (const { command: c } of command.view.commands) {
    const words = c.words;
    let i = 0;
    // Reserved words first (`do X=v cmd`, `then X=v cmd`), then the assignments.
    while (i < words.length && !words[i]!.dynamic && KEYWORDS.has(words[i]!.value)) i++;
    for (; i < words.length && ASSIGNMENT.test(joinLines(words[i]!.raw)); i++) assign(words[i]!);
    const head = words[i];
    if (head === undefined || head.dynamic) continue;
    // `export X=v`, and `env X=v cmd` (its options first).
    if (DECLARES.has(head.value) || head.value === "env") {
      for (const w of words.slice(i + 1)) assign(w);
    }
    if (head.value === "for" && words[i + 2]?.value === "in" && words[i + 1] !== undefined) {
      const name = words[i + 1]!.value;
      for (const w of words.slice(i + 3)) set(name, resolveText(w.value, vars, home));
    }
  }
  // Every other variable the command sets (`read f`, `for f; do`, `printf -v f`, `${f:=x}`).
  for (const a of command.parse.assignments) {
    const written = [`${a.name}=`, `${a.name}+=`, `${a.name} in `].some((t) =>
      a.text.startsWith(t)
    );
    if (!written || !vars.has(a.name)) vars.set(a.name, "computed");
  }
  return vars;
}

/**
 * bash's builtins and reserved words (bash 5.2, `compgen -b`, `compgen -k`): none of them is a
 * program skald has no spec for (`source`, `.`, `eval`, `exec`, `command`, `builtin` are read by
 * the deny view, the others name no file they write).
 */
const BASH_OWN: ReadonlySet<string> = new Set(
  `. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare
  dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let
  local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source
  suspend test times trap true type typeset ulimit umask unalias unset wait if then else elif fi
  case esac for select while until do done in function time { } ! [[ ]] coproc`.split(/\s+/),
);

/**
 * True when a command name is a program skald knows nothing of: no spec (`lib/programs/`), not in
 * the read-only table, not one of bash's own words, not a wrapper the deny view reads.
 *
 * @param name the command's name (its path's last part)
 * @param known whether skald knows the program some other way (its spec, the read-only table, the
 *   wrappers)
 * @returns whether the program is unknown
 */
export function unknownProgram(name: string, known: (name: string) => boolean): boolean {
  return name !== "" && !BASH_OWN.has(name) && !/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(name) &&
    !known(name);
}

/**
 * The word a program may take for a path it writes: one that looks like a path (a `/`, a `.`, a
 * `~`; not a URL), or the value of `--opt=VALUE` or `NAME=VALUE` that does; undefined for any
 * other word (`gh pr view 12`: no path).
 *
 * @param word a static argument
 * @returns the path, as written
 */
export function pathLike(word: string): string | undefined {
  const eq = /^(--?[A-Za-z0-9][A-Za-z0-9_-]*|[A-Za-z_][A-Za-z0-9_.-]*)=(.+)$/.exec(word);
  const v = eq !== null ? eq[2]! : word;
  if (eq === null && v.startsWith("-")) return undefined;
  if (v.includes("://") || !/[/.~]/.test(v) || v.includes("\n")) return undefined;
  return v;
}
