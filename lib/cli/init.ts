/**
 * `skald init`: sets a project (`.claude/settings.json`; the project the directory belongs to,
 * `.claude/` made when missing), or with `--user` `~/.claude`, up in one command: the hook
 * registration for `PreToolUse`, `PermissionRequest` and `PreSkillShellCommand` with a command
 * that starts skald on any machine that installed it (a path of this machine's goes into the
 * uncommitted `.claude/settings.local.json`), and the recommended starter policy of deny rules
 * (`--no-preset`: none). With `--agent gemini|codex|copilot`, the hook registration in that agent's file
 * instead (`lib/settings/agent_registration.ts`); the policy stays in `.claude/`. Every other
 * key and the file's formatting stay; the change is shown as a diff; `--dry-run` writes
 * nothing. The one command that writes: skald's flags let it write only the files of
 * `INIT_FILES` (`permission_flags.ts`) of the directory it starts in; elsewhere it asks Deno
 * for exactly the file (Deno prompts in a terminal), or says which flag to add.
 *
 * @module
 */

import { posix } from "../path.ts";
import { type Command, Option } from "../deps/cli.ts";
import { loadDiff, loadJsonc } from "../deps/lint.ts";
import { hookCommand } from "../settings/hook_registration.ts";
import { type OtherAgent, REGISTRATIONS } from "../settings/agent_registration.ts";
import { PRESETS } from "../settings/preset.ts";
import { changeAgentFile, changeSettings } from "../settings/settings_edit.ts";
import { CliError } from "./cli_error.ts";
import { existingDir, fail } from "./common.ts";
import { existsOnDisk, findProjectRoot } from "../fs/project_root.ts";
import type { Io, Outcome } from "./io.ts";
import { INIT_FILES, permissionFlags, V8_FLAGS } from "./permission_flags.ts";

interface InitOptions {
  root?: string;
  home?: string;
  user?: boolean;
  local?: boolean;
  preset?: string | false;
  dryRun?: boolean;
  command?: string;
  json?: boolean;
  agent?: string;
}

/** Quotes a word for the shell when it needs it. */
const shellWord = (w: string) =>
  /^[A-Za-z0-9_@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;

/** The command that starts skald, how it was found, and whether it is the same on every machine. */
interface SkaldCommand {
  command: string;
  how: string;
  /** False for a path of this machine's (a binary's, a checkout's `main.ts`). */
  portable: boolean;
}

/**
 * The command that starts skald: `skald` when bash finds it on `PATH` (the same name on every
 * machine that installed it); else the standalone binary's own path; else the `deno run` line of
 * this run (portable when it runs skald from a URL).
 *
 * @returns the command, how it was found, and whether it is portable
 */
async function skaldCommand(): Promise<SkaldCommand> {
  try {
    const out = await new Deno.Command("bash", {
      args: ["-c", "command -v skald"],
      stdout: "piped",
      stderr: "null",
      stdin: "null",
    }).output();
    const found = new TextDecoder().decode(out.stdout).trim();
    if (out.success && found.startsWith("/")) {
      return { command: "skald", how: `skald on PATH (${found})`, portable: true };
    }
  } catch {
    // bash cannot run: the lines below still work
  }
  const exe = Deno.execPath();
  if (!/^deno(\.exe)?$/.test(posix.basename(exe))) {
    return { command: shellWord(exe), how: "this binary", portable: false };
  }
  const main = Deno.mainModule.startsWith("file://")
    ? decodeURIComponent(new URL(Deno.mainModule).pathname)
    : Deno.mainModule;
  return {
    command: ["deno", "run", "--no-config", ...runFlags(), V8_FLAGS, main].map(shellWord).join(" "),
    how: "the deno run line of this run",
    portable: !Deno.mainModule.startsWith("file://"),
  };
}

/**
 * skald's permission flags for this user: the resident decider's socket in this `HOME` (a line
 * written for this machine, or run without a shell, has no `$HOME` for a shell to expand).
 */
function runFlags(): string[] {
  return permissionFlags(`${Deno.env.get("HOME") ?? ""}/.cache/skald/hook.sock`);
}

/** This run's own command line: the binary, or `deno run` with skald's flags and `main.ts`. */
function selfCommand(): string[] {
  const exe = Deno.execPath();
  if (!/^deno(\.exe)?$/.test(posix.basename(exe))) return [exe];
  return [exe, "run", "--no-config", ...runFlags(), V8_FLAGS, Deno.mainModule];
}

/** Makes a directory with bash (init's own write permission names files, not folders). */
async function makeDir(dir: string): Promise<boolean> {
  const out = await new Deno.Command("bash", {
    args: ["-c", 'mkdir -p -- "$1"', "skald-init", dir],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).output();
  return out.success;
}

/**
 * Write permission for exactly one path: granted by the flags, or by Deno's prompt in a
 * terminal.
 */
function mayWrite(path: string): boolean {
  const desc = { name: "write", path } as const;
  if (Deno.permissions.querySync(desc).state === "granted") return true;
  return Deno.permissions.requestSync(desc).state === "granted";
}

/**
 * Registers `init`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerInit(program: Command, io: Io, done: (o: Outcome) => void): void {
  program.command("init")
    .description("register skald's hook in .claude/settings.json (or ~/.claude with --user)")
    .addOption(new Option("--root <dir>", "the project (default: the current directory)"))
    .addOption(new Option("--home <dir>", "stands for $HOME, where ~/.claude lives"))
    .option("--user", "set up ~/.claude/settings.json instead of the project")
    .option("--local", "write .claude/settings.local.json (not committed) instead")
    .addOption(
      new Option("--preset <name>", "the starter policy of deny rules (default: recommended)")
        .choices(Object.keys(PRESETS)),
    )
    .option("--no-preset", "register the hook alone, with no starter deny rules")
    .addOption(
      new Option("--agent <name>", "register the hook of another agent in its own file")
        .choices(["claude", "gemini", "codex", "copilot"]),
    )
    .option("--dry-run", "print the change; write nothing")
    .option("--command <cmd>", "the command that starts skald (default: found on this machine)")
    .option("--json", "print the result as JSON")
    .addHelpText(
      "after",
      `
Sets the project up (the one the current directory belongs to: its nearest .claude/ or .git
above, made if missing): for PreToolUse, PermissionRequest and PreSkillShellCommand a hook on
every tool, with onFailure "block" and a command that blocks the call when skald cannot start:
  SKALD hook --resident || { echo 'skald hook could not run ...' >&2; exit 2; }
with SKALD "skald" when it is on PATH, else the binary's path or this run's deno run line (a path
of this machine goes into .claude/settings.local.json, which is not committed); and the
recommended deny rules (--no-preset: none). A skald hook already there is brought up to date;
rules already there are not added twice; other keys and the file's formatting stay.

--agent gemini|codex|copilot registers skald's hook in that agent's file instead, whose
command reads that agent's hook input (skald hook --agent NAME) and blocks the call when
skald cannot start; the policy stays in .claude/settings.json:
  gemini   .gemini/settings.json (--user: ~/.gemini/settings.json), hooks.BeforeTool
  codex    .codex/hooks.json (--user: ~/.codex/hooks.json), hooks.PreToolUse; Codex runs a
           hook only once you trust it (/hooks in codex); skald doctor says whether it is
  copilot  .github/hooks/skald.json (--user: ~/.copilot/hooks/skald.json), hooks.preToolUse

skald may write ${INIT_FILES.join(", ")}
of the directory it starts in (its --allow-write); another file (--root elsewhere, --user)
needs Deno's prompt, answered in a terminal, or --allow-write=FILE on the deno run line.

Examples:
  skald init --dry-run
  skald init
  skald init --no-preset
  skald init --agent gemini
  cd ~ && skald init --user`,
    )
    .action(async (opts: InitOptions) => done(await init(opts, io)));
}

async function init(opts: InitOptions, io: Io): Promise<Outcome> {
  if (opts.user && opts.local) return fail(io, "--user and --local name different files: give one");
  const agent = (opts.agent ?? "claude") as "claude" | OtherAgent;
  if (agent !== "claude" && opts.local) {
    return fail(io, "--local names Claude Code's settings.local.json: leave it out with --agent");
  }
  if (agent !== "claude" && typeof opts.preset === "string") {
    return fail(
      io,
      "--preset adds deny rules to .claude/settings.json, the policy every agent's hook reads: " +
        "run skald init --preset recommended for it",
    );
  }
  const home = opts.home === undefined
    ? posix.resolve(io.cwd, io.env("HOME") ?? "/")
    : existingDir("--home", opts.home, io);
  // The project: --root, else the one the directory belongs to (its nearest .claude/ or .git above),
  // as the hook finds it: `skald init` in a subdirectory sets the project up, not the subdirectory.
  const root = opts.user
    ? home
    : opts.root !== undefined
    ? existingDir("--root", opts.root, io)
    : findProjectRoot(io.cwd, home, existsOnDisk);
  const registration = agent === "claude" ? undefined : REGISTRATIONS[agent];
  const skald: SkaldCommand = opts.command === undefined
    ? await skaldCommand()
    : { command: opts.command, how: "--command", portable: true };
  // A command only this machine has stays out of a committed file: settings.local.json instead.
  const local = opts.local === true ||
    (registration === undefined && !opts.user && !skald.portable);
  const file = registration === undefined
    ? posix.join(root, ".claude", local ? "settings.local.json" : "settings.json")
    : opts.user
    ? registration.userFile(home)
    : posix.join(root, registration.projectFile);
  const dir = posix.dirname(file);
  let before = "";
  try {
    before = Deno.readTextFileSync(file);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) {
      throw new CliError(`${file}: Cannot read the file: ${(e as Error).message}`);
    }
  }
  // The recommended preset unless --no-preset (or another preset named).
  const preset = opts.preset === false || registration !== undefined
    ? undefined
    : PRESETS[typeof opts.preset === "string" ? opts.preset : "recommended"]!;
  const jsonc = await loadJsonc();
  const changed = registration === undefined
    ? changeSettings(before, {
      hookCommand: hookCommand(skald.command),
      deny: preset === undefined ? [] : preset.map((r) => r.rule),
    }, jsonc)
    : changeAgentFile(before, registration, registration.command(skald.command), jsonc);
  if ("error" in changed) throw new CliError(`${file}: ${changed.error}`);
  const after = changed.text;
  const { createTwoFilesPatch } = await loadDiff();
  const shown = posix.relative(io.cwd, file) || file;
  const diff = before === after ? "" : createTwoFilesPatch(shown, shown, before, after, "", "", {
    context: 3,
  }).split("\n").slice(2).join("\n");
  const report = (written: boolean) => {
    if (io.json) {
      io.out(
        JSON.stringify({
          file,
          command: skald.command,
          found: skald.how,
          changed: diff !== "",
          written,
          diff,
        }) + "\n",
      );
    } else if (diff === "") {
      io.out(`${shown}: already set up, nothing to change\n`);
    } else {
      io.out(diff);
      io.out(
        `${
          written ? "wrote" : "would write"
        } ${shown} (the hook runs ${skald.command}: ${skald.how})\n`,
      );
      if (local && !opts.local) {
        io.out(
          `${skald.command} is a path of this machine: the hook went into ${shown}, which is ` +
            "not committed (install skald on PATH, then skald init again, for the committed file)\n",
        );
      }
      if (agent === "codex") {
        io.out(
          "Codex CLI skips a hook nobody trusted, without a word: trust it with /hooks in codex " +
            "(skald doctor says whether it is trusted)\n",
        );
      }
      if (written) io.out("check it: skald doctor\n");
    }
  };
  if (opts.dryRun || diff === "") {
    report(false);
    return "ok";
  }
  // skald may write its files only in the directory it starts in: set up a project above it
  // from there (bash runs skald again in the project, with the same options).
  if (!mayWrite(file) && root !== io.cwd && !opts.user && opts.root === undefined) {
    return await relaunch(opts, root, io);
  }
  const needDir = !existsOnDisk(dir);
  if (needDir && !(await makeDir(dir))) {
    return fail(io, `Cannot make ${dir}`);
  }
  if (!mayWrite(file)) {
    report(false);
    return fail(
      io,
      `No permission to write ${file}: skald may write ${INIT_FILES.join(", ")} of the ` +
        "directory it starts in; run it there, answer Deno's prompt in a terminal, or add " +
        `--allow-write=${file} to the deno run line`,
    );
  }
  Deno.writeTextFileSync(file, after);
  report(true);
  return "ok";
}

/** Runs this `skald init` again in the project's root (through bash, which may run anything). */
async function relaunch(opts: InitOptions, root: string, io: Io): Promise<Outcome> {
  const args = ["init", "--root", "."];
  if (opts.home !== undefined) args.push("--home", posix.resolve(io.cwd, opts.home));
  if (opts.local) args.push("--local");
  if (opts.preset === false) args.push("--no-preset");
  else if (typeof opts.preset === "string") args.push("--preset", opts.preset);
  if (opts.agent !== undefined) args.push("--agent", opts.agent);
  if (opts.command !== undefined) args.push("--command", opts.command);
  if (opts.json) args.push("--json");
  const out = await new Deno.Command("bash", {
    args: ["-c", 'cd -- "$1" && shift && exec "$@"', "skald-init", root, ...selfCommand(), ...args],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  io.out(text.decode(out.stdout));
  io.err(text.decode(out.stderr));
  return out.success ? "ok" : "error";
}
