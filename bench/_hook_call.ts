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

/**
 * A hook input: a Bash call made in a directory.
 *
 * @param cwd where the call is made
 * @param command the command
 * @returns the input's bytes
 */
export function hookInput(cwd: string, command: string): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({
    hook_event_name: "PreToolUse",
    cwd,
    tool_name: "Bash",
    tool_input: { command },
  }));
}

/** The hook input: a Bash call of two parts in a subdirectory of the example project. */
const INPUT = hookInput(`${repo}examples/project/src`, "git status && npm run test -- --watch");

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
export async function timeDeno(args: string[], input: Uint8Array = INPUT): Promise<number> {
  const start = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(input);
  await w.close();
  await child.status;
  return performance.now() - start;
}

/**
 * A project of 10,000 files (100 folders of 100) with the example project's settings, made in a
 * temporary directory (removed at exit): where a recursive grep walks the disk (issue 23).
 *
 * @returns its directory
 */
export function bigProject(): string {
  const dir = Deno.makeTempDirSync({ prefix: "skald-bench-big-" });
  globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
  Deno.mkdirSync(`${dir}/.claude`);
  Deno.copyFileSync(
    `${repo}examples/project/.claude/settings.json`,
    `${dir}/.claude/settings.json`,
  );
  for (let d = 0; d < 100; d++) {
    Deno.mkdirSync(`${dir}/src/m${d}`, { recursive: true });
    for (let f = 0; f < 100; f++) Deno.writeTextFileSync(`${dir}/src/m${d}/f${f}.ts`, "// TODO\n");
  }
  return dir;
}
