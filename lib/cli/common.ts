/**
 * The options every subcommand takes (`--root`, `--home`, `--settings`, `--json`), the settings
 * and policy they load (the settings files are read once per command), and the options of one
 * tool call (`check`, `explain`).
 *
 * @module
 */

import { posix } from "../path.ts";
import { type Command, Option } from "../deps/cli.ts";
import { type Gunzip, loadGunzip } from "../fs/archive_members.ts";
import { diskPathEnv } from "../fs/disk_env.ts";
import { inputForSubject } from "../permissions/call.ts";
import { MODE_NAMES } from "../permissions/modes.ts";
import { modeReason } from "../permissions/reasons.ts";
import type { Decision } from "../permissions/verdict.ts";
import { Policy } from "../permissions/policy.ts";
import { type LoadedSettings, loadSettings } from "../settings/load.ts";
import type { Problem } from "../settings/problem.ts";
import { CliError, UNREAD_CODES } from "./cli_error.ts";
import type { Io, Outcome } from "./io.ts";

/** The common options, as commander hands them over. */
export interface CommonOptions {
  root?: string;
  home?: string;
  settings: string[];
  json?: boolean;
  /** `lint --project-only`: nothing of `~/.claude` and no managed settings. */
  projectOnly?: boolean;
}

/** The options of one tool call, as commander hands them over. */
export interface CallOptions extends CommonOptions {
  mode?: string;
  addDir: string[];
  input?: string;
  cwd?: string;
}

/** Commander's collector of a repeatable option. */
export const collect = (value: string, previous: string[]): string[] => [...previous, value];

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
    .addOption(new Option("--mode <mode>", "the permission mode").choices(Object.keys(MODE_NAMES)))
    .option("--add-dir <dir>", "another working directory (repeatable)", collect, [])
    .option("--input <json>", "the whole tool input as JSON instead of a subject")
    .option(
      "--cwd <dir>",
      "the directory the call runs in (relative paths and cd start there); default: the root",
    );
}

/**
 * The directory a call of `check` or `explain` runs in: `--cwd`, relative to the current
 * directory as every path argument is; undefined (the root) without.
 *
 * @param opts the call options
 * @param io the current directory
 * @returns the absolute directory, or undefined
 */
export function callCwd(opts: CallOptions, io: Io): string | undefined {
  return opts.cwd === undefined ? undefined : posix.resolve(io.cwd, opts.cwd);
}

/**
 * The input of the call `check` and `explain` decide: `--input`, else made from the subject.
 *
 * @param tool the tool name
 * @param subject the subject argument
 * @param opts the call options
 * @returns the tool input, or an error for stderr
 */
export function callInput(
  tool: string,
  subject: string | undefined,
  opts: CallOptions,
): { input: unknown } | { error: string } {
  if (opts.input !== undefined) {
    try {
      return { input: JSON.parse(opts.input) };
    } catch (e) {
      return { error: `Cannot parse --input: ${(e as Error).message}` };
    }
  }
  if (subject === undefined) {
    return { error: `Give the subject of the ${tool} call, or its input with --input JSON` };
  }
  return inputForSubject(tool, subject);
}

/** One line per problem, naming the file and the reason. */
export function problemLine(p: Problem): string {
  return `skald: ${p.file}${p.line ? `:${p.line}` : ""}: ${p.message}`;
}

/**
 * Prints each problem on stderr, a line each.
 *
 * @param io streams
 * @param problems the problems
 */
export function reportProblems(io: Io, problems: readonly Problem[]): void {
  for (const p of problems) io.err(problemLine(p) + "\n");
}

/**
 * A decision's first line: the verdict, and the rule and its source when one decided.
 *
 * @param d the decision
 * @returns the line
 */
export function verdictHead(d: Decision): string {
  return `${d.verdict}${d.rule ? `  ${d.rule}  (${d.source})` : ""}`;
}

/**
 * The mode in force, and where it was set.
 *
 * @param policy the policy
 * @returns the text
 */
export function modeText(policy: Policy): string {
  return modeReason(policy).slice("Mode ".length);
}

/**
 * Prints an error: one line on stderr, or `{"error": MESSAGE}` on stdout under `--json`.
 *
 * @param io streams
 * @param message the error
 * @returns the `error` outcome
 */
export function fail(io: Io, message: string): Outcome {
  if (io.json) io.out(JSON.stringify({ error: message }) + "\n");
  else io.err(`skald: ${message}\n`);
  return "error";
}

/**
 * A directory an option names, made absolute; a {@link CliError} when it does not exist or is
 * not a directory (a typo must fail, not read an empty project).
 *
 * @param option the option, for the message (`--root`)
 * @param value its value, relative to the current directory
 * @param io the current directory
 * @returns the absolute directory
 */
export function existingDir(option: string, value: string, io: Io): string {
  const dir = posix.resolve(io.cwd, value);
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(dir);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      throw new CliError(`${option} "${value}" does not exist`);
    }
    throw new CliError(`${option} "${value}": ${(e as Error).message}`);
  }
  if (!info.isDirectory) throw new CliError(`${option} "${value}" is not a directory`);
  return dir;
}

/**
 * The settings files that could not be read at all (missing `--settings`, not JSON or YAML,
 * unreadable), as one error message; undefined when every file was read.
 *
 * @param problems the settings problems
 * @returns the message, or undefined
 */
export function unreadSettings(problems: readonly Problem[]): string | undefined {
  const unread = problems.filter((p) => UNREAD_CODES.has(p.code));
  if (unread.length === 0) return undefined;
  return unread.map((p) => `${p.file}${p.line ? `:${p.line}` : ""}: ${p.message}`).join("; ");
}

/** A project's places, and its settings read once. */
export interface Project {
  root: string;
  home: string;
  settings: LoadedSettings;
  /** The gzip decompressor, to read gzip-compressed tar archives (`lib/fs/archive_members.ts`). */
  gunzip?: Gunzip;
}

/**
 * Reads every settings source of the project the options name: root and home made absolute,
 * `--settings` files named relative to the current directory. A `--root` or `--home` that is
 * not a directory, and (unless `unreadFails` is false) a settings file that could not be read
 * at all, throw a {@link CliError}. Reads the variables `HOME` (through `io`, without `--home`)
 * and `SKALD_MANAGED_SETTINGS` (the managed settings file).
 *
 * @param opts the common options
 * @param io streams and environment
 * @param options `unreadFails: false` returns unread files as problems (for `lint`)
 * @returns the project
 */
export async function loadProject(
  opts: CommonOptions,
  io: Io,
  { unreadFails = true }: { unreadFails?: boolean } = {},
): Promise<Project> {
  const root = existingDir("--root", opts.root ?? ".", io);
  const home = opts.home === undefined
    ? posix.resolve(io.cwd, io.env("HOME") ?? "/")
    : existingDir("--home", opts.home, io);
  const settings = await loadSettings({
    root,
    home,
    extra: opts.settings,
    cwd: io.cwd,
    projectOnly: opts.projectOnly,
  });
  const unread = unreadFails ? unreadSettings(settings.problems) : undefined;
  if (unread !== undefined) throw new CliError(unread);
  return { root, home, settings, gunzip: await loadGunzip() };
}

/**
 * The policy of a project's settings.
 *
 * @param project the project
 * @param io streams and environment
 * @param extra a mode and more working directories
 * @returns the policy
 */
export function projectPolicy(
  project: Project,
  io: Io,
  extra: { mode?: string; addDirs?: string[] } = {},
): Policy {
  const { root, home, settings } = project;
  return new Policy({
    sources: settings.sources,
    env: diskPathEnv(root, home, undefined, project.gunzip),
    mode: extra.mode,
    addDirs: extra.addDirs?.map((d) => posix.resolve(io.cwd, d)),
  });
}

/**
 * Loads every settings source and builds the policy; the problems are returned for the caller
 * to report, and the other sources still count. A deciding command (`check`) fails on a file
 * that cannot be read at all; a diagnostic one (`rules`, `explain`: `diagnostic`) shows
 * everything it can still read, and names the broken file among the problems.
 *
 * @param opts the common options
 * @param io streams and environment
 * @param extra a mode and more working directories, and whether the command only diagnoses
 * @returns the policy and the problems found
 */
export async function loadPolicy(
  opts: CommonOptions,
  io: Io,
  extra: { mode?: string; addDirs?: string[]; diagnostic?: boolean } = {},
): Promise<{ policy: Policy; problems: Problem[] }> {
  const project = await loadProject(opts, io, { unreadFails: !extra.diagnostic });
  return { policy: projectPolicy(project, io, extra), problems: project.settings.problems };
}
