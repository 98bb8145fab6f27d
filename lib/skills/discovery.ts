/**
 * Discovery: which roots and plugins a project, its user and the command line give the
 * catalogue, in precedence order (the caller's job in the spec; the CLI is the caller).
 *
 * 1. `~/.claude/skills`, 2. `.claude/skills`, 3. `.raider/skills`, 4. each `--skills DIR`
 * (flat), 5. `~/.claude/commands`, 6. `.claude/commands`, then the plugins: each
 * `--plugin-dir DIR`, then the plugins Claude Code has installed under `~/.claude/plugins`
 * that the settings do not disable. A `--plugin-dir` folder is one plugin, or a folder of
 * plugins (`plugin_folder.ts` says which, as Claude Code does). A plugin whose `dependencies`
 * are not all loaded is left out, as Claude Code leaves it out (`plugin_dependencies.ts`). The
 * user's roots come before the project's (Claude Code: a `~/.claude` skill or command shadows
 * the project's one), skill roots before command roots (Claude Code lists skills first; a skill
 * beats a command of the same name anyway). Nested `.claude/skills` below the root come in
 * later, through `nestedRoots`, when a file under them is touched.
 *
 * With `repository` (what `lint` asks for), the root is also read as the plugin repository it
 * may be, as Claude Code reads one a user adds: a marketplace (`.claude-plugin/
 * marketplace.json`: every entry with a local source, its folder read through the entry, after
 * the `--plugin-dir`s and installed as `name@marketplace`), and a plugin
 * (`.claude-plugin/plugin.json`: as a `--plugin-dir`) unless an entry of its marketplace reads
 * it already. A folder a `--plugin-dir` names is not read again. Claude Code itself does not
 * load the project folder as a plugin or marketplace, so the catalogue does not either.
 *
 * @module
 */

import { posix } from "../path.ts";
import type { StatedRange } from "./engine_range.ts";
import type { Plugin, Root, SkillProblem } from "./load_catalogue.ts";
import {
  MARKETPLACE_FILE,
  type MarketplaceSummary,
  readMarketplaceFolder,
} from "./marketplace_folder.ts";
import { isRootSource } from "./marketplace_entry.ts";
import { type FoundPlugin, withDependencies } from "./plugin_dependencies.ts";
import { pluginFolders, type PluginRead, readPlugin, readPluginFolder } from "./plugin_folder.ts";
import type { SkillReader } from "./reader.ts";

export { readPlugin };

/** Where {@link discover} looks. */
export interface DiscoveryOptions {
  /** The project root. */
  root: string;
  /** The home directory (`~`). */
  home: string;
  /** `--skills DIR` values, flat layout. */
  skillsDirs?: string[];
  /** `--plugin-dir DIR` values. */
  pluginDirs?: string[];
  /** `enabledPlugins` of the settings: a plugin set to false is left out. */
  enabledPlugins?: Record<string, unknown>;
  /** Only the project's roots and `--plugin-dir`s: nothing of `~/.claude`, no installed plugin. */
  projectOnly?: boolean;
  /**
   * Folders holding a marketplace, read as a directory marketplace whose plugins are all
   * enabled (after the `--plugin-dir`s).
   */
  marketplaceDirs?: string[];
  /** The root read as a plugin repository too: its marketplace, its plugin (for `lint`). */
  repository?: boolean;
}

/** What discovery found. */
export interface Discovered {
  /** The roots, in precedence order. */
  roots: Root[];
  /** The plugins: each `--plugin-dir`, then the installed ones not disabled. */
  plugins: Plugin[];
  /** Plugin folders and manifests that could not be read, plugins left out for a dependency. */
  problems: SkillProblem[];
  /**
   * The `engines["claude-code"]` of the plugins loaded, for `lint` to hold against Claude
   * Code's version (`engine_range.ts`; the plugins load whatever it says).
   */
  ranges: StatedRange[];
  /**
   * The plugin folders read (a `--plugin-dir`'s, installed ones, the marketplaces' entries),
   * loaded or not.
   */
  pluginsRead: number;
  /** The marketplaces read (`marketplaceDirs`, the root's), with what each held. */
  marketplaces: MarketplaceSummary[];
}

/**
 * Finds the roots and plugins of a project (the order is in the module doc). A root that does
 * not exist is listed anyway: the catalogue finds it empty.
 *
 * @param options root, home, flags and settings
 * @param reader the file system
 * @returns the roots in precedence order, the plugins, and problems with plugin manifests
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { discover } from "./discovery.ts";
 * import { treeReader } from "./tree_reader.ts";
 *
 * const nothing = treeReader({});
 * const found = discover({ root: "/proj", home: "/home/me", skillsDirs: ["docs/skills"] }, nothing);
 * assert.deepEqual(found.roots.map((r) => [r.source, r.layout]), [
 *   ["~/.claude/skills", "skills"],
 *   [".claude/skills", "skills"],
 *   [".raider/skills", "skills"],
 *   ["--skills docs/skills", "flat"],
 *   ["~/.claude/commands", "commands"],
 *   [".claude/commands", "commands"],
 * ]);
 * assert.deepEqual(found.plugins, []);
 * assert.deepEqual(found.ranges, []);
 * assert.deepEqual([found.pluginsRead, found.marketplaces], [0, []]);
 * ```
 */
export function discover(options: DiscoveryOptions, reader: SkillReader): Discovered {
  const { root, home } = options;
  const base = root;
  const roots: Root[] = [
    { dir: posix.join(home, ".claude/skills"), source: "~/.claude/skills", layout: "skills", base },
    { dir: posix.join(root, ".claude/skills"), source: ".claude/skills", layout: "skills", base },
    { dir: posix.join(root, ".raider/skills"), source: ".raider/skills", layout: "skills", base },
    ...(options.skillsDirs ?? []).map((d): Root => ({
      dir: posix.resolve(root, d),
      source: `--skills ${posix.relative(root, posix.resolve(root, d)) || "."}`,
      layout: "flat",
      base,
    })),
    {
      dir: posix.join(home, ".claude/commands"),
      source: "~/.claude/commands",
      layout: "commands",
      base,
    },
    {
      dir: posix.join(root, ".claude/commands"),
      source: ".claude/commands",
      layout: "commands",
      base,
    },
  ];
  const problems: Discovered["problems"] = [];
  const found: FoundPlugin[] = [];
  const stated = new Map<FoundPlugin, StatedRange>();
  const take = (read: PluginRead, key: string | undefined, local: boolean) => {
    const f: FoundPlugin = { plugin: read.plugin, file: read.dependenciesIn.file };
    if (key !== undefined) f.key = key;
    if (read.manifest?.dependencies) {
      f.dependencies = read.manifest.dependencies;
      f.dependenciesAt = [...read.dependenciesIn.at, "dependencies"];
    }
    found.push(f);
    if (read.manifest !== undefined && "claudeCodeRange" in read.manifest) {
      stated.set(f, {
        plugin: read.plugin.name,
        file: read.enginesIn.file,
        at: [...read.enginesIn.at, "engines", "claude-code"],
        stated: read.manifest.claudeCodeRange,
        local,
      });
    }
  };
  let pluginsRead = 0;
  const add = (dir: string, key: string | undefined) => {
    if (reader.list(dir) !== undefined) pluginsRead++;
    const read = readPluginFolder(dir, key?.split("@")[0], reader, problems);
    if (read !== undefined) take(read, key, key === undefined);
  };
  const dirs = (options.pluginDirs ?? []).map((d) => posix.resolve(root, d));
  const repository = options.repository ? repositoryKind(root, reader) : undefined;
  for (const dir of dirs) {
    if (reader.list(dir) === undefined) {
      problems.push({ file: dir, reason: "The plugin folder does not exist", code: "missing" });
      continue;
    }
    const { folders, skipped } = pluginFolders(dir, reader);
    if (folders.length === 0) {
      problems.push({
        file: dir,
        reason: "No plugin here: nothing at its top marks it as one plugin, and no folder " +
          "below it has a .claude-plugin/plugin.json",
        code: "no-plugin",
      });
    }
    for (const f of skipped) {
      problems.push({
        file: f,
        reason: "Not loaded: a folder of a --plugin-dir collection without " +
          ".claude-plugin/plugin.json",
        level: "warning",
        code: "not-a-plugin",
      });
    }
    for (const f of folders) add(f, undefined);
  }
  const marketplaces: MarketplaceSummary[] = [];
  const markets = (options.marketplaceDirs ?? []).map((d) => posix.resolve(root, d));
  if (repository?.marketplace && !markets.includes(root)) markets.push(root);
  const given = new Set(found.map((f) => reader.realPath(f.plugin.root ?? "")));
  for (const dir of markets) {
    const read = readMarketplaceFolder(dir, reader, problems, given);
    marketplaces.push(read.marketplace);
    pluginsRead += read.marketplace.pluginsRead;
    // A directory marketplace is the author's own folder: a range leaves nothing out.
    for (const p of read.plugins) take(p.read, p.key, true);
  }
  if (repository?.plugin && !dirs.some((d) => reader.realPath(d) === reader.realPath(root))) {
    add(root, undefined);
  }
  const disabled: string[] = [];
  if (!options.projectOnly) {
    for (const [key, path] of installedPlugins(home, reader, problems)) {
      if (options.enabledPlugins?.[key] === false) disabled.push(key);
      else add(path, key);
    }
  }
  const checked = withDependencies(found, disabled);
  problems.push(...checked.problems);
  const loaded = new Set(checked.plugins);
  return {
    roots: options.projectOnly ? roots.filter((r) => !r.source.startsWith("~/")) : roots,
    plugins: checked.plugins,
    problems,
    ranges: [...stated].flatMap(([f, r]) => loaded.has(f.plugin) ? [r] : []),
    pluginsRead,
    marketplaces,
  };
}

/**
 * What a repository's root is to Claude Code: a marketplace (it has `marketplace.json`), a
 * plugin (it has `plugin.json`, and no entry of its marketplace reads the root already), both
 * or neither.
 */
function repositoryKind(
  root: string,
  reader: SkillReader,
): { marketplace: boolean; plugin: boolean } {
  const has = (file: string) => !("error" in reader.read(posix.join(root, file), 0));
  const marketplace = has(MARKETPLACE_FILE);
  let plugin = has(".claude-plugin/plugin.json");
  if (plugin && marketplace) {
    const read = reader.read(posix.join(root, MARKETPLACE_FILE), 4 * 1024 * 1024);
    try {
      const plugins = "error" in read ? [] : JSON.parse(read.text.replace(/^\uFEFF/, "")).plugins;
      const rooted = Array.isArray(plugins) &&
        plugins.some((e) => (typeof e?.source === "string") && isRootSource(e.source));
      plugin = !rooted;
    } catch {
      // A marketplace that is not JSON is reported by its reading; the plugin is read alone.
    }
  }
  return { marketplace, plugin };
}

/** `~/.claude/plugins/installed_plugins.json`: plugin key -> install path. */
function installedPlugins(
  home: string,
  reader: SkillReader,
  problems: Discovered["problems"],
): [string, string][] {
  const file = posix.join(home, ".claude/plugins/installed_plugins.json");
  const read = reader.read(file, 4 * 1024 * 1024);
  if ("error" in read) {
    if (!read.missing) problems.push({ file, reason: read.error, code: "unreadable" });
    return [];
  }
  let doc: unknown;
  try {
    doc = JSON.parse(read.text);
  } catch (e) {
    problems.push({ file, reason: `Cannot parse JSON: ${(e as Error).message}`, code: "not-json" });
    return [];
  }
  const plugins = (doc as { plugins?: unknown })?.plugins;
  if (typeof plugins !== "object" || plugins === null || Array.isArray(plugins)) {
    problems.push({ file, reason: '"plugins" is not an object', code: "wrong-type" });
    return [];
  }
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(plugins)) {
    const installs = Array.isArray(value) ? value : [value];
    const path = installs.map((i) => (i as { installPath?: unknown })?.installPath)
      .find((p): p is string => typeof p === "string");
    if (path === undefined) {
      problems.push({ file, reason: `"${key}" has no installPath`, code: "missing-key" });
    } else out.push([key, path]);
  }
  return out;
}

/**
 * The nested `.claude/skills` directories between a touched file and the root (the root's own
 * excluded), nearest first, as roots whose base is the directory holding `.claude`: give them
 * to {@link Catalogue.addRoots}.
 *
 * @param path an absolute path of a touched file
 * @param root the project root
 * @param reader the file system
 * @returns the roots
 */
export function nestedRoots(path: string, root: string, reader: SkillReader): Root[] {
  const out: Root[] = [];
  let dir = posix.dirname(path);
  while (dir !== root && dir.startsWith(root + "/")) {
    const skills = posix.join(dir, ".claude/skills");
    if (reader.list(skills) !== undefined) {
      out.push({
        dir: skills,
        source: posix.relative(root, skills),
        layout: "skills",
        base: dir,
      });
    }
    dir = posix.dirname(dir);
  }
  return out;
}
