/**
 * The CLI: subcommands wired to the library, each reporting an outcome. No exit codes here:
 * `main.ts` chooses them.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { Command, CommanderError } from "../deps/cli.ts";
import { registerActivate } from "./activate.ts";
import { registerAudit } from "./audit.ts";
import { registerCheck } from "./check.ts";
import { registerDoctor } from "./doctor.ts";
import { registerExplain } from "./explain.ts";
import { registerHook } from "./hook.ts";
import { registerInit } from "./init.ts";
import { registerLint } from "./lint.ts";
import { registerList } from "./list.ts";
import { registerPrompt } from "./prompt.ts";
import { registerRender } from "./render.ts";
import { registerShow } from "./show.ts";
import { CliError } from "./cli_error.ts";
import { fail } from "./common.ts";
import type { Io, Outcome } from "./io.ts";
import { registerRules } from "./rules.ts";
import { registerSplit } from "./split.ts";
import { registerTest } from "./test_cases.ts";

/** skald's version, from `deno.json`. */
const VERSION: string = denoJson.version;

/** The subcommands, in the order `--help` lists them. */
const SUBCOMMANDS = [
  registerCheck,
  registerExplain,
  registerRules,
  registerSplit,
  registerList,
  registerShow,
  registerPrompt,
  registerActivate,
  registerLint,
  registerInit,
  registerDoctor,
  registerHook,
  registerRender,
  registerTest,
  registerAudit,
];

/**
 * Runs the CLI.
 *
 * @param args the arguments after the program name
 * @param io streams and environment
 * @returns how the run ended
 */
export async function runCli(args: readonly string[], io: Io): Promise<Outcome> {
  let outcome: Outcome = "ok";
  const done = (o: Outcome) => {
    outcome = o;
  };
  // This run's streams: `json` is set once the subcommand's options are known, so that its
  // errors are JSON under --json (an error of the arguments themselves, before that, too).
  const run: Io = { ...io, json: args.includes("--json") };
  const program = new Command("skald")
    .description("Claude Code's permission rules, skills and slash commands, for any harness")
    .version(VERSION, "-V, --version")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s),
      writeErr: (s) => io.err(s),
      outputError: (s, write) => run.json ? fail(run, s.trim().replace(/^error: /, "")) : write(s),
    })
    .showHelpAfterError(false)
    .hook("preAction", (_, action) => {
      run.json = action.opts().json === true;
    });
  for (const register of SUBCOMMANDS) register(program, run, done);
  try {
    await program.parseAsync([...args], { from: "user" });
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? "ok" : "error";
    }
    if (e instanceof CliError) return fail(run, e.message);
    throw e;
  }
  return outcome;
}
