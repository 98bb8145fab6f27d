/**
 * The shell commands Claude Code runs with no permission rule (read-only ones, in every mode)
 * and the file-changing ones its `acceptEdits` mode runs, each with its option checks and
 * path checks. The policy asks this module about a command part no allow rule covers.
 *
 * The table mirrors Claude Code 2.1.332 as observed through the oracle (`../shared/oracle/`);
 * `tests/permissions/read_only_test.ts` freezes each observation. Claude Code checks options
 * in two ways, and so does the table: `any` commands accept every option and only their
 * operands are checked (cat, head, ls, ...); `flags` commands accept their listed options only
 * (grep, sort, git log, ...), and no word of theirs may hold `$` or a brace list. An unknown
 * command, option or form is `other`: it needs a rule.
 *
 * Stricter than Claude Code (each of these is allowed by Claude Code 2.1.332):
 * - `wc --files0-from=F`, `du --files0-from=F`, `diff --from-file=F` / `--to-file=F`,
 *   `strings @F` and `md5sum|sha1sum|sha256sum -c F` read files named inside F or in an
 *   option, which the path check never sees: they need a rule.
 * - `du` and `tree` paths are checked like `ls` paths (Claude Code lists any directory), and
 *   so are the files `tree --gitfile` / `--infofile` and `date -r` read.
 * - `xargs` needs a rule: the files it hands to `grep`, `head`, `tail` or `wc` come from
 *   standard input, so `echo ~/.ssh/id_rsa | xargs head` would read outside the project.
 * - Following symbolic links while walking a tree needs a rule (`grep -R`, `rg -L` /
 *   `--follow`, `find -L` / `-follow`, `tree -l`): a link inside the project may lead out.
 * - `git ls-remote` needs a rule: it contacts the remote (ssh, credential helpers).
 * - `cd -` needs a rule: where it goes is not written in the command.
 * - `rmdir -p` / `--parents` needs a rule: it also removes the parent directories.
 * - Wrappers are not looked through (Claude Code allows `timeout 5 ls` and `command ls`), and
 *   only the commands in this table are known (Claude Code also allows e.g. `fd`, `arch`,
 *   `[[ ... ]]`, `gh pr view`, `docker ps`, `lsof`, `pgrep`, `ss`, `netstat`, `man`).
 *
 * Left to the caller: the raw-text checks (Claude Code asks for `echo a\ b`, "backslash-escaped
 * whitespace"), and the protected paths (`.git`, `.claude`, `.vscode`, `.bashrc`, ...) that
 * Claude Code asks about before any write, also in `acceptEdits`: hold an `edit` result's
 * `paths` against them.
 *
 * @module
 */

/** What the checks need to know about paths. */
export interface CommandPathContext {
  /** True when the path, as written in the command (relative to the working directory, or absolute, `~` already NOT expanded), lies inside the project or an additional working directory (both its written and its real form). */
  inWorkingDirs(path: string): boolean;
}

/** How Claude Code treats one simple command that no permission rule covers. */
export type CommandDefault =
  | { kind: "read-only" } // allowed in every mode
  | { kind: "edit"; paths: string[] } // a file-modifying command acceptEdits allows when all paths are inside the working dirs
  | { kind: "other"; reason: string }; // needs a rule: reason says why

/** The value an option takes: none, a number, any text, one character, or a file to check. */
type OptionKind = "none" | "num" | "str" | "char" | "path";

/** Which operands name files the command reads. */
type Operands =
  | "paths" // every operand
  | "none" // none (names, numbers, text)
  | "pattern-then-paths"; // the first is a pattern unless an option gave one (grep)

/** A command whose every option Claude Code accepts: only its operands are checked. */
interface AnySpec {
  kind: "any";
  operands: Operands;
  /** What the command does to files, for the reason (`concatenate files from`). */
  verb?: string;
  /** Options whose value is the next word (not an operand). */
  valued?: ReadonlySet<string>;
  /** Options (or, for `@`, an operand prefix) refused although Claude Code accepts them. */
  refuse?: readonly string[];
}

/** A command whose options must all be in its list. */
interface FlagsSpec {
  kind: "flags";
  options: ReadonlyMap<string, OptionKind>;
  operands: Operands;
  verb?: string;
  /** Options that give the pattern (`grep -e`), so that every operand is a file. */
  patternOptions?: readonly string[];
  /** `-A3`: a number glued to a short option (grep, rg). */
  gluedNumbers?: boolean;
  /** `-5` is a count (git). */
  numericFlags?: boolean;
  /** Returns why the arguments are not read-only. */
  check?: (args: string[]) => string | undefined;
}

/** One command of the table. */
type Spec =
  | AnySpec
  | FlagsSpec
  | { kind: "exact"; forms: readonly string[] } // the arguments joined by spaces: "--version"
  | { kind: "special"; classify: (args: string[], ctx: CommandPathContext) => CommandDefault };

const READ_ONLY: CommandDefault = { kind: "read-only" };
const other = (reason: string): CommandDefault => ({ kind: "other", reason });
const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter((x) => x !== ""));

/** `"-n -v --lines:num"`: the options, each with the kind of value it takes. */
function opts(spec: string): ReadonlyMap<string, OptionKind> {
  return new Map([...set(spec)].map((t) => {
    const [name = "", kind = "none"] = t.split(":");
    return [name, kind as OptionKind];
  }));
}

/**
 * Classifies one simple command given as its argv (quotes removed, every word static).
 *
 * @param argv the command's words; leading `VAR=value` words are allowed
 * @param ctx where the working directories are
 * @returns read-only, edit (with the paths it changes) or other (with the reason)
 */
export function classifyCommand(argv: string[], ctx: CommandPathContext): CommandDefault {
  let start = 0;
  for (; ASSIGNMENT.test(argv[start] ?? ""); start++) {
    const word = argv[start] ?? "";
    const name = word.slice(0, word.indexOf("="));
    if (!_safeAssignment(name, word.slice(name.length + 1))) {
      return other(`Setting ${name} before a command needs a rule`);
    }
  }
  const cmd = argv[start];
  if (cmd === undefined) return other("A command that only sets variables needs a rule");
  if (cmd === "touch" && start > 0) return other("touch after a variable assignment needs a rule");
  const spec = Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
  if (spec === undefined) return other(`${cmd} is not a command Claude Code runs without a rule`);
  return _bySpec(cmd, argv.slice(start + 1), spec, ctx);
}

function _bySpec(
  cmd: string,
  args: string[],
  spec: Spec,
  ctx: CommandPathContext,
): CommandDefault {
  switch (spec.kind) {
    case "any": {
      const refused = args.find((a) =>
        spec.refuse?.some((r) => a === r || a.startsWith(r === "@" ? r : r + "="))
      );
      if (refused !== undefined) return other(`${cmd} ${refused} reads files the check cannot see`);
      return _checkPaths(cmd, _operands(args, spec.valued), [], spec, ctx, false);
    }
    case "flags": {
      const parsed = _parseFlags(cmd, args, spec);
      if (typeof parsed === "string") return other(parsed);
      const why = spec.check?.(args);
      if (why !== undefined) return other(why);
      return _checkPaths(cmd, parsed.operands, parsed.optionPaths, spec, ctx, parsed.pattern);
    }
    case "exact":
      return spec.forms.includes(args.join(" "))
        ? READ_ONLY
        : other(`${[cmd, ...args].join(" ")} is not a form Claude Code runs without a rule`);
    case "special":
      return spec.classify(args, ctx);
    default: {
      const never: never = spec;
      throw new Error(`unknown command spec ${JSON.stringify(never)}`);
    }
  }
}

// --- Variables before the command -------------------------------------------------------------

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** The variables Claude Code lets stand before a read-only command (`LANG=C sort`). */
const SAFE_VARIABLES = set(`GOEXPERIMENT GOOS GOARCH CGO_ENABLED GO111MODULE RUST_BACKTRACE
  RUST_LOG NODE_ENV PYTHONUNBUFFERED PYTHONDONTWRITEBYTECODE PYTEST_DISABLE_PLUGIN_AUTOLOAD
  PYTEST_DEBUG ANTHROPIC_API_KEY LANG LANGUAGE LC_ALL LC_CTYPE LC_TIME CHARSET TERM COLORTERM
  NO_COLOR FORCE_COLOR TZ LS_COLORS LSCOLORS GREP_COLOR GREP_COLORS GCC_COLORS TIME_STYLE
  BLOCK_SIZE BLOCKSIZE COLUMNS LINES CLICOLOR CLICOLOR_FORCE CI DEBIAN_FRONTEND
  GIT_TERMINAL_PROMPT`);
const LOCALE_VALUE = /^(C|POSIX|UTF-?8|[\w-]+\.UTF-?8(@\w+)?)$/i;
const PATH_LIKE = /^[.~]*[/\\]|[/\\][/\\]|:[/\\.]|(?:^|[/\\])\.\.(?:[/\\]|$)/;

function _safeAssignment(name: string, value: string): boolean {
  if (!SAFE_VARIABLES.has(name) || !/^[A-Za-z0-9_./:-]+$/.test(value)) return false;
  if (["LANG", "LC_ALL", "LC_CTYPE"].includes(name) && !LOCALE_VALUE.test(value)) return false;
  return !PATH_LIKE.test(value);
}

// --- Operands and paths -----------------------------------------------------------------------

/** The words that are not options or option values; everything after `--`. */
function _operands(args: string[], valued: ReadonlySet<string> | undefined): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === "--") return out.concat(args.slice(i + 1));
    if (a.startsWith("-") && a !== "-") {
      if (valued?.has(a)) i++;
    } else out.push(a);
  }
  return out;
}

function _checkPaths(
  cmd: string,
  operands: string[],
  optionPaths: string[],
  spec: AnySpec | FlagsSpec,
  ctx: CommandPathContext,
  patternGiven: boolean,
): CommandDefault {
  let paths: string[];
  switch (spec.operands) {
    case "paths":
      paths = operands;
      break;
    case "none":
      paths = [];
      break;
    case "pattern-then-paths":
      paths = patternGiven ? operands : operands.slice(1);
      break;
    default: {
      const never: never = spec.operands;
      throw new Error(`unknown operand rule ${JSON.stringify(never)}`);
    }
  }
  const why = _outside(cmd, [...optionPaths, ...paths], ctx, spec.verb ?? "read files in");
  return why === undefined ? READ_ONLY : other(why);
}

/** Why a path is refused before looking where it is, or undefined. */
function _pathProblem(p: string): string | undefined {
  if (p.startsWith("~") && p !== "~" && !p.startsWith("~/")) {
    return "Tilde expansion variants (~user, ~+, ~-) in paths require manual approval";
  }
  if (p.includes("$") || p.includes("`") || p.startsWith("=")) {
    return "Shell expansion syntax in paths requires manual approval";
  }
  const segments = p.split("/");
  const firstDir = segments.findIndex((s) => s !== "" && s !== "." && s !== "..");
  if (firstDir !== -1 && segments.slice(firstDir + 1).includes("..")) {
    return "Path contains '..' traversal after a directory segment, which may follow a symlink outside the working directory";
  }
  return undefined;
}

/** The first read path that is refused or outside the working directories, as a reason. */
function _outside(
  cmd: string,
  paths: string[],
  ctx: CommandPathContext,
  verb: string,
): string | undefined {
  for (const p of paths) {
    if (p === "" || p === "-") continue; // `-` is standard input
    const problem = _pathProblem(p);
    if (problem !== undefined) return problem;
    if (!ctx.inWorkingDirs(p)) {
      return `${cmd} in '${p}' was blocked: Claude Code may only ${verb} the allowed working directories`;
    }
  }
  return undefined;
}

// --- Options of `flags` commands ----------------------------------------------------------------

interface Parsed {
  operands: string[];
  optionPaths: string[];
  /** An option gave the pattern (`-e`, `-f`). */
  pattern: boolean;
}

const OPTION = /^-[a-zA-Z0-9_-]/;

/** Reads the options as Claude Code does; returns the reason when one is not allowed. */
function _parseFlags(cmd: string, args: string[], spec: FlagsSpec): Parsed | string {
  const bad = args.find((a) => a.includes("$") || (a.includes("{") && /,|\.\./.test(a)));
  if (bad !== undefined) return `${cmd} argument '${bad}' looks like a shell expansion`;
  const out: Parsed = { operands: [], optionPaths: [], pattern: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === "--") {
      out.operands.push(...args.slice(i + 1));
      break;
    }
    if (a.length < 2 || !OPTION.test(a)) {
      out.operands.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const name = eq < 0 ? a : a.slice(0, eq);
    const kind = spec.options.get(name);
    if (kind === undefined) {
      if (!_shortForm(name, spec)) return `${cmd} option '${a}' needs a rule`;
      if (spec.patternOptions?.includes(name.slice(0, 2))) out.pattern = true; // `-e3`
      continue;
    }
    if (spec.patternOptions?.includes(name)) out.pattern = true;
    if (kind === "none") {
      if (eq >= 0) return `${cmd} option '${a}' takes no value`;
      continue;
    }
    const value = eq >= 0 ? a.slice(eq + 1) : args[++i];
    if (value === undefined || (eq < 0 && OPTION.test(value))) {
      return `${cmd} option '${a}' needs a value`;
    }
    const gitSort = cmd === "git" && name === "--sort" && /^-[a-zA-Z]/.test(value);
    const fits = kind === "num" ? /^\d+$/.test(value) : kind === "char" ? value.length === 1 : true;
    if (!fits || (kind !== "num" && value.startsWith("-") && !gitSort)) {
      return `${cmd} option '${name}' does not take '${value}' without a rule`;
    }
    if (kind === "path") out.optionPaths.push(value);
  }
  return out;
}

/** `-la` (flags without values), `-A3` (grep, rg) and `-5` (git): the short forms accepted. */
function _shortForm(name: string, spec: FlagsSpec): boolean {
  if (spec.numericFlags && /^-\d+$/.test(name)) return true;
  if (name.startsWith("--") || name.length <= 2) return false;
  const head = spec.options.get(name.slice(0, 2));
  if (spec.gluedNumbers && /^\d+$/.test(name.slice(2)) && (head === "num" || head === "str")) {
    return true;
  }
  return [...name.slice(1)].every((c) => spec.options.get("-" + c) === "none");
}

// --- Commands with their own rules ---------------------------------------------------------------

const NUMBER = /^[-+]?(0[xX][0-9a-fA-F]+|[0-9]+#[0-9a-zA-Z]+|[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?)$/;

/** `printf`: no options; numeric conversions only of numbers (bash evaluates `a[$(cmd)]`). */
function _printf(args: string[]): CommandDefault {
  const first = args[0];
  if (first !== undefined && first.startsWith("-") && first !== "--") {
    return other(`printf option '${first}' needs a rule`);
  }
  const at = first === "--" ? 1 : 0;
  const format = args[at] ?? "";
  const rest = format.replaceAll("%%", "");
  if (format.includes("$") || /%[^%a-zA-Z]*[lLhqjzZt]*\\[0-7xX]/.test(rest)) {
    return other(`printf format '${format}' needs a rule`);
  }
  const operands = args.slice(at + 1);
  const subscript = operands.find((a) => a.includes("[") && /\$|`/.test(a));
  if (subscript !== undefined) {
    return other(`printf operand '${subscript}' holds an array subscript with an expansion`);
  }
  const textOnly = /%(?:%|[-+ 0#']*(?:[1-9][0-9]*)?(?:b|(?:\.[0-9]*)?[scq]))/g;
  const numeric = /%[-+ 0#']*[0-9.*]*[lLhqjzZt]*[diouxXeEfFgGaAn]/.test(rest) ||
    /%[^%a-zA-Z]*\*/.test(rest) || format.replace(textOnly, "").includes("%");
  const bad = numeric ? operands.find((a) => !NUMBER.test(a)) : undefined;
  return bad === undefined
    ? READ_ONLY
    : other(`printf operand '${bad}' is not a number (bash evaluates it arithmetically)`);
}

const TEST_OPERATORS = set(`-b -c -d -e -f -g -G -h -k -L -N -O -p -r -s -S -t -u -w -x -z -n
  -eq -ne -lt -le -gt -ge -nt -ot -ef`);
const ARITHMETIC = set("-eq -ne -lt -le -gt -ge");
const INTEGER = /^-?(0[xX][0-9a-fA-F]+|[0-9]+#[0-9a-zA-Z]+|[0-9]+)$/;

/** `test` and `[`: no `-v`, `-R`, `-a`, `-o`; arithmetic only on plain integers. */
function _test(args: string[], bracket: boolean): CommandDefault {
  if (bracket) {
    if (args.at(-1) !== "]") return other("[ without a closing ] needs a rule");
    args = args.slice(0, -1);
  }
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (["-v", "-R", "-a", "-o"].includes(a) || a.includes("[")) {
      return other(`test '${a}' can evaluate variables or subscripts: it needs a rule`);
    }
    const numbers = ARITHMETIC.has(a)
      ? [args[i - 1], args[i + 1]]
      : a === "-t"
      ? [args[i + 1]]
      : [];
    const notInteger = numbers.find((n) => n !== undefined && !INTEGER.test(n));
    if (notInteger !== undefined) return other(`test operand '${notInteger}' is not an integer`);
    if (TEST_OPERATORS.has(a)) {
      const v = args[++i];
      if (v === undefined || v.startsWith("-")) return other(`test ${a} needs a plain value`);
    } else if (a.length > 1 && OPTION.test(a)) return other(`test option '${a}' needs a rule`);
  }
  return READ_ONLY;
}

const FIND_ACTIONS = set(
  "-delete -exec -execdir -ok -okdir -fprint -fprint0 -fls -fprintf -files0-from",
);
const FIND_PATH_TESTS = set(
  "-newer -anewer -cnewer -mnewer -samefile -path -wholename -ilname -lname -ipath -iwholename",
);

/** `find`: start paths and file tests are checked; actions that run or write need a rule. */
function _find(args: string[], ctx: CommandPathContext): CommandDefault {
  const action = args.find((a) => FIND_ACTIONS.has(a));
  if (action !== undefined) {
    return other(`find with '${action}' executes commands or modifies files`);
  }
  const follow = args.find((a) => a === "-L" || a === "-follow");
  if (follow !== undefined) {
    return other(`find ${follow} follows symbolic links out of the project`);
  }
  const paths: string[] = [];
  let expression = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === "-H" || a === "-P") continue;
    if (a.startsWith("-") && a.length > 1) {
      expression = true;
      if (FIND_PATH_TESTS.has(a) || /^-newer[aBcmt][aBcmt]$/.test(a)) paths.push(args[++i] ?? "");
    } else if (!expression) paths.push(a);
  }
  const why = _outside("find", paths, ctx, "search files in");
  return why === undefined ? READ_ONLY : other(why);
}

const JQ_DANGER =
  /^-[a-zA-Z]*[fL]|^--(?:from-file|rawfile|slurpfile|argfile|run-tests|library-path)|\b(?:env|include|import)\b|\bsystem\s*\(|\$(?:\s|#.*\n)*ENV\b/;

/** `jq`: files, modules, the environment and `system` need a rule; input files are checked. */
function _jq(args: string[], ctx: CommandPathContext): CommandDefault {
  const bad = args.find((a) => JQ_DANGER.test(a));
  if (bad !== undefined) return other(`jq '${bad}' could read other files or the environment`);
  const files: string[] = [];
  let filter = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    // Only the options surely followed by values skip words: a skipped file is never checked.
    if (a === "--arg" || a === "--argjson") i += 2;
    else if (a === "--indent") i++;
    else if (!a.startsWith("-") || a === "-") {
      if (filter) files.push(a);
      filter = true;
    }
  }
  const why = _outside("jq", files, ctx, "process JSON from files in");
  return why === undefined ? READ_ONLY : other(why);
}

/** `uniq` reading standard input only (`uniq IN OUT` writes OUT). */
function _uniq(args: string[]): CommandDefault {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (/^-[fsw]$/.test(a) && /^\d+$/.test(args[i + 1] ?? "")) i++;
    else if (!/^(-[a-zA-Z]+|--[a-zA-Z-]+(=\S+)?)$/.test(a)) {
      return other("uniq with a file operand needs a rule (it writes the second one)");
    }
  }
  return READ_ONLY;
}

/** `cd DIR` inside the working directories; no argument is `~`. */
function _cd(args: string[], ctx: CommandPathContext): CommandDefault {
  if (args.length > 1) return other("cd with two or more arguments needs a rule");
  const dir = args[0] ?? "~";
  if (dir === "-") return other("cd - goes where the command does not say");
  if (dir.startsWith("-")) return other(`cd option '${dir}' needs a rule`);
  const why = _outside("cd", [dir], ctx, "change directories to");
  return why === undefined ? READ_ONLY : other(why);
}

// --- sed -----------------------------------------------------------------------------------------

const SED_PRINT_OPTIONS = set(
  "-n --quiet --silent -E --regexp-extended -r -z --zero-terminated --posix",
);
const SED_EDIT_OPTIONS = set("-E --regexp-extended -r --posix -i --in-place");
const SED_SUBSTITUTE = /^s\/[^/]*\/[^/]*\/[gpimIM]*[1-9]?[gpimIM]*$/;
/** Text Claude Code refuses in a substitution (writes, commands, addresses it cannot read). */
const SED_DANGER = [
  /[^\x20-\x7e]/,
  /[{}#;]/,
  /[/\d$]!/,
  /\d\s*~\s*\d|,\s*~\s*\d|\$\s*~\s*\d/,
  /,\s*[+-]/,
  /s\\/,
  /\\[|#%@]/,
  /\/[^/]*\s+[wWeE]/,
];
/** A file after `sed -i SCRIPT` that reads as a script (BSD's `sed -i SUFFIX SCRIPT`). */
const SED_SCRIPT_LIKE = [
  /^[sy][^a-zA-Z0-9]/,
  /^[\\$:={]/,
  /^\d+[ \t]*[,!~=aAcCdDegGhHiIlnNpPqQrRsStTwWxyz]/,
  /^[aAcCdDgGhHiIlnNpPqQtTwWxz=]([\s\\;]|$)/,
  /^[rR]([\s\\;/]|\.{1,2}\/|$)/,
  /[;[\\]/,
];

function _optionsWithin(options: string[], allowed: ReadonlySet<string>): boolean {
  return options.every((o) =>
    allowed.has(o) ||
    (!o.startsWith("--") && o.length > 2 && [...o.slice(1)].every((c) => allowed.has("-" + c)))
  );
}

/**
 * `sed`: read-only when it only prints lines (`sed -n 1,5p FILE`) or substitutes on standard
 * input (`sed s/a/b/`); one plain substitution on files, with or without `-i`, is an edit.
 */
function _sed(args: string[], ctx: CommandPathContext): CommandDefault {
  const dangerous = other(
    "sed command requires approval (contains potentially dangerous operations)",
  );
  const options = args.filter((a) => a.startsWith("-") && a !== "--");
  const [script, ...files] = args.filter((a) => !a.startsWith("-"));
  if (script === undefined) return dangerous;
  const quiet = options.some((o) => o === "--quiet" || o === "--silent" || /^-[^-]*n/.test(o));
  if (
    quiet && _optionsWithin(options, SED_PRINT_OPTIONS) &&
    script.split(";").every((c) => /^(?:\d+|\d+,\d+)?p$/.test(c.trim()))
  ) {
    const why = _outside("sed", files, ctx, "edit files in");
    return why === undefined ? READ_ONLY : other(why);
  }
  if (!SED_SUBSTITUTE.test(script.trim()) || SED_DANGER.some((r) => r.test(script))) {
    return dangerous;
  }
  if (!_optionsWithin(options, SED_EDIT_OPTIONS)) return dangerous;
  const inPlace = options.filter((o) => o === "-i" || o === "--in-place" || /^-[Er]+i$/.test(o));
  if (files.length === 0) return inPlace.length === 0 ? READ_ONLY : dangerous;
  if (inPlace.length > 1) return dangerous;
  if (inPlace.length === 1 && SED_SCRIPT_LIKE.some((r) => r.test(files[0] ?? ""))) {
    return dangerous;
  }
  return _edit("sed", files, ctx);
}

// --- Commands acceptEdits runs -------------------------------------------------------------------

/** An edit when every path is inside the working directories. */
function _edit(cmd: string, paths: string[], ctx: CommandPathContext): CommandDefault {
  if (paths.length === 0) return other(`${cmd} without a path needs a rule`);
  for (const p of paths) {
    const problem = _pathProblem(p);
    if (problem !== undefined) return other(problem);
    if (!ctx.inWorkingDirs(p)) {
      return other(`${cmd} in '${p}' needs approval: the path is outside the working directories`);
    }
  }
  return { kind: "edit", paths };
}

/** The directory holding `p`, as written: `src` -> `.`, `.` -> `./..`, `/a` -> `/`. */
function _parent(p: string): string {
  const t = p.replace(/\/+$/, "");
  if (t === "") return p.startsWith("/") ? "/" : "..";
  if (t === "." || t === "..") return `${t}/..`;
  const i = t.lastIndexOf("/");
  return i < 0 ? "." : i === 0 ? "/" : t.slice(0, i);
}

/** `rm` and `rmdir`: never a working directory itself or a directory above one. */
function _remove(cmd: string, args: string[], ctx: CommandPathContext): CommandDefault {
  if (args.includes("--no-preserve-root")) return other(`${cmd} --no-preserve-root needs a rule`);
  if (cmd === "rmdir" && args.some((a) => a === "--parents" || /^-[^-]*p/.test(a))) {
    return other("rmdir -p also removes the parent directories: it needs a rule");
  }
  const paths = _operands(args, undefined);
  for (const p of paths) {
    if (_pathProblem(p) === undefined && ctx.inWorkingDirs(p) && !ctx.inWorkingDirs(_parent(p))) {
      return other(`Dangerous ${cmd} operation: '${p}' is a working directory or above one`);
    }
  }
  return _edit(cmd, paths, ctx);
}

/** `mv` and `cp` with no option at all (`-t DIR` would move the target out of sight). */
function _copy(cmd: string, args: string[], ctx: CommandPathContext): CommandDefault {
  return args.some((a) => a.startsWith("-"))
    ? other(`${cmd} with flags requires manual approval to ensure path safety`)
    : _edit(cmd, args, ctx);
}

/** `touch` with names only: no options (`-d`, `-r`, `--`). */
function _touch(args: string[], ctx: CommandPathContext): CommandDefault {
  return args.every((a) => /^[\w./~]/.test(a))
    ? _edit("touch", args, ctx)
    : other("touch with options needs a rule");
}

// --- git -----------------------------------------------------------------------------------------

const REFS = "--all --branches --tags --remotes";
const DATES = "--since:str --after:str --until:str --before:str";
const PRETTY = "--oneline --graph --decorate --no-decorate --date:str --relative-date";
const COUNT = "--max-count:num -n:num";
const STAT = "--stat --numstat --shortstat --name-only --name-status";
const COLOR = "--color --no-color";
const PATCH = "--patch -p --no-patch --no-ext-diff -s";
const PEOPLE = "--author:str --committer:str --grep:str";
const WORD_DIFF = "--word-diff --word-diff-regex:str --color-words --diff-filter:str";
const SIGNATURE = /%[-+ ]?G|%\(\*?signature/;
const BUILTIN_FORMATS = set("oneline short medium full fuller email raw");

/** A format that verifies signatures (runs gpg) or names a user-defined pretty format. */
function _gitFormat(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (SIGNATURE.test(a)) return `git format '${a}' verifies signatures`;
    for (const o of ["--format", "--pretty", "--sort", "--group"]) {
      const v = a === o ? args[i + 1] : a.startsWith(o + "=") ? a.slice(o.length + 1) : undefined;
      if (v === undefined) continue;
      if (
        /(?:^|[=:])~/.test(v) || (v.includes("~") && v.includes("{")) || v.includes("signature")
      ) {
        return `git ${o} '${v}' needs a rule`;
      }
      const named = v !== "" && !v.includes("%") && !/^t?format:/.test(v);
      if ((o === "--format" || o === "--pretty") && named && !BUILTIN_FORMATS.has(v)) {
        return `git ${o}=${v} names a user-defined format`;
      }
    }
  }
  return undefined;
}

/** `git tag` / `git branch`: a name only after `--list` (or a commit after `--merged`). */
function _gitListing(what: string, valued: string, commitAfter = ""): FlagsSpec["check"] {
  const takesValue = set(valued);
  const commit = set(commitAfter);
  return (args) => {
    const format = _gitFormat(args);
    if (format !== undefined) return format;
    let listing = false;
    let last = "";
    for (let i = 0; i < args.length; i++) {
      const a = args[i] ?? "";
      if (a.startsWith("-")) {
        if (a === "--list" || /^-[^-]*l/.test(a)) listing = true;
        last = a.split("=")[0] ?? a;
        if (!a.includes("=") && takesValue.has(a)) i++;
      } else if (!listing && !commit.has(last)) {
        return `git ${what} ${a} creates, renames or deletes: it needs a rule`;
      }
    }
    return undefined;
  };
}

const git = (options: string, extra: Partial<FlagsSpec> = {}): FlagsSpec => ({
  kind: "flags",
  options: opts(options),
  operands: "none",
  numericFlags: true,
  ...extra,
});
const FORMAT_CHECKED: Partial<FlagsSpec> = { check: _gitFormat };

/** Read-only git subcommands with Claude Code's option lists; a longer key is tried first. */
const GIT: Readonly<Record<string, FlagsSpec>> = {
  "stash list": git(`${PRETTY} ${REFS} ${COUNT}`),
  "stash show": git(`${STAT} ${COLOR} ${PATCH} ${WORD_DIFF} --abbrev:num`),
  "worktree list": git("--porcelain -v --verbose --expire:str"),
  "config --get": git(`--local --global --system --worktree --default:str --type:str --bool
    --int --bool-or-int --path --expiry-date -z --null --name-only --show-origin --show-scope`),
  status: git(`--short -s --branch -b --porcelain --long --verbose -v --untracked-files:str
    -u:str --ignored --column --no-column --ahead-behind --no-ahead-behind --renames
    --no-renames --find-renames:str -M:str`),
  log: git(
    `${PRETTY} ${REFS} ${DATES} ${COUNT} ${STAT} ${COLOR} ${PATCH} ${PEOPLE} --abbrev-commit
    --full-history --dense --sparse --simplify-merges --ancestry-path --source --first-parent
    --merges --no-merges --reverse --walk-reflogs --skip:num --max-age:num --min-age:num
    --no-min-parents --no-max-parents --follow --no-walk --left-right --cherry-mark
    --cherry-pick --boundary --topo-order --date-order --author-date-order --pretty:str
    --format:str --diff-filter:str -S:str -G:str --pickaxe-regex --pickaxe-all`,
    FORMAT_CHECKED,
  ),
  diff: git(
    `${STAT} ${COLOR} ${WORD_DIFF} --dirstat --summary --patch-with-stat --no-renames
    --no-ext-diff --check --ws-error-highlight:str --full-index --binary --abbrev:num
    --break-rewrites --find-renames --find-copies --find-copies-harder --irreversible-delete
    --diff-algorithm:str --histogram --patience --minimal --ignore-space-at-eol
    --ignore-space-change --ignore-all-space --ignore-blank-lines --inter-hunk-context:num
    --function-context --exit-code --quiet --cached --staged --pickaxe-regex --pickaxe-all
    --no-index --relative:str -p -u -s -M -C -B -D -l -S:str -G:str -O:str -R`,
    { operands: "paths", verb: "access files with git from" },
  ),
  show: git(
    `${PRETTY} ${STAT} ${COLOR} ${PATCH} ${WORD_DIFF} --abbrev-commit --pretty:str --format:str
    --first-parent --raw -m --quiet`,
    FORMAT_CHECKED,
  ),
  shortlog: git(
    `${REFS} ${DATES} -s --summary -n --numbered -e --email -c --committer --group:str
    --format:str --no-merges --author:str`,
    FORMAT_CHECKED,
  ),
  reflog: git(`${PRETTY} ${REFS} ${DATES} ${COUNT} ${PEOPLE}`, {
    check: (args) => {
      const first = args[0] ?? "show";
      const bad = args.find((a) => ["expire", "delete", "exists", "drop", "write"].includes(a)) ??
        (first.startsWith("-") || ["show", "list"].includes(first) ? undefined : first);
      return bad === undefined ? undefined : `git reflog ${bad} needs a rule`;
    },
  }),
  blame: git(`${COLOR} -L:str --porcelain -p --line-porcelain --incremental --root
    --show-stats --show-name --show-number -n --show-email -e -f --date:str -w --ignore-rev:str
    --ignore-revs-file:str -M -C --score-debug --abbrev:num -s -l -t`),
  "ls-files": git(`--cached -c --deleted -d --modified -m --others -o --ignored -i --stage -s
    --killed -k --unmerged -u --directory --no-empty-directory --eol --full-name --abbrev:num
    --debug -z -t -v -f --exclude:str -x:str --exclude-from:str -X:str
    --exclude-per-directory:str --exclude-standard --error-unmatch --recurse-submodules`),
  remote: git("-v --verbose", {
    check: (args) =>
      args.some((a) => !a.startsWith("-")) ? "git remote with a name needs a rule" : undefined,
  }),
  "merge-base": git("--is-ancestor --fork-point --octopus --independent --all"),
  "rev-parse": git(`--verify --short:str --abbrev-ref --symbolic --symbolic-full-name
    --show-toplevel --show-cdup --show-prefix --git-dir --git-common-dir --absolute-git-dir
    --is-inside-work-tree --is-inside-git-dir --is-bare-repository --is-shallow-repository
    --is-shallow-update --path-prefix`),
  "rev-list": git(
    `${REFS} ${DATES} ${COUNT} ${PEOPLE} --count --reverse --first-parent --ancestry-path
    --merges --no-merges --min-parents:num --max-parents:num --no-min-parents --no-max-parents
    --skip:num --max-age:num --min-age:num --walk-reflogs --oneline --abbrev-commit
    --pretty:str --format:str --abbrev:num --full-history --dense --sparse --source --graph`,
    FORMAT_CHECKED,
  ),
  describe: git(`--tags --match:str --exclude:str --long --abbrev:num --always --contains
    --first-match --exact-match --candidates:num --dirty --broken`),
  "cat-file": git("-t -s -p -e --batch-check --allow-undetermined-type"),
  "for-each-ref": git(
    `--format:str --sort:str --count:num --contains:str --no-contains:str --merged:str
    --no-merged:str --points-at:str`,
    FORMAT_CHECKED,
  ),
  grep: git(
    `-e:str -E --extended-regexp -G --basic-regexp -F --fixed-strings -P --perl-regexp -i
    --ignore-case -v --invert-match -w --word-regexp -n --line-number -c --count -l
    --files-with-matches -L --files-without-match -h -H --heading --break --full-name --color
    --no-color -o --only-matching -A:num --after-context:num -B:num --before-context:num -C:num
    --context:num --and --or --not --max-depth:num --untracked --no-index --recurse-submodules
    --cached --threads:num -q --quiet`,
    { operands: "pattern-then-paths", patternOptions: ["-e"], verb: "access files with git from" },
  ),
  tag: git(
    `-l --list -n:num --contains:str --no-contains:str --merged:str --no-merged:str --sort:str
    --format:str --points-at:str --column --no-column -i --ignore-case`,
    {
      check: _gitListing(
        "tag",
        "--contains --no-contains --merged --no-merged --points-at --sort --format -n",
      ),
    },
  ),
  branch: git(
    `-l --list -a --all -r --remotes -v -vv --verbose --color --no-color --column --no-column
    --abbrev:num --no-abbrev --contains:str --no-contains:str --merged --no-merged
    --points-at:str --sort:str --show-current -i --ignore-case`,
    {
      check: _gitListing(
        "branch",
        "--contains --no-contains --points-at --sort",
        "--merged --no-merged",
      ),
    },
  ),
};

/**
 * `git SUBCOMMAND ...`: the read-only subcommands. Options before the subcommand (`git -C
 * dir`, `git -c x=y`, `--no-pager`) match no entry and need a rule.
 */
function _git(args: string[], ctx: CommandPathContext): CommandDefault {
  for (const [key, spec] of Object.entries(GIT)) {
    const words = key.split(" ");
    if (words.every((w, i) => args[i] === w)) {
      return _bySpec("git", args.slice(words.length), spec, ctx);
    }
  }
  return other(`git ${args[0] ?? ""} is not a read-only git command Claude Code runs freely`);
}

// --- The table -----------------------------------------------------------------------------------

const any = (operands: Operands, verb?: string, extra: Partial<AnySpec> = {}): AnySpec => ({
  kind: "any",
  operands,
  verb,
  ...extra,
});
const flags = (options: string, operands: Operands, extra: Partial<FlagsSpec> = {}): FlagsSpec => ({
  kind: "flags",
  options: opts(options),
  operands,
  ...extra,
});
const special = (classify: (args: string[], ctx: CommandPathContext) => CommandDefault): Spec => ({
  kind: "special",
  classify,
});
const TEXT: AnySpec = any("none");

const GREP = flags(
  `-e:str --regexp:str -f:path --file:path -F --fixed-strings -G --basic-regexp -E
  --extended-regexp -P --perl-regexp -i --ignore-case --no-ignore-case -v --invert-match -w
  --word-regexp -x --line-regexp -c --count --color:str --colour:str -L --files-without-match -l
  --files-with-matches -m:num --max-count:num -o --only-matching -q --quiet --silent -s
  --no-messages -b --byte-offset -H --with-filename -h --no-filename --label:str -n
  --line-number -T --initial-tab -u --unix-byte-offsets -Z --null -z --null-data -A:num
  --after-context:num -B:num --before-context:num -C:num --context:num --group-separator:str
  --no-group-separator -a --text --binary-files:str -I -D:str --devices:str -d:str
  --directories:str --exclude:str --exclude-from:str --exclude-dir:str --include:str -r
  --recursive --line-buffered -U --binary --help -V --version`,
  "pattern-then-paths",
  {
    patternOptions: ["-e", "--regexp", "-f", "--file"],
    gluedNumbers: true,
    verb: "search for patterns in files from",
  },
);
const SUMS = flags(
  `-b --binary -t --text --ignore-missing --quiet --status --strict -w --warn --tag -z --zero
  --help --version`,
  "paths",
  { verb: "compute checksums for files in" },
);

/** Every command known here; anything else needs a rule. */
const COMMANDS: Readonly<Record<string, Spec>> = {
  // Every option accepted; the operands are files to read.
  cat: any("paths", "concatenate files from"),
  head: any("paths", "read the beginning of files from"),
  tail: any("paths", "read the end of files from"),
  wc: any("paths", "count lines/words/bytes in files from", { refuse: ["--files0-from"] }),
  stat: any("paths", "read file stats from"),
  strings: any("paths", "extract strings from files in", { refuse: ["@"] }),
  hexdump: any("paths", "display hex dump of files from"),
  od: any("paths", "display octal dump of files from"),
  nl: any("paths", "number lines in files from"),
  rev: any("paths", "read files (reversed lines) from"),
  tsort: any("paths", "sort files from"),
  diff: any("paths", "compare files from", { refuse: ["--from-file", "--to-file"] }),
  ls: any("paths", "list files in"),
  du: any("paths", "list files in", { refuse: ["--files0-from"] }),
  tac: any("paths", "read files (reversed) from", { valued: set("-s --separator") }),
  cut: any("paths", "extract columns from files in", {
    valued: set("-b -c -d -f --bytes --characters --delimiter --fields --output-delimiter"),
  }),
  paste: any("paths", "merge files from", { valued: set("-d --delimiters") }),
  column: any("paths", "format files from", {
    valued: set(`-c -o -s -N -O -C -l -E -H -R -T -W -r -i -p --separator --output-separator
      --output-width --table-name --table-order --table-column --table-columns --table-hide
      --table-right --table-truncate --table-wrap --tree --tree-id --tree-parent`),
  }),
  fold: any("paths", "wrap lines of files from", { valued: set("-w --width") }),
  expand: any("paths", "convert tabs in files from", { valued: set("-t --tabs") }),
  unexpand: any("paths", "convert spaces in files from", { valued: set("-t --tabs") }),
  fmt: any("paths", "reformat files from", { valued: set("-w -g -d -l --width --goal --prefix") }),
  comm: any("paths", "compare files from", { valued: set("--output-delimiter") }),
  cmp: any("paths", "compare files from", { valued: set("--ignore-initial --bytes") }),
  pr: any("paths", "paginate files from", { valued: set("-h -l -w -W -o -N -D") }),
  numfmt: any("paths", "reformat numbers in files from", {
    valued: set(`-d --from --to --from-unit --to-unit --format --padding --delimiter --field
      --round --suffix --invalid`),
  }),
  // Every option accepted; nothing read from files.
  ...Object.fromEntries(
    [...set(`echo tr basename dirname realpath readlink type expr seq sleep true false id uname
      free df locale groups nproc uptime cal`)].map((c) => [c, TEXT]),
  ),
  // Listed options only.
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  rg: flags(
    `-e:str --regexp:str -f:path -i --ignore-case -S --smart-case -F --fixed-strings -w
    --word-regexp -v --invert-match -c --count -l --files-with-matches --files-without-match -n
    --line-number -o --only-matching -A:num --after-context:num -B:num --before-context:num
    -C:num --context:num -H -h --heading --no-heading -q --quiet --column -g:str --glob:str
    -t:str --type:str -T:str --type-not:str --type-list --hidden --no-ignore -u -m:num
    --max-count:num -d:num --max-depth:num -a --text --color:str --json --stats --help
    --version --debug`,
    "pattern-then-paths",
    {
      patternOptions: ["-e", "--regexp", "-f"],
      gluedNumbers: true,
      verb: "search for patterns in files from",
    },
  ),
  sort: flags(
    `--ignore-leading-blanks -b --dictionary-order -d --ignore-case -f --general-numeric-sort -g
    --human-numeric-sort -h --ignore-nonprinting -i --month-sort -M --numeric-sort -n
    --random-sort -R --reverse -r --sort:str --stable -s --unique -u --version-sort -V
    --zero-terminated -z --key:str -k:str --field-separator:str -t:str --check -c
    --check-char-order -C --merge -m --buffer-size:str -S:str --parallel:num --batch-size:num
    --help --version`,
    "paths",
    { verb: "sort contents of files from" },
  ),
  file: flags(
    `--brief -b --mime -i --mime-type --mime-encoding --apple --check-encoding -c --exclude:str
    --exclude-quiet:str --print0 -0 -F:str --separator:str --help --version -v --no-dereference
    -h --dereference -L --keep-going -k --list -l --no-buffer -n --preserve-date -p --raw -r -s
    --special-files`,
    "paths",
    { verb: "examine file types in" },
  ),
  base64: flags(
    `-d -D --decode -b:num --break:num -w:num --wrap:num -i:path --input:path --ignore-garbage
    -h --help --version`,
    "paths",
    { verb: "encode/decode files from" },
  ),
  md5sum: SUMS,
  sha1sum: SUMS,
  sha256sum: SUMS,
  tree: flags(
    `-a -d -f -x -L:num -P:str -I:str --gitignore --gitfile:path --ignore-case --matchdirs
    --metafirst --prune --info --infofile:path --noreport --charset:str --filelimit:num -q -N -Q
    -p -u -g -s -h --si --du -D --timefmt:str -F --inodes --device -v -t -c -U -r --dirsfirst
    --filesfirst --sort:str -i -A -S -n -C -X -J -H:str --nolinks --hintro:str --houtro:str
    -T:str --hyperlink --scheme:str --authority:str --help --version`,
    "paths",
    { verb: "list files in" },
  ),
  date: flags(
    `-d:str --date:str -r:path --reference:path -u --utc --universal -I --iso-8601:str -R
    --rfc-email --rfc-3339:str --debug --help --version`,
    "none",
    {
      verb: "read file dates from",
      check: (args) =>
        _operands(args, set("-d --date -r --reference --rfc-3339")).some((a) => a[0] !== "+")
          ? "date with an operand other than +FORMAT sets the clock"
          : undefined,
    },
  ),
  hostname: flags(
    `-f --fqdn --long -s --short -i --ip-address -I --all-ip-addresses -a --alias -d --domain -A
    --all-fqdns -v --verbose -h --help -V --version`,
    "none",
    {
      check: (args) =>
        args.every((a) => /^(-[a-zA-Z]|--[a-zA-Z-]+)$/.test(a))
          ? undefined
          : "hostname takes single options only without a rule (hostname NAME sets the name)",
    },
  ),
  which: flags(
    `-a --all -s -p -w --skip-dot --skip-tilde --show-dot --show-tilde --skip-alias
    --skip-functions -v -V --version --help`,
    "none",
  ),
  ps: flags(
    `-e -A -a -d -N --deselect -f -F -l -j -y -w -ww --width:num -c -H --forest --headers
    --no-headers -n:str --sort:str -L -T -m -C:str -G:str -g:str -p:str --pid:str -q:str
    --quick-pid:str -s:str --sid:str -t:str --tty:str -U:str -u:str --user:str --help --info -V
    --version`,
    "none",
    { check: _psCheck },
  ),
  // Forms of their own.
  pwd: { kind: "exact", forms: [""] },
  whoami: { kind: "exact", forms: [""] },
  node: { kind: "exact", forms: ["-v", "--version"] },
  python: { kind: "exact", forms: ["--version"] },
  python3: { kind: "exact", forms: ["--version"] },
  claude: { kind: "exact", forms: ["-h", "--help"] },
  printf: special(_printf),
  test: special((a) => _test(a, false)),
  "[": special((a) => _test(a, true)),
  find: special(_find),
  jq: special(_jq),
  uniq: special(_uniq),
  cd: special(_cd),
  sed: special(_sed),
  git: special(_git),
  xargs: special(() => other("xargs hands its command file names from standard input, unchecked")),
  // What acceptEdits runs.
  mkdir: special((a, ctx) => _edit("mkdir", _operands(a, set("-m --mode")), ctx)),
  touch: special(_touch),
  rm: special((a, ctx) => _remove("rm", a, ctx)),
  rmdir: special((a, ctx) => _remove("rmdir", a, ctx)),
  mv: special((a, ctx) => _copy("mv", a, ctx)),
  cp: special((a, ctx) => _copy("cp", a, ctx)),
};

/** `ps`: BSD `e` (the environment) and `-e` with layout options need a rule. */
function _psCheck(args: string[]): string | undefined {
  const option = (a: string) => a.length > 1 && OPTION.test(a);
  if (args.some((a) => !option(a) && /[eE]/.test(a))) return "ps e shows the environment";
  if (!args.some((a) => /^-[a-zA-Z]*e/.test(a))) return undefined;
  const plain = args.every((a) => a === "--forest" || /^-[AacdeFfjlwHLTm]+$/.test(a));
  const layout = args.flatMap((a) => a === "--forest" ? [a] : a.match(/[HLTm]/g) ?? []);
  return plain && layout.length <= 1 ? undefined : "ps -e with these options needs a rule";
}
