/**
 * A plugin's skill folders, found as Claude Code 2.1.332 finds them (observed with the real
 * binary: `tests/fixtures/oracle/plugin_manifests.json`; its loader `yge`/`LDn`,
 * `chunk-bqhgd24a.js`):
 *
 * 1. `skills/`, when it exists;
 * 2. then each path of the manifest's `skills` (`"."` and `"./"` are the plugin's top), in the
 *    manifest's order; `skills/` itself named there is not read twice. A path that leaves the
 *    plugin folder, does not exist or is a file gives no skill and a problem (the plugin loads);
 * 3. with no `skills` key and no `skills/` folder, a `SKILL.md` at the plugin's top is its one
 *    skill.
 *
 * A path holding a `SKILL.md` is one skill, whose name is its frontmatter `name` (else the
 * folder's name), and the folders below it are not searched; otherwise each folder right below
 * it with a `SKILL.md` is a skill named by its folder, in name order. A skill reached twice (its
 * real path) is read once.
 *
 * A marketplace entry's `skills` (observed: `g03`, `g05`, `g06` of
 * `tests/oracle/cases/claude-2.1.332/`; its `$Vo` and `YKo`) come after them: appended to a
 * `plugin.json`'s (`append`; a skill folder already there is not added twice), or, where the
 * entry stands for a missing `plugin.json` (`assign`), in place of the `SKILL.md` at the top
 * when any of its paths gives a folder. An entry whose source is the marketplace's root (`./`)
 * and names `skills` (`replace`) reads those paths instead of `skills/` and the manifest's:
 * `skills/` only when a path names it or the root; nothing at all when every path it names
 * leaves the plugin; the manifest's and `skills/` as ever when no path gives a folder. Reads
 * through a {@link SkillReader}; the rest is pure.
 *
 * @module
 */

import { posix } from "../path.ts";
import type { SkillProblem } from "./load_catalogue.ts";
import type { JsonPath, Manifest } from "./manifest.ts";
import { sortByName } from "./name_order.ts";
import type { DirEntry, SkillReader } from "./reader.ts";

/** A plugin's skills: where they are, and which are named by their frontmatter. */
export interface PluginSkillDirs {
  /** Skill folders (each with a `SKILL.md`), in Claude Code's order. */
  dirs: string[];
  /** The folders of `dirs` that a path names itself: their skill takes its frontmatter name. */
  selfNamed: string[];
}

/** A marketplace entry's `skills`, over the plugin's own. */
export interface EntrySkills {
  /** The entry's `skills` paths. */
  paths: readonly string[];
  /** `append` to a `plugin.json`'s; `assign`: the entry stands for a missing `plugin.json`. */
  mode: "append" | "assign";
  /** The entry's source is the marketplace's root: its paths replace `skills/`'s scan. */
  replace: boolean;
  /** Where a path that gives nothing is reported: the marketplace file. */
  file: string;
  /** The place of the entry's `skills` in that file. */
  at: JsonPath;
}

const sanitize = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, "-");
const hasSkill = (reader: SkillReader, dir: string) =>
  !("error" in reader.read(posix.join(dir, "SKILL.md"), 0));
const inside = (root: string, path: string) => path === root || path.startsWith(root + "/");

/**
 * Finds the skill folders of a plugin.
 *
 * @param dir the plugin folder
 * @param manifest its manifest, when it has one
 * @param manifestFile where problems with the manifest's paths are reported
 * @param reader the file system
 * @param problems receives a problem for each `skills` path that gives nothing
 * @param entry a marketplace entry's `skills`, when the plugin comes from one
 * @returns the skill folders and those named by their frontmatter
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pluginSkillDirs } from "./plugin_skills.ts";
 * import { treeReader } from "./tree_reader.ts";
 *
 * const reader = treeReader({
 *   "/p/SKILL.md": "---\nname: top\n---\nThe plugin's own skill",
 *   "/p/skills/fmt/SKILL.md": "Format",
 *   "/p/extra/lint/SKILL.md": "Lint",
 * });
 * const problems: { file: string; reason: string }[] = [];
 * const manifest = { name: "p", skills: [".", "./extra"] };
 * assert.deepEqual(pluginSkillDirs("/p", manifest, "/p/m", reader, problems), {
 *   dirs: ["/p/skills/fmt", "/p", "/p/extra/lint"],
 *   selfNamed: ["/p"],
 * });
 * assert.deepEqual(problems, []);
 * ```
 */
export function pluginSkillDirs(
  dir: string,
  manifest: Manifest | undefined,
  manifestFile: string,
  reader: SkillReader,
  problems: SkillProblem[],
  entry?: EntrySkills,
): PluginSkillDirs {
  const skillsDir = posix.join(dir, "skills");
  let scanSkillsDir = reader.list(skillsDir) !== undefined;
  let paths: string[] = [];
  const given = manifest?.skills;
  if (given !== undefined) {
    const list = typeof given === "string" ? [given] : given;
    for (const [i, p] of list.entries()) {
      const at = typeof given === "string" ? ["skills"] : ["skills", i];
      const full = checkedPath(dir, p, { file: manifestFile, at }, reader, problems);
      if (full !== undefined && full !== skillsDir && !paths.includes(full)) paths.push(full);
    }
  } else if (!scanSkillsDir && hasSkill(reader, dir)) {
    paths.push(dir);
  }
  if (entry !== undefined && entry.paths.length > 0) {
    let escaped = false;
    const named: string[] = [];
    for (const [i, p] of entry.paths.entries()) {
      const place = { file: entry.file, at: [...entry.at, i] };
      const full = checkedPath(dir, p, place, reader, problems, () => escaped = true);
      if (full !== undefined) named.push(full);
    }
    if (entry.replace && named.length === 0 && escaped) return { dirs: [], selfNamed: [] };
    if (entry.replace && named.length > 0) {
      scanSkillsDir &&= named.some((p) => p === skillsDir || p === dir);
      paths = named.filter((p) => p !== skillsDir && p !== dir);
    }
    const added = named.filter((p) => p !== skillsDir);
    if (entry.mode === "append") paths.push(...added.filter((p) => !paths.includes(p)));
    else if (added.length > 0) paths = added;
  }
  if (scanSkillsDir) paths.unshift(skillsDir);
  const found: PluginSkillDirs = { dirs: [], selfNamed: [] };
  const seen = new Set<string>();
  const add = (skill: string) => {
    const real = reader.realPath(skill);
    if (seen.has(real)) return false;
    seen.add(real);
    found.dirs.push(skill);
    return true;
  };
  for (const path of paths) {
    if (hasSkill(reader, path)) {
      if (add(path)) found.selfNamed.push(path);
      continue;
    }
    const list = reader.list(path);
    if (list === undefined || "error" in list) continue;
    // In name order inside each path, the paths in the manifest's order (Claude Code's).
    for (const d of sortByName(list, (d: DirEntry) => sanitize(d.name))) {
      const sub = posix.join(path, d.name);
      // One level only: a folder without a SKILL.md is not searched further.
      if (d.isDirectory && hasSkill(reader, sub)) add(sub);
    }
  }
  return found;
}

/**
 * A `skills` path of the manifest resolved in the plugin folder, or undefined (and a problem)
 * when it leaves the folder, does not exist or is a file: Claude Code reads no skill from it.
 */
function checkedPath(
  dir: string,
  path: string,
  place: { file: string; at: JsonPath },
  reader: SkillReader,
  problems: SkillProblem[],
  onEscape?: () => void,
): string | undefined {
  const full = posix.resolve(dir, path);
  const problem = (reason: string) => {
    problems.push({
      file: place.file,
      reason: `Skills path "${path}" ${reason}`,
      code: "skills-path",
      at: { path: place.at },
    });
    return undefined;
  };
  if (!inside(dir, full) || !inside(reader.realPath(dir), reader.realPath(full))) {
    onEscape?.();
    return problem("leaves the plugin folder: no skill is read from it");
  }
  const list = reader.list(full);
  if (list !== undefined) return full;
  const read = reader.read(full, 0);
  if ("error" in read && read.missing) return problem(`does not exist (${full})`);
  const hint = posix.basename(full).toLowerCase() === "skill.md"
    ? posix.dirname(path) === "."
      ? " \u2014 point to the plugin root '.' instead"
      : ` \u2014 point to the parent directory '${posix.dirname(path)}' instead`
    : "";
  return problem(
    `is a file; skills entries must be directories containing SKILL.md${hint}`,
  );
}
