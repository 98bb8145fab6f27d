/**
 * A project as the CLI reads it, in one call: its settings files read (managed, user, project,
 * local, `.raider`, `--settings`), the permission policy built from them, the skills and
 * commands catalogue (the project's, the user's, plugins), a renderer of `/name ARGUMENTS`, and
 * every problem found on the way. The file-system edge of the library: it reads the disk, runs
 * `bash` only when a render runs a `` !`cmd` `` the policy allows.
 *
 * @module
 */

import { posix } from "./path.ts";
import { loadYaml } from "./deps/yaml.ts";
import { diskPathEnv } from "./fs/disk_env.ts";
import { loadGunzip } from "./fs/archive_members.ts";
import { diskAttacher } from "./fs/disk_attacher.ts";
import { diskSkillReader } from "./fs/skill_reader.ts";
import { MAX_OUTPUT, runCommand } from "./exec/run_command.ts";
import { Policy } from "./permissions/policy.ts";
import { defaultManagedPath, type LoadedSettings, loadSettings } from "./settings/load.ts";
import { Catalogue, type SkillProblem } from "./skills/catalogue.ts";
import { discover, type Discovered } from "./skills/discovery.ts";
import type { StatedRange } from "./skills/engine_range.ts";
import { listingBudget, type ListingOptions } from "./skills/listing_budget.ts";
import { Renderer, type RenderResult } from "./render/renderer.ts";

/** Where a project is, and what else to read (each optional but `root`). */
export interface ProjectOptions {
  /** The project root (absolute, or relative to the current directory). */
  root: string;
  /** The home directory, where `~/.claude` is; default the `HOME` variable. */
  home?: string;
  /** More settings: files (relative to the current directory) or inline JSON (`--settings`). */
  settings?: readonly string[];
  /**
   * The managed settings file; default the platform's (`/etc/claude-code/managed-settings.json`),
   * or the `SKALD_MANAGED_SETTINGS` variable's.
   */
  managedSettings?: string;
  /** Plugin folders to read besides the installed ones (`--plugin-dir`). */
  pluginDirs?: readonly string[];
  /** Folders of flat `*.md` skills (`--skills`). */
  skillsDirs?: readonly string[];
  /** Only the project's own files: no `~/.claude`, no managed settings, no installed plugin. */
  projectOnly?: boolean;
  /** A mode name over every `defaultMode` (`--mode`). */
  mode?: string;
  /** More working directories (`--add-dir`). */
  addDirs?: readonly string[];
}

/** Something that went wrong reading the project: a file, and why. */
export interface ProjectProblem {
  /** The file, as reports name it. */
  file: string;
  /** Its line, when known. */
  line?: number;
  /** A short code (`not-json`, `wrong-type`, `bad-manifest`, ...). */
  code: string;
  /** What went wrong. */
  message: string;
  /**
   * `error`: a value that may hold a rule could not be read (deciding as if it were not written
   * would be wrong: the hook blocks every call); `warning` or `info`: read past.
   */
  level: "error" | "warning" | "info";
}

/** A project, read: its policy, catalogue, renderer and problems. */
export interface OpenProject {
  /** The root, absolute. */
  root: string;
  /** The home, absolute. */
  home: string;
  /** The settings files as read (sources, plugins enabled, listing options, ...). */
  settings: LoadedSettings;
  /** The permission policy of every source. */
  policy: Policy;
  /** The skills and commands. */
  catalogue: Catalogue;
  /** The model's listing's budget and description limit ({@link Catalogue.listing}). */
  listing: ListingOptions;
  /** Renders skills and commands under the policy (commands run in the root). */
  renderer: Renderer;
  /**
   * Every problem of the settings, plugins and skills. Check it: an `error` means a rule may be
   * missing from the policy (the hook and `check` refuse to decide then).
   */
  problems: ProjectProblem[];
  /**
   * Renders `/name ARGUMENTS` as a user's slash command: the entry found (user-invocable, not
   * turned off by `skillOverrides`), its body's `` !`cmd` `` checked against the policy before
   * any runs, `@file` references attached.
   *
   * @param invocation the slash command and its arguments
   * @returns the result; `error` says why nothing goes to the model
   */
  render(invocation: string): Promise<RenderResult>;
}

/**
 * Reads a project in one call, as the CLI does: the policy, the catalogue, a renderer and every
 * problem. Reads the environment variables `HOME` (without `home`), `SKALD_MANAGED_SETTINGS`
 * (without `managedSettings`) and `SLASH_COMMAND_TOOL_CHAR_BUDGET` (the listing's budget), and
 * the disk; needs `--allow-read`, `--allow-env` for those, and `--allow-run=bash` to render a
 * command that runs one.
 *
 * @param options where the project is
 * @returns the project
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openProject } from "./project.ts";
 *
 * const project = await openProject({ root: "examples/project", projectOnly: true });
 * assert.deepEqual(project.problems.filter((p) => p.level === "error"), []);
 * const d = project.policy.decide({ tool: "Bash", input: { command: "sudo rm -rf /" } });
 * assert.equal(d.verdict, "deny");
 * assert.ok(project.catalogue.find("review") !== undefined);
 * const r = await project.render("/review src/app.ts readability");
 * assert.equal(r.error, undefined);
 * assert.match(r.text!, /src\/app\.ts/);
 * ```
 */
export async function openProject(options: ProjectOptions): Promise<OpenProject> {
  const cwd = Deno.cwd();
  const root = posix.resolve(cwd, options.root);
  const home = posix.resolve(cwd, options.home ?? Deno.env.get("HOME") ?? "/");
  const settings = await loadSettings({
    root,
    home,
    extra: options.settings,
    cwd,
    managed: options.managedSettings ?? defaultManagedPath(),
    projectOnly: options.projectOnly,
  });
  const policy = new Policy({
    sources: settings.sources,
    env: diskPathEnv(root, home, undefined, await loadGunzip()),
    mode: options.mode,
    addDirs: options.addDirs?.map((d) => posix.resolve(cwd, d)),
  });
  const { catalogue, pluginProblems, listing } = await projectCatalogue(settings, {
    root,
    home,
    pluginDirs: options.pluginDirs?.map((d) => posix.resolve(cwd, d)) ?? [],
    skillsDirs: options.skillsDirs?.map((d) => posix.resolve(cwd, d)) ?? [],
    projectOnly: options.projectOnly,
    budgetVariable: Deno.env.get("SLASH_COMMAND_TOOL_CHAR_BUDGET"),
  });
  const renderer = new Renderer({
    root,
    policy,
    disableShell: settings.disableSkillShellExecution,
    runner: (command, dir, seconds) =>
      runCommand(command, {
        cwd: dir,
        timeoutSeconds: seconds,
        killGraceSeconds: 2,
        maxOutput: MAX_OUTPUT,
      }),
    files: diskAttacher(policy.ctx.realPath),
  });
  const problems: ProjectProblem[] = [
    ...settings.problems.map((p) => ({
      file: p.file,
      ...(p.line === undefined ? {} : { line: p.line }),
      code: p.code,
      message: p.message,
      level: p.level ?? "error" as const,
    })),
    ...[...pluginProblems, ...catalogue.problems()].map((p) => ({
      file: p.file,
      ...(p.line === undefined ? {} : { line: p.line }),
      code: p.code ?? "skill-problem",
      message: p.reason,
      level: p.level ?? "error" as const,
    })),
  ];
  return {
    root,
    home,
    settings,
    policy,
    catalogue,
    listing,
    renderer,
    problems,
    render: (invocation) => renderInvocation(catalogue, renderer, invocation),
  };
}

/** Where a catalogue's roots and plugins are, besides the settings. */
export interface CatalogueWhere {
  root: string;
  home: string;
  /** Plugin folders besides the installed ones, absolute. */
  pluginDirs: readonly string[];
  /** Folders of flat skills, absolute. */
  skillsDirs: readonly string[];
  projectOnly?: boolean;
  /** `SLASH_COMMAND_TOOL_CHAR_BUDGET`, as the environment gives it. */
  budgetVariable?: string;
  /**
   * The root read as a plugin repository too: its marketplace's plugins, or the plugin it is
   * (for `lint`; Claude Code does not load a project folder as either).
   */
  repository?: boolean;
}

/** What {@link projectCatalogue} returns. */
export interface ProjectCatalogue {
  /** The catalogue. */
  catalogue: Catalogue;
  /** Plugin folders that could not be read. */
  pluginProblems: SkillProblem[];
  /** The loaded plugins' `engines["claude-code"]`, for `lint`. */
  ranges: StatedRange[];
  /** The listing's options. */
  listing: ListingOptions;
  /** How many plugin folders were read (loaded or not), and the marketplaces, for a summary. */
  read: Pick<Discovered, "pluginsRead" | "marketplaces">;
}

/**
 * The catalogue of a project whose settings are read: discovery (the settings' enabled plugins,
 * the managed `strictPluginOnlyCustomization`), the disk reader, the YAML parser, the settings'
 * `skillOverrides`, and the listing's options (`disableBundledSkills` included).
 *
 * @param settings the project's settings, read
 * @param where the roots, plugins and the listing's budget variable
 * @returns the catalogue, the plugin folders that could not be read, the listing's options
 */
export async function projectCatalogue(
  settings: LoadedSettings,
  where: CatalogueWhere,
): Promise<ProjectCatalogue> {
  const found = discover({
    root: where.root,
    home: where.home,
    skillsDirs: [...where.skillsDirs],
    pluginDirs: [...where.pluginDirs],
    enabledPlugins: settings.enabledPlugins,
    projectOnly: where.projectOnly,
    repository: where.repository,
  }, diskSkillReader);
  const yaml = await loadYaml();
  // The managed settings' strictPluginOnlyCustomization: the user's and the project's own
  // skills and commands are not loaded (the --skills folders are).
  const roots = settings.pluginOnlySkills
    ? found.roots.filter((r) => r.layout === "flat")
    : found.roots;
  const catalogue = new Catalogue({
    roots,
    plugins: found.plugins,
    base: where.root,
    reader: diskSkillReader,
    yaml: (text) => yaml.parse(text, { maxAliasCount: 100 }),
    overrides: settings.skillOverrides,
  });
  const listing: ListingOptions = {
    budget: listingBudget(where.budgetVariable, settings.skillListing.budgetFraction),
  };
  if (settings.skillListing.maxDescChars !== undefined) {
    listing.maxDescChars = settings.skillListing.maxDescChars;
  }
  // disableBundledSkills: Claude Code's own entries leave the listing.
  if (settings.disableBundledSkills) listing.builtins = [];
  return {
    catalogue,
    pluginProblems: found.problems,
    ranges: found.ranges,
    listing,
    read: { pluginsRead: found.pluginsRead, marketplaces: found.marketplaces },
  };
}

/** `/name ARGUMENTS` rendered as a user's slash command, or the reason it is not. */
async function renderInvocation(
  catalogue: Catalogue,
  renderer: Renderer,
  invocation: string,
): Promise<RenderResult> {
  const refused = (error: string): RenderResult => ({
    error,
    arguments: [],
    commands: [],
    filesRead: [],
  });
  const m = /^\/?([^\s]+)(?:\s+([\s\S]*))?$/.exec(invocation.trim());
  if (m === null) return refused(`Not a slash command: ${JSON.stringify(invocation)}`);
  const [, name, rest] = m as unknown as [string, string, string | undefined];
  const entry = catalogue.find(name);
  if (entry === undefined) return refused(`Unknown skill or command "/${name}"`);
  if (entry.override === "off") {
    return refused(`Skill "${entry.name}" is disabled via skillOverrides`);
  }
  if (!entry.userInvocable) {
    return refused(`/${entry.name} can only be invoked by the model, not by a user`);
  }
  const body = catalogue.body(entry.name);
  if (body === undefined) return refused(`Cannot read ${entry.file}`);
  return await renderer.render({ entry, body, arguments: (rest ?? "").trim() });
}
