/**
 * The hook's effectful edge: the hook input parsed, the project's settings loaded (root: the
 * `CLAUDE_PROJECT_DIR` Claude Code gives hooks, else the input's `cwd`), the answer made.
 * `lib/cli/hook.ts` reads standard input and prints; `main.ts` reaches both without loading the
 * CLI library, so a hook call starts fast.
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
 * @param extra `--settings` values: files (relative to `cwd`) or inline JSON
 * @param env the process environment
 * @param cwd the current directory
 * @returns what to print
 */
export async function runHook(
  stdin: string,
  extra: readonly string[],
  env: (name: string) => string | undefined,
  cwd: string,
): Promise<HookRun> {
  const input = parseHookInput(stdin);
  if ("error" in input) return input;
  const root = posix.resolve(cwd, env("CLAUDE_PROJECT_DIR") ?? input.cwd ?? ".");
  const home = env("HOME") ?? "/";
  const settings = await loadSettings({ root, home, extra, cwd });
  const answer = answerHook(input, settings, { root, home, realPath: cachedRealPath() });
  return { stdout: answer === undefined ? "" : JSON.stringify(answer) + "\n" };
}
