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
 * real path) is read once. Reads through a {@link SkillReader}; the rest is pure.
 *
 * @module
 */

import { posix } from "../path.ts";
import type { SkillProblem } from "./load_catalogue.ts";
import type { Manifest } from "./manifest.ts";
import { sortByName } from "./name_order.ts";
import type { DirEntry, SkillReader } from "./reader.ts";

/** A plugin's skills: where they are, and which are named by their frontmatter. */
export interface PluginSkillDirs {
  /** Skill folders (each with a `SKILL.md`), in Claude Code's order. */
  dirs: string[];
  /** The folders of `dirs` that a path names itself: their skill takes its frontmatter name. */
  selfNamed: string[];
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
): PluginSkillDirs {
  const skillsDir = posix.join(dir, "skills");
  const paths: string[] = reader.list(skillsDir) === undefined ? [] : [skillsDir];
  const given = manifest?.skills;
  if (given !== undefined) {
    for (const p of typeof given === "string" ? [given] : given) {
      const full = checkedPath(dir, p, manifestFile, reader, problems);
      if (full !== undefined && full !== skillsDir && !paths.includes(full)) paths.push(full);
    }
  } else if (paths.length === 0 && hasSkill(reader, dir)) {
    paths.push(dir);
  }
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
  file: string,
  reader: SkillReader,
  problems: SkillProblem[],
): string | undefined {
  const full = posix.resolve(dir, path);
  const problem = (reason: string) => {
    problems.push({ file, reason: `Skills path "${path}" ${reason}`, code: "skills-path" });
    return undefined;
  };
  if (!inside(dir, full) || !inside(reader.realPath(dir), reader.realPath(full))) {
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
