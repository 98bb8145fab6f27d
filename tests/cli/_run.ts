/**
 * Runs the CLI as a subprocess, under the permission flags `main.ts` declares, and compares
 * output with golden files (`UPDATE_GOLDEN=1` rewrites them).
 *
 * @module
 */

import assert from "node:assert/strict";
import { fromFileUrl } from "../_paths.ts";
import { posix } from "../../lib/path.ts";
import { permissionFlags, V8_FLAGS } from "../../lib/cli/permission_flags.ts";
import { residentDir, SOCKET } from "../../lib/hook/resident_client.ts";

/** The repository root. */
export const REPO = fromFileUrl(new URL("../../", import.meta.url)).replace(/\/$/, "");
/** An empty home directory, so that no real `~/.claude` leaks into a test. */
export const EMPTY_HOME = `${REPO}/tests/fixtures/empty-home`;
/**
 * The permission flags of a registration line, as the shell that runs it expands them for a home
 * (the socket of its resident decider: `HOME/.cache/skald/hook.sock`).
 *
 * @param home the home
 * @returns the flags
 */
export const flagsFor = (home: string): string[] =>
  permissionFlags(`${home}/.cache/skald/${SOCKET}`);

/** Deno's cache, named explicitly: the CLI runs with `HOME` set to {@link EMPTY_HOME}. */
const DENO_DIR = Deno.env.get("DENO_DIR") ??
  JSON.parse(
    new TextDecoder().decode(
      new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stderr: "null" }).outputSync()
        .stdout,
    ),
  ).denoDir as string;

/**
 * The whole environment of a CLI run: nothing is inherited, so that neither the user's
 * `~/.claude`, nor a `CLAUDE_PROJECT_DIR` or `NO_COLOR` of the shell running the tests, changes
 * what a test sees.
 */
export const ENV: Readonly<Record<string, string>> = {
  PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
  HOME: EMPTY_HOME,
  DENO_DIR,
  SKALD_MANAGED_SETTINGS: `${REPO}/tests/fixtures/no-managed-settings.json`,
  NO_COLOR: "1",
};

/** The permission flags of a registration line, for the tests' home ({@link EMPTY_HOME}). */
export const FLAGS: string[] = flagsFor(EMPTY_HOME);

/** What a run printed and how it ended. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `main.ts` with the arguments.
 *
 * @param args CLI arguments
 * @param options standard input, working directory, and environment variables to set (a string)
 * or take out (undefined) on top of {@link ENV}; another `main.ts` to run (a copy's)
 * @returns exit code and output, with the repository path shown as `{{REPO}}`
 */
export async function skald(
  args: string[],
  options: {
    stdin?: string;
    cwd?: string;
    env?: Record<string, string | undefined>;
    main?: string;
  } = {},
): Promise<Ran> {
  const env = { ...ENV, ...options.env };
  // The flags name the socket of the resident directory the arguments name, as a registration
  // line with `--resident=DIR` must. (Deno takes only an absolute socket: a line whose `$HOME`
  // is relative does not start, and blocks; here it is taken from the directory, as the hook
  // takes `~`, so that the hook's own reading of a relative HOME is what a test sees.)
  const home = posix.resolve(options.cwd ?? REPO, env.HOME ?? "/");
  const dir = args[0] === "hook" ? residentDir(args.slice(1), home) : undefined;
  const flags = dir === undefined ? flagsFor(home) : permissionFlags(`${dir}/${SOCKET}`);
  return await run(
    Deno.execPath(),
    // The registration lines' V8 flags: Deno keeps one code cache per module, made under one set
    // of flags, and a run under another set compiles the modules again and replaces it.
    ["run", "--quiet", ...flags, V8_FLAGS, options.main ?? `${REPO}/main.ts`, ...args],
    {
      stdin: options.stdin,
      cwd: options.cwd ?? REPO,
      env: Object.fromEntries(
        Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined),
      ),
    },
  );
}

/**
 * Runs a program, its input (if any) on standard input.
 *
 * @param cmd the program
 * @param args its arguments
 * @param options its input; its directory; its whole environment (none inherited when given)
 * @returns exit code and output, with the repository path shown as `{{REPO}}`
 */
export async function run(
  cmd: string,
  args: string[],
  options: { stdin?: string; cwd?: string; env?: Record<string, string> } = {},
): Promise<Ran> {
  const child = new Deno.Command(cmd, {
    args,
    cwd: options.cwd,
    ...(options.env === undefined ? {} : { clearEnv: true, env: options.env }),
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (options.stdin !== undefined) {
    const w = child.stdin.getWriter();
    try {
      await w.write(new TextEncoder().encode(options.stdin));
      await w.close();
    } catch (e) {
      // A process may exit without reading its input (`hook --nope` blocks before it reads):
      // the pipe is then closed, and what it printed and its exit code are still the answer.
      if (!(e instanceof Deno.errors.BrokenPipe)) throw e;
    }
  }
  const out = await child.output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b).replaceAll(REPO, "{{REPO}}");
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

/**
 * Whether strace can be run here (Linux with strace installed).
 *
 * @returns true when it can
 */
export function haveStrace(): boolean {
  try {
    return new Deno.Command("strace", { args: ["-V"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

/**
 * Compares text with a golden file under `tests/golden/`.
 *
 * @param name the golden file's name
 * @param actual the text
 */
export async function golden(name: string, actual: string): Promise<void> {
  const path = `${REPO}/tests/golden/${name}`;
  if (Deno.env.get("UPDATE_GOLDEN") === "1") {
    await Deno.writeTextFile(path, actual);
    return;
  }
  assert.equal(actual, await Deno.readTextFile(path), `golden file tests/golden/${name}`);
}
