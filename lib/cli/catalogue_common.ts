/**
 * The catalogue as the CLI builds it: discovery from `--root`, `--home`, `--skills` and
 * `--plugin-dir`, the YAML parser loaded, the disk reader.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import { type ProjectCatalogue, projectCatalogue } from "../project.ts";
import type { Catalogue, Shadowed, SkillProblem } from "../skills/catalogue.ts";
import type { StatedRange } from "../skills/engine_range.ts";
import type { ListingOptions } from "../skills/listing_budget.ts";
import type { Entry } from "../skills/entry.ts";
import type { Problem } from "../settings/problem.ts";
import {
  collect,
  type CommonOptions,
  existingDir,
  loadProject,
  type Project,
  withCommonOptions,
} from "./common.ts";
import type { Io } from "./io.ts";

/** The catalogue options on top of the common ones. */
export interface CatalogueCliOptions extends CommonOptions {
  pluginDir: string[];
  skills: string[];
}

/**
 * Adds the common options and `--plugin-dir`, `--skills` to a subcommand.
 *
 * @param cmd the subcommand
 * @returns the same subcommand
 */
export function withCatalogueOptions(cmd: Command): Command {
  return withCommonOptions(cmd)
    .option("--plugin-dir <dir>", "a plugin folder (repeatable)", collect, [])
    .option("--skills <dir>", "a directory of *.md skills, flat layout (repeatable)", collect, []);
}

/** A catalogue with what went wrong finding it. */
export interface LoadedCatalogue {
  catalogue: Catalogue;
  /** Problems of the settings files. */
  problems: Problem[];
  /** Plugin folders that could not be read (as the catalogue's own problems are shaped). */
  pluginProblems: SkillProblem[];
  /** The plugins' `engines["claude-code"]`, for `lint`. */
  ranges: StatedRange[];
  /** The project and its settings, for a command that also needs the policy. */
  project: Project;
  /** The skill listing's budget and description limit, from the settings and environment. */
  listing: ListingOptions;
  /** How many plugin folders were read, and the marketplaces. */
  read: ProjectCatalogue["read"];
}

/**
 * Discovers and reads the catalogue of a project. A `--skills` or `--plugin-dir` that is not a
 * directory throws a `CliError`, as {@link loadProject}'s checks do. Reads the variables `HOME`
 * and `SKALD_MANAGED_SETTINGS` ({@link loadProject}) and, through `io`,
 * `SLASH_COMMAND_TOOL_CHAR_BUDGET` (the listing's budget).
 *
 * @param opts the CLI options
 * @param io streams and environment
 * @param options `unreadFails: false` keeps unread settings files as problems (for `lint`);
 * `repository`: the root read as a plugin or marketplace too (for `lint`)
 * @returns the catalogue and the problems
 */
export async function loadCatalogue(
  opts: CatalogueCliOptions,
  io: Io,
  options: { unreadFails?: boolean; repository?: boolean } = {},
): Promise<LoadedCatalogue> {
  const project = await loadProject(opts, io, options);
  const { root, home, settings } = project;
  const { catalogue, pluginProblems, ranges, listing, read } = await projectCatalogue(settings, {
    root,
    home,
    skillsDirs: opts.skills.map((d) => existingDir("--skills", d, io)),
    pluginDirs: opts.pluginDir.map((d) => existingDir("--plugin-dir", d, io)),
    projectOnly: opts.projectOnly,
    budgetVariable: io.env("SLASH_COMMAND_TOOL_CHAR_BUDGET"),
    repository: options.repository,
  });
  return {
    catalogue,
    problems: settings.problems,
    pluginProblems,
    ranges,
    project,
    listing,
    read,
  };
}

/**
 * The message for a name no entry has: with the entries whose name ends in `:NAME` (a plugin's
 * or a subdirectory's), `Did you mean a:NAME or b:NAME?`.
 *
 * @param catalogue the catalogue
 * @param name the name asked for, with or without a leading `/`
 * @param what how the message starts
 * @param slash names are written `/name`
 * @returns the message
 */
export function notFound(catalogue: Catalogue, name: string, what: string, slash = false): string {
  const bare = name.replace(/^\//, "");
  const near = catalogue.suggest(bare).map((e) => (slash ? "/" : "") + e.name);
  const hint = near.length === 0
    ? ""
    : `. Did you mean ${near.slice(0, -1).join(", ")}${near.length > 1 ? " or " : ""}${
      near.at(-1)
    }?`;
  return `${what} "${slash ? "/" : ""}${bare}"${hint}`;
}

/** A shadowed entry for JSON output (`by_file`: the winner's file). */
export function shadowedJson(s: Shadowed): Record<string, unknown> {
  return { name: s.name, source: s.source, file: s.file, by: s.by, by_file: s.byFile };
}

/** An entry with the spec's field names, for JSON output. */
export function entryJson(e: Entry): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: e.name,
    kind: e.kind,
    description: e.description,
    dir: e.dir,
    file: e.file,
    source: e.source,
    frontmatter: e.frontmatter,
    model_invocable: e.modelInvocable,
    user_invocable: e.userInvocable,
  };
  if (e.plugin !== undefined) out.plugin = e.plugin;
  if (e.pluginRoot !== undefined) out.plugin_root = e.pluginRoot;
  if (e.override !== undefined) out.override = e.override;
  return out;
}
