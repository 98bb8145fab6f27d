/**
 * `skald hook`: a Claude Code hook for `PreToolUse` and `PermissionRequest` (the hook input on
 * stdin, Claude Code's hook output on stdout). `main.ts` runs `skald hook [--settings FILE]
 * [--authoritative]` through {@link fastHookArgs} and {@link hookMain} without loading the CLI
 * library, for speed (this module imports no value from it: keep it so); `--help` goes through
 * the full CLI. Every failure blocks the call (exit 2): an unknown option too, since Claude
 * Code lets a call through on any other exit code.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import { type HookOptions, runHook } from "../hook/run_hook.ts";
import type { Io, Outcome } from "./io.ts";

/**
 * The options of a hook invocation; undefined for `--help` (the full CLI prints it); an error
 * for anything else.
 *
 * @param args the arguments after `hook`
 * @returns the options, or an error naming the argument
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fastHookArgs } from "./hook.ts";
 *
 * assert.deepEqual(fastHookArgs(["--settings=a.json", "--authoritative"]), {
 *   settings: ["a.json"],
 *   authoritative: true,
 * });
 * assert.equal(fastHookArgs(["--help"]), undefined);
 * assert.deepEqual(fastHookArgs(["--setings", "a.json"]), {
 *   error: 'Unknown option "--setings" (skald hook takes --settings FILE and --authoritative)',
 * });
 * ```
 */
export function fastHookArgs(args: readonly string[]): HookOptions | { error: string } | undefined {
  const settings: string[] = [];
  let authoritative = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--help" || a === "-h") return undefined;
    if (a.startsWith("--settings=")) settings.push(a.slice("--settings=".length));
    else if (a === "--settings" && i + 1 < args.length) settings.push(args[++i]!);
    else if (a === "--authoritative") authoritative = true;
    else {
      const what = a === "--settings" ? "--settings without a value" : `Unknown option "${a}"`;
      return { error: `${what} (skald hook takes --settings FILE and --authoritative)` };
    }
  }
  return { settings, authoritative };
}

/**
 * Runs the hook on standard input and prints its answer; an error goes to stderr as one line
 * and blocks the call, an internal error too (exit 1 would let Claude Code go on without
 * skald's answer).
 *
 * @param options the hook's options, or the error reading them
 * @param io streams and environment
 * @returns `ok`, or `block` for anything that went wrong
 */
export async function hookMain(options: HookOptions | { error: string }, io: Io): Promise<Outcome> {
  let run;
  try {
    run = "error" in options ? options : await runHook(await io.stdin(), options, io.env, io.cwd);
  } catch (e) {
    run = { error: `internal error: ${e instanceof Error ? e.message : e}` };
  }
  if ("error" in run) {
    io.err(`skald: ${oneLine(run.error)}; the call is blocked\n`);
    return "block";
  }
  io.out(run.stdout);
  return "ok";
}

/** Claude Code shows a hook's stderr to the model: one line, whatever the error held. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}

/**
 * Registers `hook` (for `--help`; the options themselves are read by {@link fastHookArgs}).
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerHook(program: Command, io: Io, done: (o: Outcome) => void): void {
  program.command("hook")
    .description("answer Claude Code's PreToolUse and PermissionRequest hooks with the policy")
    .option(
      "--settings <file>",
      "an extra settings source, relative to the project root (repeatable)",
      (v: string, p: string[]) => [...p, v], // not common.ts's collect: that loads commander
      [],
    )
    .option("--authoritative", "skald's policy is the whole policy: its allow is sent as allow")
    .addHelpText(
      "after",
      `
Reads the hook input JSON on stdin (PreToolUse or PermissionRequest) and decides the call where
it runs (the input's "cwd"), in the project of CLAUDE_PROJECT_DIR (else the nearest directory
above holding .claude/ or .git). PreToolUse: prints a deny or ask that a rule, a guard (a
protected file) or the mode gave, naming why; nothing where skald only asks because no rule
speaks. PermissionRequest: a deny where skald denies. --authoritative: every verdict, allow too.
Anything that goes wrong (malformed input, a missing or broken settings file, an unreadable
deny rule, an unknown option) prints one line on stderr and exits 2, which blocks the call.

In .claude/settings.json (write skald as an absolute path, or the deno run line):
  {"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command",
    "command": "skald hook || { echo 'skald hook could not run' >&2; exit 2; }"}]}]}}`,
    )
    .action(async (opts: { settings: string[]; authoritative?: boolean }) => {
      done(await hookMain({ settings: opts.settings, authoritative: !!opts.authoritative }, io));
    });
}
