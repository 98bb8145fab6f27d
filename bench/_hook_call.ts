/**
 * One hook call and an empty `deno run`, as processes, for the hook's benchmarks: the README's
 * hook line (`--no-config`; `V8_FLAGS`: everything compiled at first load, so that Deno's code
 * cache holds it all; `--resident`, or without it decided in its own process) on a Bash call made in the `src`
 * directory of a project whose `.claude/settings.json` holds the rules (the example project's,
 * or a synthetic policy of any size): the hook finds the project from a subdirectory, as after a
 * `cd`.
 *
 * @module
 */

import { permissionFlags, V8_FLAGS } from "../lib/cli/permission_flags.ts";
import { residentDirUntilUnload } from "../tests/_resident_dirs.ts";
import { syntheticRules } from "./_synthetic_policy.ts";

const repo = decodeURIComponent(new URL("..", import.meta.url).pathname);

/** The example project (10 rules). */
export const EXAMPLE_PROJECT = `${repo}examples/project`;

/**
 * A project of a synthetic policy of about `n` rules (`bench/_synthetic_policy.ts`) in its
 * `.claude/settings.json`, with a `src/` directory; removed when the program ends. It is made in
 * `~/.cache`, not in the system's temporary directory: the hook lists every directory above the
 * call's to find the project, and a shared `/tmp` of thousands of entries would cost more than
 * the rest of the call.
 *
 * @param n the number of generated rules
 * @returns the project's directory
 */
export function syntheticProject(n: number): string {
  const dir = cacheDir(`skald-bench-${n}-`);
  Deno.mkdirSync(`${dir}/.claude`);
  Deno.mkdirSync(`${dir}/src`);
  Deno.writeTextFileSync(
    `${dir}/.claude/settings.json`,
    JSON.stringify({ permissions: syntheticRules(n) }, null, 2),
  );
  return dir;
}

/** A new directory in `~/.cache` (see {@link syntheticProject}), removed when the program ends. */
function cacheDir(prefix: string): string {
  const cache = `${Deno.env.get("HOME") ?? "/tmp"}/.cache`;
  Deno.mkdirSync(cache, { recursive: true });
  const dir = Deno.makeTempDirSync({ dir: cache, prefix });
  globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
  return dir;
}

/**
 * A hook input: a Bash call made in a directory (by default the call of two parts that the
 * benches time, in the project's `src/`).
 *
 * @param project the project's directory
 * @param command the command
 * @param cwd where the call is made
 * @returns the input's bytes
 */
export function hookInput(
  project: string,
  command = "git status && npm run test -- --watch",
  cwd = `${project}/src`,
): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({
    hook_event_name: "PreToolUse",
    cwd,
    tool_name: "Bash",
    tool_input: { command },
  }));
}

/** The arguments of `deno` for one hook call decided in its own process (no `--resident`). */
export const IN_PROCESS = [
  "run",
  "--quiet",
  "--no-config",
  ...permissionFlags(`${Deno.env.get("HOME")}/.cache/skald/hook.sock`),
  V8_FLAGS,
  `${repo}main.ts`,
  "hook",
];

/**
 * The arguments of `deno` for one hook call as the README registers it: with `--resident`, here
 * in a temporary directory (the first call starts the resident decider; it is stopped at exit),
 * the flags naming its socket.
 *
 * @returns the arguments
 */
export function residentHook(): string[] {
  const dir = residentDirUntilUnload();
  const flags = permissionFlags(`${dir}/hook.sock`);
  return [
    "run",
    "--quiet",
    "--no-config",
    ...flags,
    V8_FLAGS,
    `${repo}main.ts`,
    "hook",
    `--resident=${dir}`,
  ];
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
 * @param input the standard input (the example project's call by default)
 * @returns the milliseconds it took
 */
export async function timeDeno(
  args: string[],
  input: Uint8Array = hookInput(EXAMPLE_PROJECT),
): Promise<number> {
  const start = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const w = child.stdin.getWriter();
  // An empty script may end before it has read its input: the pipe's end is then closed.
  await w.write(input).then(() => w.close()).catch(() => {});
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
  const dir = cacheDir("skald-bench-big-");
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
