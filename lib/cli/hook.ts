/**
 * `skald hook`: a Claude Code PreToolUse hook (the hook input on stdin, Claude Code's hook
 * output on stdout). `main.ts` runs plain `skald hook [--settings FILE]` through
 * {@link fastHookArgs} and {@link hookMain} without loading the CLI library, for speed (this
 * module imports no value from it: keep it so); the registration gives `--help` and option
 * errors, and runs the same {@link hookMain}.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import { runHook } from "../hook/run_hook.ts";
import type { Io, Outcome } from "./io.ts";

/**
 * The `--settings` values of a hook invocation, or undefined when it holds anything else (then
 * the full CLI handles it: `--help`, unknown options).
 *
 * @param args the arguments after `hook`
 * @returns the settings values
 */
export function fastHookArgs(args: readonly string[]): string[] | undefined {
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith("--settings=")) files.push(a.slice("--settings=".length));
    else if (a === "--settings" && i + 1 < args.length) files.push(args[++i]!);
    else return undefined;
  }
  return files;
}

/**
 * Runs the hook on standard input and prints its answer; an error goes to stderr and blocks
 * the call, an internal error too (exit 1 would let Claude Code go on without skald's deny).
 *
 * @param files `--settings` values
 * @param io streams and environment
 * @returns `ok`, or `block` for malformed input or an internal error
 */
export async function hookMain(files: readonly string[], io: Io): Promise<Outcome> {
  let run;
  try {
    run = await runHook(await io.stdin(), files, io.env, io.cwd);
  } catch (e) {
    io.err(`skald: internal error, the call is blocked: ${e instanceof Error ? e.message : e}\n`);
    return "block";
  }
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
      (v: string, p: string[]) => [...p, v], // not common.ts's collect: that loads commander
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
