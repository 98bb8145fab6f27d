/**
 * `skald hook`: a Claude Code PreToolUse hook (the hook input on stdin, Claude Code's hook
 * output on stdout). `main.ts` runs plain `skald hook [--settings FILE]` without this module
 * and the CLI library, for speed; this registration gives `--help` and option errors.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import { runHook } from "../hook/run_hook.ts";
import type { Io, Outcome } from "./io.ts";

/**
 * Runs the hook and prints its answer; an error goes to stderr and blocks the call.
 *
 * @param files `--settings` values
 * @param io streams and environment
 * @returns `ok`, or `block` for malformed input
 */
export async function hookMain(files: string[], io: Io): Promise<Outcome> {
  let stdin = "";
  for await (const line of io.lines()) stdin += line + "\n";
  const run = await runHook(stdin, files, io.env, io.cwd);
  if ("error" in run) {
    io.err(`skald: ${run.error}\n`);
    return "block";
  }
  io.out(run.stdout);
  return "ok";
}

/**
 * Registers `hook`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerHook(program: Command, io: Io, done: (o: Outcome) => void): void {
  program.command("hook")
    .description("answer a Claude Code PreToolUse hook: deny or ask where a rule says so")
    .option(
      "--settings <file>",
      "an extra settings source (repeatable)",
      (v: string, p: string[]) => [...p, v],
      [],
    )
    .addHelpText(
      "after",
      `
Reads the hook input JSON on stdin. Prints Claude Code's hook output for a deny or ask that a
rule gave (naming the rule and its source), nothing where no rule speaks. Malformed input:
an error on stderr and exit 2, which makes Claude Code block the call.

In .claude/settings.json:
  {"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "skald hook"}]}]}}`,
    )
    .action(async (opts: { settings: string[] }) => {
      done(await hookMain(opts.settings, io));
    });
}
