/**
 * One hook call and an empty `deno run`, as processes, for the hook's benchmarks: the README's
 * hook line (`V8_FLAGS`: everything compiled at first load, so that Deno's code
 * cache holds it all; `--resident`, or without it decided in its own process) on a Bash call made in `examples/project/src`, whose project (the nearest
 * directory above with `.claude/`) holds JSON settings: the hook finds the project from a
 * subdirectory, as after a `cd`.
 *
 * @module
 */

import { PERMISSION_FLAGS, V8_FLAGS } from "../lib/cli/permission_flags.ts";
import { residentDirUntilUnload } from "../tests/_resident_dirs.ts";

const repo = decodeURIComponent(new URL("..", import.meta.url).pathname);

/** The hook input: a Bash call of two parts in a subdirectory of the example project. */
const INPUT = new TextEncoder().encode(JSON.stringify({
  hook_event_name: "PreToolUse",
  cwd: `${repo}examples/project/src`,
  tool_name: "Bash",
  tool_input: { command: "git status && npm run test -- --watch" },
}));

/** The arguments of `deno` for one hook call decided in its own process (no `--resident`). */
export const IN_PROCESS = [
  "run",
  "--quiet",
  ...PERMISSION_FLAGS,
  V8_FLAGS,
  `${repo}main.ts`,
  "hook",
];

/**
 * The arguments of `deno` for one hook call as the README registers it: with `--resident`, here
 * in a temporary directory (the first call starts the resident decider; it is stopped at exit).
 *
 * @returns the arguments
 */
export function residentHook(): string[] {
  return [...IN_PROCESS, `--resident=${residentDirUntilUnload()}`];
}

/**
 * The arguments of `deno` for an empty script (made in a temporary file, removed at exit).
 *
 * @returns the arguments
 */
export function emptyScript(): string[] {
  const empty = Deno.makeTempFileSync({ suffix: ".ts" });
  globalThis.addEventListener("unload", () => Deno.removeSync(empty));
  return ["run", "--quiet", "--allow-read", empty];
}

/**
 * Runs `deno` with the arguments, the hook input on standard input (an empty script gets the
 * same pipe, so that both cost the same to start).
 *
 * @param args the arguments
 * @returns the milliseconds it took
 */
export async function timeDeno(args: string[]): Promise<number> {
  const start = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(INPUT);
  await w.close();
  await child.status;
  return performance.now() - start;
}
