/**
 * The hooks the behaviour suites run against, alike: the bundle `main.ts` loads
 * (`lib/_generated/hook.bundle.js`, run as Claude Code runs it: a subprocess under main.ts's
 * permission flags), its sources (`lib/cli/hook.ts`, called in this process with the same
 * input, environment and directory), and the resident decider (`--resident`: the call sent by
 * a subprocess to the bundle running in another process, which answers from the call alone). A case that fails for the sources fails whether or not the
 * bundle is rebuilt, and a bundle rebuilt from sources that fail it fails it too; the bundle's
 * staleness test (`hook_bundle_test.ts`) only says when to rebuild.
 *
 * @module
 */

import { EXIT_CODES } from "../../main.ts";
import { answerResident, fastHookArgs } from "../../lib/cli/hook.ts";
import type { Outcome } from "../../lib/cli/io.ts";
import { ENV, type Ran, REPO, skald } from "./_run.ts";
import { SOCKET } from "../../lib/hook/resident_client.ts";
import { residentDirUntilUnload } from "../_resident_dirs.ts";

/** What a hook run is given: standard input, directory, environment on top of `_run.ts`'s. */
export interface HookRunOptions {
  stdin?: string;
  cwd?: string;
  env?: Record<string, string | undefined>;
}

/** Runs `skald hook ARGS` one way. */
export type HookRunner = (args: string[], options?: HookRunOptions) => Promise<Ran>;

/**
 * `skald hook` from its sources, in this process, as the resident decider answers a call (the
 * call's arguments, directory, environment and input, nothing of this process's); output shown
 * as the subprocess shows it.
 */
const fromSources: HookRunner = async (args, options = {}) => {
  if (fastHookArgs(args) === undefined) throw new Error("--help goes through the full CLI");
  const env = Object.fromEntries(
    Object.entries({ ...ENV, ...options.env }).filter((e): e is [string, string] =>
      e[1] !== undefined
    ),
  );
  const got = await answerResident({
    args,
    cwd: options.cwd ?? REPO,
    env,
    stdin: options.stdin ?? "",
  });
  const shown = (t: string) => t.replaceAll(REPO, "{{REPO}}");
  return {
    code: EXIT_CODES[got.outcome as Outcome],
    stdout: shown(got.stdout),
    stderr: shown(got.stderr),
  };
};

/** What a calling process holds for a resident decider: its directory, and a `main.ts` copy. */
interface ResidentSetup {
  dir: string;
  main: string;
}

let resident: Promise<ResidentSetup> | undefined;

/**
 * A resident decider started as a call starts one (`main.ts hook --resident=DIR` with a harmless
 * call, which launches it), stopped when this module unloads; and a copy of `main.ts` and its
 * modules whose bundle is a stub that fails every call (exit 1, which no hook call gives): a call
 * the resident decider does not answer cannot pass for one it answered.
 */
function residentSetup(): Promise<ResidentSetup> {
  return resident ??= (async () => {
    const dir = residentDirUntilUnload();
    const copy = await Deno.makeTempDir({ prefix: "skald-client-" });
    globalThis.addEventListener("unload", () => Deno.removeSync(copy, { recursive: true }));
    const info = new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", `${REPO}/main.ts`],
      stderr: "null",
    }).outputSync();
    const modules = (JSON.parse(new TextDecoder().decode(info.stdout)) as {
      modules: { specifier: string }[];
    }).modules.map((m) => m.specifier).filter((s) => s.startsWith(`file://${REPO}/`));
    for (const m of modules) {
      const rel = decodeURIComponent(new URL(m).pathname).slice(REPO.length + 1);
      await Deno.mkdir(`${copy}/${rel.slice(0, rel.lastIndexOf("/") + 1)}`, { recursive: true });
      await Deno.copyFile(`${REPO}/${rel}`, `${copy}/${rel}`);
    }
    await Deno.mkdir(`${copy}/lib/_generated`, { recursive: true });
    await Deno.writeTextFile(
      `${copy}/lib/_generated/hook.bundle.js`,
      `export const fastHookArgs = () => ({ settings: [], authoritative: false });
export const residentCommand = () => ["true"];
export async function hookMain(_options, io) {
  io.err("the resident decider did not answer this call\\n");
  return "error";
}
`,
    );
    const read = JSON.stringify({
      hook_event_name: "PreToolUse",
      cwd: REPO,
      tool_name: "Read",
      tool_input: { file_path: `${REPO}/README.md` },
    });
    const first = await skald(["hook", `--resident=${dir}`], { stdin: read });
    if (first.code !== 0) throw new Error(`the first call failed: ${first.stderr}`);
    const started = () => {
      try {
        return Deno.lstatSync(`${dir}/${SOCKET}`).isSocket;
      } catch {
        return false;
      }
    };
    // A readiness wait, not a bound: it ends as soon as the decider is up (30 s at most).
    for (let i = 0; i < 600 && !started(); i++) await new Promise((done) => setTimeout(done, 50));
    if (!started()) throw new Error("no resident decider started");
    return { dir, main: `${copy}/main.ts` };
  })();
}

/** `skald hook` answered by its resident decider (`--resident=DIR`), as a subprocess. */
const viaResident: HookRunner = async (args, options = {}) => {
  const { dir, main } = await residentSetup();
  return await skald(["hook", ...args, `--resident=${dir}`], { ...options, main });
};

/** The hooks, by name. */
export const HOOKS: readonly { name: "bundle" | "sources" | "resident"; run: HookRunner }[] = [
  { name: "bundle", run: (args, options) => skald(["hook", ...args], options) },
  { name: "sources", run: fromSources },
  { name: "resident", run: viaResident },
];

/**
 * Registers a behaviour test once per hook: `NAME [bundle]`, `NAME [sources]` and
 * `NAME [resident]`.
 *
 * @param name the test's name
 * @param fn the test, given the hook to run
 */
export function hookTest(name: string, fn: (hook: HookRunner) => Promise<void>): void {
  for (const h of HOOKS) Deno.test(`${name} [${h.name}]`, () => fn(h.run));
}
