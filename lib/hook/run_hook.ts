/**
 * The hook's effectful edge: standard input read, the project's settings loaded (root: the
 * `CLAUDE_PROJECT_DIR` Claude Code gives hooks, else the input's `cwd`), the answer printed.
 * `main.ts` reaches it without loading the CLI library, so a hook call starts fast.
 *
 * @module
 */

import { posix } from "../path.ts";
import { cachedRealPath } from "../fs/real_path.ts";
import { loadSettings } from "../settings/load.ts";
import { answerHook, parseHookInput } from "./pre_tool_use.ts";

/** How a hook run ended: the answer (or none) on stdout, or an error for stderr. */
export type HookRun = { stdout: string } | { error: string };

/**
 * Runs the hook on its input.
 *
 * @param stdin the hook input
 * @param extra `--settings` values
 * @param env the process environment
 * @param cwd the current directory
 * @returns what to print
 */
export async function runHook(
  stdin: string,
  extra: string[],
  env: (name: string) => string | undefined,
  cwd: string,
): Promise<HookRun> {
  const input = parseHookInput(stdin);
  if ("error" in input) return input;
  const root = posix.resolve(cwd, env("CLAUDE_PROJECT_DIR") ?? input.cwd ?? ".");
  const home = env("HOME") ?? "/";
  const files = extra.map((f) => f.trimStart().startsWith("{") ? f : posix.resolve(cwd, f));
  const settings = await loadSettings({ root, home, extra: files });
  const answer = answerHook(input, settings, { root, home, realPath: cachedRealPath() });
  return { stdout: answer === undefined ? "" : JSON.stringify(answer) + "\n" };
}

/**
 * The `--settings` values of a hook invocation, or undefined when it holds anything else (then
 * the full CLI handles it: `--help`, unknown options).
 *
 * @param args the arguments after `hook`
 * @returns the settings files
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
