/**
 * The hooks the behaviour suites run against, alike: the bundle `main.ts` loads
 * (`lib/_generated/hook.bundle.js`, run as Claude Code runs it: a subprocess under main.ts's
 * permission flags) and its sources (`lib/cli/hook.ts`, called in this process with the same
 * input, environment and directory). A case that fails for the sources fails whether or not the
 * bundle is rebuilt, and a bundle rebuilt from sources that fail it fails it too; the bundle's
 * staleness test (`hook_bundle_test.ts`) only says when to rebuild.
 *
 * @module
 */

import { EXIT_CODES } from "../../main.ts";
import { fastHookArgs, hookMain } from "../../lib/cli/hook.ts";
import { ENV, type Ran, REPO, skald } from "./_run.ts";

/** What a hook run is given: standard input, directory, environment on top of `_run.ts`'s. */
export interface HookRunOptions {
  stdin?: string;
  cwd?: string;
  env?: Record<string, string | undefined>;
}

/** Runs `skald hook ARGS` one way. */
export type HookRunner = (args: string[], options?: HookRunOptions) => Promise<Ran>;

// The managed settings path is read from the process environment (lib/settings/load.ts): the
// sources run here must see the one the subprocess is given.
Deno.env.set("SKALD_MANAGED_SETTINGS", ENV.SKALD_MANAGED_SETTINGS!);

/** `skald hook` from its sources, in this process; output shown as the subprocess shows it. */
const fromSources: HookRunner = async (args, options = {}) => {
  const env: Record<string, string | undefined> = { ...ENV, ...options.env };
  const options_ = fastHookArgs(args);
  if (options_ === undefined) throw new Error("--help goes through the full CLI: run main.ts");
  let out = "";
  let err = "";
  const outcome = await hookMain(options_, {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    lines: () => (async function* () {})(),
    stdin: () => Promise.resolve(options.stdin ?? ""),
    cwd: options.cwd ?? REPO,
    env: (name) => env[name],
  });
  const shown = (t: string) => t.replaceAll(REPO, "{{REPO}}");
  return { code: EXIT_CODES[outcome], stdout: shown(out), stderr: shown(err) };
};

/** Both hooks, by name. */
export const HOOKS: readonly { name: "bundle" | "sources"; run: HookRunner }[] = [
  { name: "bundle", run: (args, options) => skald(["hook", ...args], options) },
  { name: "sources", run: fromSources },
];

/**
 * Registers a behaviour test once per hook: `NAME [bundle]` and `NAME [sources]`.
 *
 * @param name the test's name
 * @param fn the test, given the hook to run
 */
export function hookTest(name: string, fn: (hook: HookRunner) => Promise<void>): void {
  for (const h of HOOKS) Deno.test(`${name} [${h.name}]`, () => fn(h.run));
}
