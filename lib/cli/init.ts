/**
 * `skald init`: sets a project (`.claude/settings.json`), or with `--user` `~/.claude`, up in
 * one command: the hook registration for `PreToolUse` and `PermissionRequest` with the command
 * that starts skald on this machine, and with `--preset recommended` a starter policy of deny
 * rules. With `--agent gemini|codex|copilot`, the hook registration in that agent's file
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
import type { Io, Outcome } from "./io.ts";
import { INIT_FILES, PERMISSION_FLAGS, V8_FLAGS } from "./permission_flags.ts";

interface InitOptions {
  root?: string;
  home?: string;
  user?: boolean;
  local?: boolean;
  preset?: string;
  dryRun?: boolean;
  command?: string;
  json?: boolean;
  agent?: string;
}

/** Quotes a word for the shell when it needs it. */
const shellWord = (w: string) =>
  /^[A-Za-z0-9_@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;

/**
 * The command that starts skald on this machine: the standalone binary's own path; else the
 * `skald` that bash finds on `PATH` (an installed one); else the `deno run` line of this run.
 *
 * @returns the command, and how it was found
 */
async function skaldCommand(): Promise<{ command: string; how: string }> {
  const exe = Deno.execPath();
  if (!/^deno(\.exe)?$/.test(posix.basename(exe))) {
    return { command: shellWord(exe), how: "this binary" };
  }
  try {
    const out = await new Deno.Command("bash", {
      args: ["-c", "command -v skald"],
      stdout: "piped",
      stderr: "null",
      stdin: "null",
    }).output();
    const found = new TextDecoder().decode(out.stdout).trim();
    if (out.success && found.startsWith("/")) {
      return { command: shellWord(found), how: "skald on PATH" };
    }
  } catch {
    // bash cannot run: the deno line below still works
  }
  const main = Deno.mainModule.startsWith("file://")
    ? decodeURIComponent(new URL(Deno.mainModule).pathname)
    : Deno.mainModule;
  return {
    command: [exe, "run", ...PERMISSION_FLAGS, V8_FLAGS, main].map(shellWord)
      .join(" "),
    how: "the deno run line of this run",
  };
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
      new Option("--preset <name>", "add a starter policy of deny rules").choices(
        Object.keys(PRESETS),
      ),
    )
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
Adds, for PreToolUse and PermissionRequest, a hook on every tool whose command blocks the call
when skald cannot start:
  SKALD hook || { echo 'skald hook could not run' >&2; exit 2; }
with SKALD the binary's path, the skald on PATH, or this run's deno run line. A skald hook
already there is brought up to date; other keys and the file's formatting stay.

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
  skald init --preset recommended
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
  if (agent !== "claude" && opts.preset !== undefined) {
    return fail(
      io,
      "--preset adds deny rules to .claude/settings.json, the policy every agent's hook reads: " +
        "run skald init --preset recommended for it",
    );
  }
  const home = opts.home === undefined
    ? posix.resolve(io.cwd, io.env("HOME") ?? "/")
    : existingDir("--home", opts.home, io);
  const root = opts.user ? home : existingDir("--root", opts.root ?? ".", io);
  const registration = agent === "claude" ? undefined : REGISTRATIONS[agent];
  const file = registration === undefined
    ? posix.join(root, ".claude", opts.local ? "settings.local.json" : "settings.json")
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
  const skald = opts.command === undefined
    ? await skaldCommand()
    : { command: opts.command, how: "--command" };
  const jsonc = await loadJsonc();
  const changed = registration === undefined
    ? changeSettings(before, {
      hookCommand: hookCommand(skald.command),
      deny: opts.preset === undefined ? [] : PRESETS[opts.preset]!.map((r) => r.rule),
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
      if (agent === "codex") {
        io.out(
          "Codex CLI skips a hook nobody trusted, without a word: trust it with /hooks in codex " +
            "(skald doctor says whether it is trusted)\n",
        );
      }
    }
  };
  if (opts.dryRun || diff === "") {
    report(false);
    return "ok";
  }
  const needDir = (() => {
    try {
      return !Deno.statSync(dir).isDirectory;
    } catch {
      return true;
    }
  })();
  if ((needDir && !mayWrite(dir)) || !mayWrite(file)) {
    report(false);
    return fail(
      io,
      `No permission to write ${file}: skald may write ${INIT_FILES.join(", ")} of the ` +
        "directory it starts in; run it there, answer Deno's " +
        `prompt in a terminal, or add --allow-write=${
          needDir ? `${dir},` : ""
        }${file} to the deno run line${needDir ? ` (or mkdir -p ${dir} first)` : ""}`,
    );
  }
  if (needDir) Deno.mkdirSync(dir, { recursive: true });
  Deno.writeTextFileSync(file, after);
  report(true);
  return "ok";
}
