/**
 * Programs that run a command written in their arguments (class 5 of issue 10), read for what
 * they run: sed's `e` command and `s///e` flag (`_sed_script.ts`), git's command-valued
 * configuration (`-c alias.x='!CMD'`, `core.pager`, `core.fsmonitor`, `core.sshCommand`, ...,
 * also set by `git config` for later runs) and `git grep -O CMD` (`_git_commands.ts`),
 * tar's `--to-command`, `-I`/`--use-compress-program`, `--checkpoint-action=exec=`,
 * `-F`/`--info-script`, `--rsh-command`, awk's `system()` and pipes (`_awk_program.ts`), vim's `-c`/`+`/`--cmd`
 * ex commands (`_ex_commands.ts`), `rg --pre`, `rsync -e`, ssh's `ProxyCommand` and
 * `LocalCommand`, `scp -S`, `sftp -S`/`-D`; and the environment variables whose value a
 * program runs (`GIT_SSH_COMMAND`, `PAGER`, `EDITOR`, ...) when the command assigns them. A
 * command written as it runs is a part of its own; one only known when it runs hides what
 * runs. Programs that remove files without `rm` (`unlink`, `shred -u`, `find -delete`) count
 * as `rm -rf PATHS`.
 *
 * @module
 */

import type { SimpleCommand, Word } from "../parse.ts";
import type { Inner } from "../_inner.ts";
import { literal, type ProgramKnowledge } from "../_walk.ts";
import { sedRuns } from "./_sed_script.ts";
import { awkRuns } from "./_awk_program.ts";
import { exRuns } from "./_ex_commands.ts";
import { git } from "./_git_commands.ts";
import { optionArgs, script, value } from "./_option_scripts.ts";
import { specCommands } from "./_spec_commands.ts";
import { optionHolds, optionsWith, readArgv } from "../../programs/argv.ts";
import { passedVariables, programSpec } from "../../programs/lookup.ts";
import type { Use } from "../../programs/spec.ts";

/**
 * sed: its scripts (every `-e`/`--expression` in any spelling, or the first operand), read as
 * sed reads its words (`lib/programs/`: `-Ee SCRIPT`, `-l N`, `--expr=SCRIPT`), unless
 * `--sandbox` forbids `e`.
 */
function sed(words: Word[]): Inner[] {
  const r = readArgv(programSpec("sed")!, words.slice(1).map((w) => value(w) ?? null));
  // The word of a value: its own (`-e SCRIPT`), or the rest of its option's (`-eSCRIPT`).
  const word = (at: number, glued: boolean, text: string | null | undefined) =>
    glued || at < 0 ? literal(text ?? "") : words[at + 1]!;
  const all = [
    ...optionsWith(r, "code").map((o) => word(o.at[1]!, o.at[1] === o.at[0], o.value)),
    ...r.operands.filter((o) => o.use?.kind === "code").map((o) => word(o.at, false, o.word)),
  ];
  if (optionHolds(r, "no-exec") || all.length === 0) return [];
  const dynamic = all.find((w) => w.dynamic);
  if (dynamic !== undefined) {
    return [{ kind: "hidden", reason: `the sed script ${dynamic.raw} is only known when it runs` }];
  }
  const runs = sedRuns(all.map((w) => w.value).join("\n"));
  if (runs.kind === "hidden") return [{ kind: "hidden", reason: runs.reason }];
  return runs.commands.map((c) => ({ kind: "script", word: literal(c), label: "sed e" }));
}

/** awk: its program (the first operand, or gawk's `-e`/`--source`). */
function awk(words: Word[]): Inner[] {
  const programs: Word[] = [];
  let fromFile = false;
  let j = 1;
  for (; j < words.length; j++) {
    const v = value(words[j]);
    if (v === undefined) break;
    if (v === "--") {
      j++;
      break;
    }
    if (v === "-e" || v === "--source") programs.push(words[++j] ?? literal(""));
    else if (v.startsWith("--source=")) programs.push(literal(v.slice(9)));
    else if (["-f", "--file", "-E", "--exec", "-i", "--include", "-l", "--load"].includes(v)) {
      fromFile = true;
      j++;
    } else if (/^--(file|exec|include|load)=/.test(v) || /^-[fEil]./.test(v)) fromFile = true;
    else if (v === "-F" || v === "-v" || v === "--assign" || v === "--field-separator") j++;
    else if (!v.startsWith("-") || v === "-") break;
  }
  if (programs.length === 0 && !fromFile && words[j] !== undefined) programs.push(words[j]!);
  const out: Inner[] = [];
  if (fromFile && /-(l|-load)\b/.test(words.map((w) => w.raw).join(" "))) {
    out.push({ kind: "hidden", reason: "awk loads a shared library" });
  }
  for (const p of programs) {
    if (p.dynamic) {
      out.push({ kind: "hidden", reason: `the awk program ${p.raw} is only known when it runs` });
    } else out.push(...awkRuns(p.value, "awk"));
  }
  return out;
}

/** vim and its kin: `-c CMD`, `+CMD`, `--cmd CMD`. */
function vim(words: Word[], name: string): Inner[] {
  const out: Inner[] = [];
  // Ex mode (`ex`, `vim -e`, `-es`) reads ex commands from standard input, where `!CMD` runs
  // CMD (the sixth red team's `vim -es <<< '!rm x'`): not read, hidden. Its `-s` is "silent".
  const exMode = name === "ex" ||
    words.slice(1).some((w) => /^-[a-zA-Z]*[eE]/.test(w.value) && !w.value.startsWith("--"));
  // Unless its last `-c`/`+` command quits (`-c wq`: the usual batch edit), which leaves stdin.
  const commands = words.flatMap((w, k) =>
    w.value.startsWith("+") && w.value.length > 1
      ? [w.value.slice(1)]
      : (words[k - 1]?.value === "-c" || words[k - 1]?.value === "--cmd")
      ? [w.value]
      : []
  );
  const quits = /^\s*(w?q(a|all)?|x(a|it)?|wqa?|exit)!?\s*$/.test(commands.at(-1) ?? "");
  if (exMode && !quits) {
    out.push({ kind: "hidden", reason: `${name} in ex mode runs the commands it reads` });
  }
  for (let j = 1; j < words.length; j++) {
    const w = words[j]!;
    if (w.dynamic) {
      if (/^["']?[-+]/.test(w.raw)) {
        out.push({ kind: "hidden", reason: `${name} is given ${w.raw}, only known when it runs` });
      }
      continue;
    }
    const v = w.value;
    let cmd: Word | undefined;
    if (v === "-c" || v === "--cmd") cmd = words[++j];
    else if (v.startsWith("+") && v.length > 1) cmd = literal(v.slice(1));
    else if (v === "-s" && exMode) continue;
    else if (v === "-S" || v === "-s" || v === "-W" || v === "-w") {
      // A script of ex commands or keys from a file (`-s` in ex mode is only "silent").
      if (v === "-S") out.push({ kind: "hidden", reason: `${name} -S runs a script file` });
      j++;
      continue;
    }
    if (cmd === undefined) continue;
    if (cmd.dynamic) {
      out.push({ kind: "hidden", reason: `${name} runs ${cmd.raw}, only known when it runs` });
    } else out.push(...exRuns(cmd.value, `${name} -c`));
  }
  return out;
}

/** ssh, scp, sftp: `-o ProxyCommand=...`, `LocalCommand`, `KnownHostsCommand`; `-S PROG`. */
function ssh(words: Word[], name: string): Inner[] {
  const out: Inner[] = [];
  for (let j = 1; j < words.length; j++) {
    const v = value(words[j]);
    if (v === undefined) continue;
    let option: Word | undefined;
    if (v === "-o") option = words[++j];
    else if (v.startsWith("-o")) option = literal(v.slice(2));
    else if ((v === "-S" || (name === "sftp" && v === "-D")) && name !== "ssh") {
      const prog = words[++j];
      if (prog !== undefined) out.push(script(prog, `${name} ${v}`));
      continue;
    }
    if (option === undefined) continue;
    if (option.dynamic) {
      out.push({ kind: "hidden", reason: `${name} -o ${option.raw} is only known when it runs` });
      continue;
    }
    const m = /^\s*(ProxyCommand|LocalCommand|KnownHostsCommand)\s*(?:=|\s)\s*(.*)$/is.exec(
      option.value,
    );
    if (m !== null && m[2]!.toLowerCase() !== "none") {
      out.push({ kind: "script", word: literal(m[2]!), label: `${name} ${m[1]}` });
    }
  }
  return out;
}

/** The operands of a command: its words that are no options (null when they expand). */
const operands = (words: Word[]) =>
  words.slice(1).filter((w) => w.dynamic || !w.value.startsWith("-")).map((w) => value(w) ?? null);

/**
 * What a program runs by itself, from its words. Programs that remove files (`unlink`,
 * `shred -u`, `find -delete`) count as `rm -rf PATHS`, as an interpreter's removals do.
 *
 * @param name the program's name
 * @param words the program and its words
 * @param known what the machine says about programs (git's configured aliases)
 * @returns the commands, removals and reads, or hidden parts; empty for a program not read
 */
export function programCommands(
  name: string,
  words: Word[],
  known: ProgramKnowledge = {},
  cmd?: SimpleCommand,
): Inner[] {
  const bySpec = specCommands(words, name);
  const own = ownReading(name, words, known, cmd);
  return bySpec.length === 0 ? own : own.length === 0 ? bySpec : [...bySpec, ...own];
}

/** What the readers of their own (scripts, configuration, ex commands) find a program runs. */
function ownReading(
  name: string,
  words: Word[],
  known: ProgramKnowledge,
  cmd?: SimpleCommand,
): Inner[] {
  switch (name) {
    case "sed":
    case "gsed":
      return sed(words);
    case "git":
      return git(words, known);
    case "awk":
    case "gawk":
    case "mawk":
    case "nawk":
    case "busybox awk":
      return awk(words);
    case "vim":
    case "vi":
    case "nvim":
    case "ex":
    case "view":
    case "vimdiff":
    case "gvim":
    case "evim":
      return vim(words, name);
    // make's `--eval`/`-E` text is a makefile (its recipes and `$(shell ...)` run): not read,
    // the part is hidden; `npm exec --call=CMD` is `-c`.
    case "apt-get":
    case "apt":
      // `-o APT::Update::Pre-Invoke::=CMD` and the like run CMD.
      return words.some((w) => /Invoke|::Pre-|::Post-|Scripts/i.test(w.value))
        ? [{ kind: "hidden", reason: `${name} -o sets a command it runs` }]
        : [];
    case "bash":
    case "sh":
    case "dash":
    case "zsh":
      // A start-up file named on the command line runs before the command.
      return words.some((w) => /^--(rcfile|init-file)(=|$)/.test(w.value))
        ? [{ kind: "hidden", reason: `${name} runs a start-up file given on the command line` }]
        : [];
    case "ed":
    case "red":
      // ed reads its commands from standard input, and `!CMD` runs CMD: read when they are a
      // heredoc written out (the usual batch edit), else hidden.
      return edScriptRuns(cmd) === false
        ? []
        : [{ kind: "hidden", reason: `${name} runs the commands it reads (\`!CMD\`)` }];
    case "make":
    case "gmake": {
      // A makefile from standard input or a descriptor (`make -f /dev/stdin <<< ...`) too.
      const evals = words.slice(1).some((w, k, all) =>
        /^(-[a-zA-Z]*E|--eval)/.test(w.value) ||
        ((w.value === "-f" || w.value === "--file" || w.value === "--makefile") &&
          /^(-|\/dev\/(stdin|fd\/\d+)|\/proc\/self\/fd\/\d+)$/.test(all[k + 1]?.value ?? ""))
      );
      return evals
        ? [{ kind: "hidden", reason: "make --eval runs a makefile given on the command line" }]
        : [];
    }
    case "npm":
      return optionArgs(words, "", ["call"], "npm");
    case "ssh":
    case "scp":
    case "sftp":
      return ssh(words, name);
    case "unlink":
      return [{ kind: "removes", paths: words.slice(1).map((w) => value(w) ?? null), label: name }];
    case "shred":
      return words.some((w) => /^(-[a-z]*u|--remove(=.*)?)$/.test(w.value))
        ? [{ kind: "removes", paths: operands(words), label: "shred -u" }]
        : [];
    case "find": {
      // `-delete` as find reads it: an action, not a test's value (`-name -delete`) or a word
      // of `-exec`'s command (`-exec echo -delete \;`) (issue 23).
      const r = readArgv(
        programSpec("find")!,
        words.slice(1).map((w) => w.dynamic ? null : w.value),
      );
      return r.options.some((o) => o.option.id === "-delete")
        ? [{ kind: "removes", paths: [null], label: "find -delete" }]
        : [];
    }
    default:
      return [];
  }
}

/**
 * What a variable's value runs, by what the program that reads it takes it for (`Use`): a
 * command (`GIT_SSH_COMMAND=CMD`, `LESSOPEN='|CMD %s'` without its pipes), or code or options
 * skald does not read (`PERL5OPT`, `LD_PRELOAD`, `BASH_ENV`), which hide what runs.
 */
function valueRuns(name: string, uses: readonly Use[], v: Word): Inner[] {
  if (!v.dynamic && v.value === "") return [];
  for (const u of uses) {
    if (u.kind === "code" || u.kind === "code-file" || u.kind === "library") {
      // `PYTHONBREAKPOINT=0`: no hook.
      if (u.kind === "code" && u.lang !== "options" && !v.dynamic && v.value === "0") continue;
      return [{ kind: "hidden", reason: `${name} gives a program code or options to run` }];
    }
  }
  if (!uses.some((u) => u.kind === "runs" || u.kind === "shell")) return [];
  if (v.dynamic) {
    return [{ kind: "hidden", reason: `${name} is set to ${v.raw}, which a program runs` }];
  }
  return [{ kind: "script", word: literal(v.value.replace(/^\|+/, "")), label: name }];
}

/**
 * What an assignment gives a program to run, whatever the command (a variable of every program,
 * or one a program passes on: `lib/programs/`, `passedVariables`), and git's configuration given
 * by variables (`GIT_CONFIG_PARAMETERS`, `GIT_CONFIG_VALUE_N`).
 *
 * @param name the variable
 * @param v the value, as a word (dynamic when only known at run time)
 * @returns the command it runs, or nothing
 */
export function assignedCommand(name: string, v: Word): Inner[] {
  // `env 'BASH_FUNC_ls%%=() { rm x; }' bash -c ls`: a function bash imports.
  if (/^BASH_FUNC_.+%%$/.test(name)) {
    return [{ kind: "hidden", reason: `${name} gives a program code or options to run` }];
  }
  if (/^GIT_CONFIG_(PARAMETERS|VALUE_\d+)$/.test(name)) {
    if (v.dynamic) {
      return [{ kind: "hidden", reason: `${name} is set to ${v.raw}, which a program runs` }];
    }
    // Any value may be a command for a key named elsewhere: read as one (more, never fewer).
    // `GIT_CONFIG_PARAMETERS="'alias.q'='!CMD'"`: the value after the key.
    const text = name === "GIT_CONFIG_PARAMETERS"
      ? v.value.replace(/^\s*'[^']*'=?/, "").replace(/^'|'$/g, "")
      : v.value;
    return [{ kind: "script", word: literal(text.replace(/^!/, "")), label: name }];
  }
  const spec = passedVariables().get(name);
  return spec === undefined ? [] : valueRuns(name, spec.uses, v);
}

/**
 * What the variables the command sets run in one program that reads them (its own, not passed
 * on: `SHELL=CMD flock F -c X` runs CMD, `SHELL=/bin/zsh make` nothing).
 *
 * @param name the program's name
 * @param vars the values the command gives each variable so far
 * @returns the commands they run, or hidden parts
 */
export function variableCommands(name: string, vars: ReadonlyMap<string, Word[]>): Inner[] {
  if (vars.size === 0) return [];
  const spec = programSpec(name);
  if (spec === undefined) return [];
  const out: Inner[] = [];
  for (const e of spec.env) {
    if (e.passed) continue;
    for (const v of vars.get(e.name) ?? []) out.push(...valueRuns(e.name, e.uses, v));
  }
  return out;
}

/**
 * Whether ed's commands may run a shell command (`!CMD`, `r !CMD`, `w !CMD`, `e !CMD`, a `g`
 * list), read from the command's one heredoc when it is its standard input and written out
 * (issue 23: `ed FILE <<EOF ... EOF` edits, it runs nothing); undefined when they are not known.
 * The text of `a`, `i` and `c` (up to a line `.`) is text, not commands (POSIX ed).
 */
export function edScriptRuns(cmd: SimpleCommand | undefined): boolean | undefined {
  if (cmd === undefined || cmd.pipeIn || cmd.heredocs.length !== 1) return undefined;
  // Its standard input: the heredoc, and no other input redirection after it.
  const inputs = cmd.redirects.filter((r) => /^\d*(<|<<|<<-|<<<|<>|<&)$/.test(r.op));
  if (inputs.length !== 1 || !inputs[0]!.op.includes("<<") || inputs[0]!.op.endsWith("<<<")) {
    return undefined;
  }
  const doc = cmd.heredocs[0]!;
  // Unquoted, the body is expanded first: `$x` and `` `cmd` `` are only known when it runs.
  if (!doc.quoted && /[$`\\]/.test(doc.body)) return undefined;
  let text = false;
  for (const line of doc.body.split("\n")) {
    if (text) {
      if (line === ".") text = false;
      continue;
    }
    if (line.includes("!")) return true;
    const address = /^([0-9.$,;+\-\s]|'[a-z]|\/(\\.|[^/])*\/|\?(\\.|[^?])*\?)*/.exec(line)![0];
    const command = line.slice(address.length);
    if (/^[gGvV]/.test(command)) return true;
    if (/^[aic][pln]*$/.test(command)) text = true;
  }
  return false;
}
