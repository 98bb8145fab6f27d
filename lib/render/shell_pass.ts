/**
 * Pass 3 of a render, the shell commands: each held against the policy with the entry's
 * `allowed-tools` granted (a policy of this render's own: no other render, and nobody else who
 * holds the policy, sees them), then against the validator gate, before the first one runs,
 * so a refusal leaves no side effect; then all run at the same time, each output kept for its
 * command's place and never scanned again.
 *
 * @module
 */

import type { Policy } from "../permissions/policy.ts";
import type { Verdict } from "../permissions/verdict.ts";
import { parseShell } from "../shell/parse.ts";
import { commandName } from "../shell/unwrap.ts";
import { allowedToolRules } from "../skills/allowed_tools.ts";
import type { Entry } from "../skills/entry.ts";
import type { RunResult } from "../exec/run_command.ts";

/** Runs a command: the default is `lib/exec/run_command.ts`; tests pass their own. */
export type Runner = (command: string, root: string, timeoutSeconds: number) => Promise<RunResult>;

/** What one command did. */
export interface CommandTrace {
  /** The command, placeholders expanded. */
  command: string;
  /**
   * The policy's verdict; `disabled` when shell commands are disabled, `refused` when the
   * validator gate refused it.
   */
  verdict: Verdict | "disabled" | "refused";
  /** Its exit code, when it ran. */
  exitCode?: number;
  /** Why it was decided so, or why it could not run. */
  reason?: string;
}

/** What `disable_shell` puts in place of each command. */
export const DISABLED_TEXT = "[shell command execution disabled by policy]";
/** Commands whose exit 1 does not abort a render: a search or compare found nothing. */
export const EXIT_ONE_COMMANDS: ReadonlySet<string> = new Set([
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "diff",
  "cmp",
  "test",
  "[",
]);

/**
 * The source an entry's `allowed-tools` carry as grants while its commands are checked.
 *
 * @param entry the entry
 * @returns `/name allowed-tools`
 */
export function grantSource(entry: Entry): string {
  return `/${entry.name} allowed-tools`;
}

/** What the shell pass is given: the renderer's options it uses. */
export interface CommandPassOptions {
  /** The project root: commands run in it. */
  root: string;
  /** The session's policy. Without one no shell command passes. */
  policy?: Policy;
  /** The gate after the policy: true lets a command run, a string is the reason it may not. */
  validator?: (command: string, root: string) => true | string;
  /** Claude Code's `disableSkillShellExecution`: no command runs. */
  disableShell?: boolean;
  /** Seconds a command may run: 120 by default. */
  timeout?: number;
  /** Runs a command. */
  runner: Runner;
}

/**
 * The verdict of a policy on the bash call of a command; deny without a policy.
 *
 * @param policy the policy
 * @param command the command
 * @returns the verdict and why
 */
export function check(
  policy: Policy | undefined,
  command: string,
): { verdict: Verdict; reason: string } {
  if (policy === undefined) return { verdict: "deny", reason: "No permission policy is set" };
  const d = policy.decide({ tool: "Bash", input: { command } });
  return { verdict: d.verdict, reason: d.reason };
}

/** The name of the command whose exit status a command line returns (its last part). */
function lastCommandName(command: string): string | undefined {
  const top = parseShell(command).commands.filter((c) => c.depth === 0);
  const words = top.at(-1)?.words ?? [];
  const head = words.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w.raw));
  return head === undefined ? undefined : commandName(head);
}

/**
 * Pass 3: every command checked (the entry's `allowed-tools` granted in a policy of this
 * render's own), then the validator gate, then all run at the same time; each command traced
 * in `result.commands`, the first failure named in `result.error`.
 *
 * @param commands the body's commands, placeholders expanded, with the pattern as written
 * @param entry the entry rendered
 * @param result where the traces and the error go
 * @param options the root, policy, gate, shell settings and runner
 * @returns each command's output, in order; undefined when the render aborts
 */
export async function runCommandPass(
  commands: readonly { command: string; raw: string }[],
  entry: Entry,
  result: { commands: CommandTrace[]; error?: string },
  options: CommandPassOptions,
): Promise<string[] | undefined> {
  if (commands.length === 0) return [];
  if (options.disableShell ?? options.policy?.disableSkillShellExecution) {
    for (const c of commands) result.commands.push({ command: c.command, verdict: "disabled" });
    return commands.map(() => DISABLED_TEXT);
  }
  // The entry's allowed-tools, granted in a policy of this render's own.
  const policy = options.policy?.withGrants(
    allowedToolRules(entry, options.root),
    grantSource(entry),
  );
  // Every command is checked and traced; the first one refused names the abort.
  for (const c of commands) {
    const v = check(policy, c.command);
    result.commands.push({ command: c.command, verdict: v.verdict, reason: v.reason });
    if (v.verdict !== "allow") {
      result.error ??= `Shell command permission check failed for pattern "${c.raw}": ${v.reason}`;
    }
  }
  if (result.error !== undefined) return undefined;
  const gate = options.validator;
  if (gate !== undefined) {
    for (const [i, c] of commands.entries()) {
      const ok = gate(c.command, options.root);
      if (ok !== true) {
        result.commands[i] = { command: c.command, verdict: "refused", reason: ok };
        result.error = `Command refused for pattern "${c.raw}": ${ok}`;
        return undefined;
      }
    }
  }
  const timeout = options.timeout ?? 120;
  const runs = await Promise.all(
    commands.map((c) => options.runner(c.command, options.root, timeout)),
  );
  const outputs: string[] = [];
  for (const [i, run] of runs.entries()) {
    const c = commands[i]!;
    const trace = result.commands[i]!;
    if ("error" in run) {
      trace.reason = run.error;
      result.error ??= `Shell command failed for pattern "${c.raw}": ${run.error}`;
      continue;
    }
    trace.exitCode = run.exitCode;
    // The command is parsed for its last command's name only when that can matter.
    const fine = run.exitCode === 0 ||
      (run.exitCode === 1 && EXIT_ONE_COMMANDS.has(lastCommandName(c.command) ?? ""));
    // Claude Code's wording: the output (both streams) after a "[stderr]" line.
    const shown = run.output === "" ? "" : `[stderr]\n${run.output}`;
    if (!fine) result.error ??= `Shell command failed for pattern "${c.raw}": ${shown}`;
    outputs.push(run.output);
  }
  return result.error === undefined ? outputs : undefined;
}
