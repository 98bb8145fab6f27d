/**
 * The options every subcommand takes (`--root`, `--home`, `--settings`, `--json`) and the
 * policy they load.
 *
 * @module
 */

import { posix } from "../path.ts";
import { type Command, Option } from "../deps/cli.ts";
import { cachedRealPath } from "../fs/real_path.ts";
import { type Mode, MODES } from "../permissions/modes.ts";
import { Policy } from "../permissions/policy.ts";
import { type LoadedSettings, loadSettings } from "../settings/load.ts";
import type { Problem } from "../settings/problem.ts";
import type { Io } from "./io.ts";

/** The common options, as commander hands them over. */
export interface CommonOptions {
  root?: string;
  home?: string;
  settings: string[];
  json?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * Adds the common options to a subcommand.
 *
 * @param cmd the subcommand
 * @returns the same subcommand
 */
export function withCommonOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option("--root <dir>", "the project (default: the current directory)"))
    .addOption(new Option("--home <dir>", "stands for $HOME, where ~/.claude lives"))
    .option(
      "--settings <file>",
      "an extra settings source (repeatable; inline JSON too)",
      collect,
      [],
    )
    .option("--json", "print JSON");
}

/**
 * Adds the options that describe one tool call's setting: mode, extra directories, whole input.
 *
 * @param cmd the subcommand
 * @returns the same subcommand
 */
export function withCallOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option("--mode <mode>", "the permission mode").choices(MODES))
    .option("--add-dir <dir>", "another working directory (repeatable)", collect, [])
    .option("--input <json>", "the whole tool input as JSON instead of a subject");
}

/** Root and home made absolute. */
export function locations(opts: CommonOptions, io: Io): { root: string; home: string } {
  const root = posix.resolve(io.cwd, opts.root ?? ".");
  const home = posix.resolve(io.cwd, opts.home ?? io.env("HOME") ?? "/");
  return { root, home };
}

/** One line per problem, naming the file and the reason. */
export function problemLine(p: Problem): string {
  return `skald: ${p.file}${p.line ? `:${p.line}` : ""}: ${p.message}`;
}

/**
 * Loads every settings source and builds the policy; problems go to stderr and the other
 * sources still count.
 *
 * @param opts the common options
 * @param io streams and environment
 * @param extra a mode and more working directories
 * @returns the policy and the problems found
 */
export async function loadPolicy(
  opts: CommonOptions,
  io: Io,
  extra: { mode?: Mode; addDirs?: string[] } = {},
): Promise<{ policy: Policy; problems: Problem[]; settings: LoadedSettings }> {
  const { root, home } = locations(opts, io);
  const settings = await loadSettings({ root, home, extra: opts.settings });
  const policy = new Policy({
    sources: settings.sources,
    env: { root, home, realPath: cachedRealPath() },
    mode: extra.mode,
    addDirs: extra.addDirs?.map((d) => posix.resolve(io.cwd, d)),
  });
  return { policy, problems: settings.problems, settings };
}
