/**
 * `skald init`: sets a project (`.claude/settings.json`), or with `--user` `~/.claude`, up in
 * one command: the hook registration for `PreToolUse` and `PermissionRequest` with the command
 * that starts skald on this machine, and with `--preset recommended` a starter policy of deny
 * rules. Every other key and the file's formatting stay; the change is shown as a diff;
 * `--dry-run` writes nothing. The one command that writes: skald's flags let it write only
 * `.claude/settings.json` and `.claude/settings.local.json` of the directory it starts in;
 * elsewhere it asks Deno for exactly the file (Deno prompts in a terminal), or says which flag
 * to add.
 *
 * @module
 */

import { posix } from "../path.ts";
import { type Command, Option } from "../deps/cli.ts";
import { loadDiff, loadJsonc } from "../deps/lint.ts";
import { hookCommand } from "../settings/hook_registration.ts";
import { PRESETS } from "../settings/preset.ts";
import { changeSettings } from "../settings/settings_edit.ts";
import { CliError } from "./cli_error.ts";
import { existingDir, fail } from "./common.ts";
import type { Io, Outcome } from "./io.ts";
import { PERMISSION_FLAGS } from "./permission_flags.ts";

interface InitOptions {
  root?: string;
  home?: string;
  user?: boolean;
  local?: boolean;
  preset?: string;
  dryRun?: boolean;
  command?: string;
  json?: boolean;
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
    command: [exe, "run", ...PERMISSION_FLAGS, "--v8-flags=--no-lazy", main].map(shellWord)
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

skald may write .claude/settings.json and .claude/settings.local.json of the directory it
starts in (its --allow-write); another file (--root elsewhere, --user) needs Deno's prompt,
answered in a terminal, or --allow-write=FILE on the deno run line.

Examples:
  skald init --dry-run
  skald init --preset recommended
  cd ~ && skald init --user`,
    )
    .action(async (opts: InitOptions) => done(await init(opts, io)));
}

async function init(opts: InitOptions, io: Io): Promise<Outcome> {
  if (opts.user && opts.local) return fail(io, "--user and --local name different files: give one");
  let dir: string;
  if (opts.user) {
    const home = opts.home === undefined
      ? posix.resolve(io.cwd, io.env("HOME") ?? "/")
      : existingDir("--home", opts.home, io);
    dir = posix.join(home, ".claude");
  } else {
    dir = posix.join(existingDir("--root", opts.root ?? ".", io), ".claude");
  }
  const file = posix.join(dir, opts.local ? "settings.local.json" : "settings.json");
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
  const changed = changeSettings(before, {
    hookCommand: hookCommand(skald.command),
    deny: opts.preset === undefined ? [] : PRESETS[opts.preset]!.map((r) => r.rule),
  }, jsonc);
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
      `No permission to write ${file}: skald may write .claude/settings.json and ` +
        ".claude/settings.local.json of the directory it starts in; run it there, answer Deno's " +
        `prompt in a terminal, or add --allow-write=${
          needDir ? `${dir},` : ""
        }${file} to the deno run line`,
    );
  }
  if (needDir) Deno.mkdirSync(dir, { recursive: true });
  Deno.writeTextFileSync(file, after);
  report(true);
  return "ok";
}
