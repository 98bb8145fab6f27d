/**
 * Plugin folders as Claude Code 2.1.332 reads them (measured with the oracle,
 * `tests/oracle/cases/plugins.json`): whether a `--plugin-dir` folder is one plugin or a folder
 * of plugins, and what one plugin brings: its manifest checked (`manifest.ts`; a rejected one
 * drops the plugin, a key Claude Code does not know is a warning), its skills
 * (`plugin_skills.ts`), `commands/` unless the manifest names its own `commands`. Reads through
 * a {@link SkillReader}; the rest is pure.
 *
 * @module
 */

import { posix } from "../path.ts";
import type { Plugin, SkillProblem } from "./load_catalogue.ts";
import { checkManifest, type JsonPath, type Manifest } from "./manifest.ts";
import { MANIFEST_KEYS_VERSION } from "./manifest_keys.ts";
import type { MarketplaceEntry } from "./marketplace.ts";
import { type EntryComponents, mergeEntry } from "./marketplace_entry.ts";
import { pluginSkillDirs } from "./plugin_skills.ts";
import type { DirEntry, SkillReader } from "./reader.ts";

/** Directory names that mark a folder as one plugin (unless they hold a plugin themselves). */
const MARKER_DIRS: ReadonlySet<string> = new Set([
  "commands",
  "skills",
  "agents",
  "hooks",
  "themes",
  "output-styles",
  "monitors",
  "workflows",
]);
/** File names, and `.claude-plugin`, that mark a folder as one plugin. */
const MARKER_FILES: ReadonlySet<string> = new Set([
  ".claude-plugin",
  "SKILL.md",
  ".mcp.json",
  ".lsp.json",
]);

const MANIFEST = ".claude-plugin/plugin.json";
const MARKETPLACE = ".claude-plugin/marketplace.json";

const exists = (reader: SkillReader, file: string) => !("error" in reader.read(file, 0));

/**
 * The plugins a `--plugin-dir` folder stands for: the folder itself when something at its top
 * marks it as a plugin (`.claude-plugin`, `commands`, `skills`, `agents`, `hooks`, `SKILL.md`,
 * a non-empty `.mcp.json`, ...); otherwise each folder below it (not hidden, in name order)
 * that has a `.claude-plugin/plugin.json`. A `.claude-plugin` holding only a
 * `marketplace.json` does not make the folder a plugin.
 *
 * @param dir the folder
 * @param reader the file system
 * @returns the plugin folders, and the subfolders left out for having no manifest
 */
export function pluginFolders(
  dir: string,
  reader: SkillReader,
): { folders: string[]; skipped: string[] } {
  const list = reader.list(dir);
  if (list === undefined || "error" in list) return { folders: [dir], skipped: [] };
  const marketplaceRoot = list.some((e) => e.name === ".claude-plugin") &&
    !exists(reader, posix.join(dir, MANIFEST)) && exists(reader, posix.join(dir, MARKETPLACE));
  const top = marketplaceRoot ? list.filter((e) => e.name !== ".claude-plugin") : list;
  if (isOnePlugin(dir, top, reader)) return { folders: [dir], skipped: [] };
  const folders: string[] = [];
  const skipped: string[] = [];
  const subdirs = top.filter((e) => e.isDirectory && !e.name.startsWith("."))
    .map((e) => e.name).sort();
  for (const name of subdirs) {
    const sub = posix.join(dir, name);
    (exists(reader, posix.join(sub, MANIFEST)) ? folders : skipped).push(sub);
  }
  return { folders, skipped };
}

function isOnePlugin(dir: string, top: DirEntry[], reader: SkillReader): boolean {
  for (const e of top) {
    if (!MARKER_FILES.has(e.name)) continue;
    // An empty `.mcp.json` marks nothing.
    if (e.name === ".mcp.json" && reader.size(posix.join(dir, e.name)) === 0) continue;
    return true;
  }
  // A marker directory counts unless it is a plugin of its own (a plugin named `commands`).
  return top.some((e) =>
    MARKER_DIRS.has(e.name) && !exists(reader, posix.join(dir, e.name, MANIFEST))
  );
}

/** The manifest of a plugin folder: undefined when there is none; null when it is rejected. */
function readManifest(
  dir: string,
  reader: SkillReader,
  problems: SkillProblem[],
): Manifest | undefined | null {
  const file = posix.join(dir, MANIFEST);
  const read = reader.read(file, 1024 * 1024);
  if ("error" in read) {
    if (read.missing) return undefined;
    problems.push({ file, reason: `The plugin is not loaded: ${read.error}`, code: "unreadable" });
    return null;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(read.text.replace(/^\uFEFF/, ""));
  } catch (e) {
    problems.push({
      file,
      reason: `The plugin is not loaded: its manifest is not JSON: ${(e as Error).message}`,
      code: "bad-manifest",
      at: { path: [] },
    });
    return null;
  }
  const checked = checkManifest(doc);
  if (!checked.ok) {
    problems.push({
      file,
      reason: `The plugin is not loaded: invalid manifest: ${checked.error}`,
      code: "bad-manifest",
      at: { path: checked.path },
    });
    return null;
  }
  for (const [i, w] of checked.warnings.entries()) {
    problems.push({
      file,
      reason: `Claude Code ${w}; the plugin still loads`,
      level: "warning",
      code: "manifest-key",
      at: { path: [checked.ignored[i]!] },
    });
  }
  for (const key of checked.unknownKeys) {
    problems.push({
      file,
      reason: `Unknown key "${key}": not known to skald (Claude Code ${MANIFEST_KEYS_VERSION})`,
      level: "warning",
      code: "manifest-key",
      at: { path: [key], key: true },
    });
  }
  return checked.manifest;
}

const asList = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : typeof v === "string" ? [v] : v;

/** A place in a JSON file: the file, and the keys and indices of a value in it. */
export interface JsonPlace {
  file: string;
  at: JsonPath;
}

/** A plugin folder read: the plugin, and its manifest when it has one. */
export interface PluginRead {
  plugin: Plugin;
  /**
   * The manifest, when the folder has one or a marketplace entry stands for it (then the entry
   * and the `plugin.json` merged: `marketplace_entry.ts`).
   */
  manifest?: Manifest;
  /** Where the manifest is (or would be). */
  manifestFile: string;
  /** Where its `dependencies` are written (a `plugin.json`, or a marketplace entry). */
  dependenciesIn: JsonPlace;
  /** Where its `engines` are written. */
  enginesIn: JsonPlace;
}

/** The marketplace entry a plugin folder is read through. */
export interface FromEntry {
  entry: MarketplaceEntry;
  /** The marketplace's file. */
  file: string;
}

/**
 * Reads one plugin folder: its manifest (`.claude-plugin/plugin.json`, checked as Claude Code
 * does: a rejected manifest drops the plugin, with a problem saying why), its skills
 * (`plugin_skills.ts`: `skills/` and the manifest's `skills` paths, or a `SKILL.md` at its top),
 * and `commands/`, or instead the manifest's `commands` paths when it names any.
 *
 * @param dir the plugin folder
 * @param fallbackName the name when there is no manifest (the folder's name without one)
 * @param reader the file system
 * @param problems receives manifest problems
 * @returns the plugin, or undefined when the folder does not exist or its manifest is rejected
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPlugin } from "./plugin_folder.ts";
 * import { DIR, treeReader } from "./tree_reader.ts";
 *
 * const reader = treeReader({
 *   "/plug/.claude-plugin/plugin.json": '{ "name": "tools" }',
 *   "/plug/skills/fmt/SKILL.md": "Format the code",
 *   "/plug/skills/notes": DIR,
 *   "/bad/.claude-plugin/plugin.json": '{ "name": "bad", "agents": ["./agents"] }',
 * });
 * const problems: { file: string; reason: string }[] = [];
 * assert.deepEqual(readPlugin("/plug", undefined, reader, problems), {
 *   name: "tools",
 *   dirs: ["/plug/skills/fmt"],
 *   commands: ["/plug/commands"],
 *   root: "/plug",
 * });
 * assert.equal(readPlugin("/bad", undefined, reader, problems), undefined);
 * assert.deepEqual(problems, [{
 *   file: "/bad/.claude-plugin/plugin.json",
 *   reason: 'The plugin is not loaded: invalid manifest: agents.0: Invalid string: must end with ".md"',
 *   code: "bad-manifest",
 *   at: { path: ["agents", 0] },
 * }]);
 * ```
 */
export function readPlugin(
  dir: string,
  fallbackName: string | undefined,
  reader: SkillReader,
  problems: SkillProblem[],
): Plugin | undefined {
  return readPluginFolder(dir, fallbackName, reader, problems)?.plugin;
}

/**
 * {@link readPlugin}, with the manifest (for what discovery checks across plugins: their
 * dependencies, their Claude Code range).
 *
 * A plugin read through a marketplace entry (`from`) has the entry laid over its `plugin.json`
 * (`marketplace_entry.ts`): the entry stands for a missing one, adds its `commands` and `skills`
 * to one, or keeps the plugin from loading when both name components and the entry is not
 * `strict` (`conflicting-manifests`, reported on the marketplace file).
 *
 * @param dir the plugin folder
 * @param fallbackName the name when there is no manifest
 * @param reader the file system
 * @param problems receives manifest problems
 * @param from the marketplace entry the folder is read through, when it is
 * @returns the plugin and its manifest, or undefined as for {@link readPlugin}
 */
export function readPluginFolder(
  dir: string,
  fallbackName: string | undefined,
  reader: SkillReader,
  problems: SkillProblem[],
  from?: FromEntry,
): PluginRead | undefined {
  if (reader.list(dir) === undefined) {
    problems.push({ file: dir, reason: "The plugin folder does not exist", code: "missing" });
    return undefined;
  }
  const pluginJson = readManifest(dir, reader, problems);
  if (pluginJson === null) return undefined;
  const manifestFile = posix.join(dir, MANIFEST);
  let manifest = pluginJson;
  let added: EntryComponents = {};
  const own: JsonPlace = { file: manifestFile, at: [] };
  let dependenciesIn = own;
  let enginesIn = own;
  if (from !== undefined) {
    const merged = mergeEntry(from.entry, pluginJson);
    const entryPlace: JsonPlace = { file: from.file, at: ["plugins", from.entry.index] };
    if (merged.kind === "conflict") {
      problems.push({
        file: from.file,
        reason: `The plugin is not loaded: ${merged.reason}`,
        code: "conflicting-manifests",
        at: { path: [...entryPlace.at, "strict"] },
      });
      return undefined;
    }
    manifest = merged.manifest;
    added = merged.entry;
    if (pluginJson === undefined) dependenciesIn = entryPlace;
    if (pluginJson === undefined || !("claudeCodeRange" in pluginJson)) enginesIn = entryPlace;
  }
  const name = manifest?.name ?? fallbackName ?? posix.basename(dir);
  const resolve = (p: string) => posix.join(dir, p);
  const entrySkills = added.skills === undefined || from === undefined ? undefined : {
    ...added.skills,
    file: from.file,
    at: ["plugins", from.entry.index, "skills"],
  };
  const skills = pluginSkillDirs(dir, pluginJson, manifestFile, reader, problems, entrySkills);
  const commandPaths = (given: Manifest["commands"]): NonNullable<Plugin["commands"]> =>
    given === undefined
      ? []
      : typeof given === "string" || Array.isArray(given)
      ? asList(given).map(resolve)
      : Object.entries(given).flatMap(([n, c]) =>
        typeof c.source === "string" ? [{ name: n, path: resolve(c.source) }] : []
      );
  const commands: Plugin["commands"] = [
    ...(pluginJson?.commands === undefined ? [resolve("commands")] : []),
    ...commandPaths(pluginJson?.commands),
    ...commandPaths(added.commands),
  ];
  const plugin: Plugin = { name, dirs: skills.dirs, commands, root: dir };
  if (skills.selfNamed.length > 0) plugin.selfNamed = skills.selfNamed;
  const read: PluginRead = { plugin, manifestFile, dependenciesIn, enginesIn };
  if (manifest !== undefined) read.manifest = manifest;
  return read;
}
