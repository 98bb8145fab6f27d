/**
 * The CLI: subcommands wired to the library, each reporting an outcome. No exit codes here:
 * `main.ts` chooses them.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { Command, CommanderError } from "../deps/cli.ts";
import { registerActivate } from "./activate.ts";
import { registerCheck } from "./check.ts";
import { registerExplain } from "./explain.ts";
import { registerHook } from "./hook.ts";
import { registerLint } from "./lint.ts";
import { registerList } from "./list.ts";
import { registerPrompt } from "./prompt.ts";
import { registerRender } from "./render.ts";
import { registerShow } from "./show.ts";
import type { Io, Outcome } from "./io.ts";
import { registerRules } from "./rules.ts";
import { registerSplit } from "./split.ts";
import { registerTest } from "./test_cases.ts";

/** skald's version, from `deno.json`. */
export const VERSION: string = denoJson.version;

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
  const program = new Command("skald")
    .description("Claude Code's permission rules, skills and slash commands, for any harness")
    .version(VERSION, "-V, --version")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) })
    .showHelpAfterError(false);
  registerCheck(program, io, done);
  registerExplain(program, io, done);
  registerRules(program, io, done);
  registerSplit(program, io, done);
  registerList(program, io, done);
  registerShow(program, io, done);
  registerPrompt(program, io, done);
  registerActivate(program, io, done);
  registerLint(program, io, done);
  registerHook(program, io, done);
  registerRender(program, io, done);
  registerTest(program, io, done);
  try {
    await program.parseAsync([...args], { from: "user" });
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? "ok" : "error";
    }
    throw e;
  }
  return outcome;
}
