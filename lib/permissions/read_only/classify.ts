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

import { _operands, _outside } from "./_paths.ts";
import { type AnySpec, type FlagsSpec, OPTION, other, READ_ONLY, set, type Spec } from "./_spec.ts";
import { commandSpec } from "./_table.ts";
import type { CommandDefault, CommandPathContext } from "./command_default.ts";

export type { CommandDefault, CommandPathContext } from "./command_default.ts";

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
  const spec = commandSpec(cmd);
  if (spec === undefined) return other(`${cmd} is not a command Claude Code runs without a rule`);
  return _bySpec(cmd, argv.slice(start + 1), spec, ctx);
}

/** Checks the arguments of `cmd` against its table entry. */
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
    case "subcommands": {
      for (const [key, sub] of Object.entries(spec.subcommands)) {
        const words = key.split(" ");
        if (words.every((w, i) => args[i] === w)) {
          return _bySpec(cmd, args.slice(words.length), sub, ctx);
        }
      }
      return other(
        `${cmd} ${args[0] ?? ""} is not a read-only ${cmd} command Claude Code runs freely`,
      );
    }
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

// --- Paths -------------------------------------------------------------------------------------

/** The operands (and option values) of an `any` or `flags` command that it reads, checked. */
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

// --- Options of `flags` commands ----------------------------------------------------------------

interface Parsed {
  operands: string[];
  optionPaths: string[];
  /** An option gave the pattern (`-e`, `-f`). */
  pattern: boolean;
}

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
