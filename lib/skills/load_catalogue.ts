/**
 * Loading a catalogue: the roots' and plugins' trees walked into entries, in the order each
 * directory lists them, and the problems of what cannot be read. Which entry wins a name is
 * not decided here (`catalogue.ts` holds precedence and the queries); the files are read
 * through a `SkillReader`, one file's head at a time (`_read_entries.ts`).
 *
 * @module
 */

import { posix } from "../path.ts";
import type { Entry, EntryKind } from "./entry.ts";
import {
  listDir,
  pluginSkillName,
  type ReadContext,
  readEntry,
  readSkillsDir,
  walkCommands,
} from "./_read_entries.ts";
import { sortByName } from "./name_order.ts";

/**
 * How a root's files are laid out: `skills` (a directory per skill holding `SKILL.md`), `flat`
 * (`*.md` files, one skill each), `file` (one skill file) or `commands` (`*.md` commands, a
 * subdirectory adding a `dir:` prefix to the name).
 */
export type Layout = "skills" | "flat" | "file" | "commands";

/** A root of the catalogue. */
export interface Root {
  /** The directory (for `file`: the file's directory, when `file` is given). */
  dir: string;
  /** The report label, e.g. `.claude/skills`. */
  source: string;
  /** How the root's files are laid out. */
  layout: Layout;
  /** The `file` layout's file. */
  file?: string;
  /** The directory `paths:` globs are relative to, for this root's skills. */
  base?: string;
}

/** A plugin's skill directories and command paths. */
export interface Plugin {
  /** The plugin's name: its entries are named `name:entry`. */
  name: string;
  /** Skill directories (each with a `SKILL.md`), or directories of them. */
  dirs: string[];
  /**
   * The skill directories of `dirs` that a manifest `skills` path (or the plugin's top) names
   * itself: Claude Code names their skill by its frontmatter `name` (`plugin:` before it
   * dropped), else by the directory.
   */
  selfNamed?: string[];
  /**
   * Command paths, in order: directories (read like a commands root), single `.md` files, skill
   * directories (a command read from the `SKILL.md`), or a name given to a file.
   */
  commands?: (string | { name: string; path: string })[];
  /** The plugin's root: `${CLAUDE_PLUGIN_ROOT}`. */
  root?: string;
}

/** A skill file that could not be read, or whose frontmatter is broken. */
export interface SkillProblem {
  /** The file or directory. */
  file: string;
  /** What went wrong, in one sentence. */
  reason: string;
  /**
   * `warning` for what does not stop anything loading (lint does not fail on it); `info` for
   * what skald could not check.
   */
  level?: "warning" | "info";
  /**
   * A short stable code (`bad-frontmatter`, `unreadable`, `plugin-not-loaded`, ...), for `lint`
   * and its `--ignore`.
   */
  code?: string;
  /** The line of the file it concerns, counted from the file's start, when known. */
  line?: number;
  /** Its column, 1-based, when known. */
  column?: number;
  /**
   * For a JSON file (a plugin's or a marketplace's manifest): the value it concerns, by its
   * keys and indices from the top (`key`: the key naming it), for `lint` to find its line and
   * column.
   */
  at?: { path: (string | number)[]; key?: boolean };
}

/**
 * A root's entries, in name order, each with the key a command root's entries are ordered by
 * across roots (its path below the root). A `file` root whose file does not exist adds a
 * problem.
 *
 * @param root the root
 * @param ctx the reader, the YAML parser, where problems go
 * @param base the default base of `paths:` globs
 * @returns the entries and their keys
 */
export function rootEntries(
  root: Root,
  ctx: ReadContext,
  base: string | undefined,
): { entry: Entry; key: string }[] {
  const found: Entry[] = [];
  const globBase = root.base ?? base;
  const make = (file: string, name: string, kind: EntryKind, dir: string) => {
    const e = readEntry({ file, name, kind, dir, source: root.source, base: globBase }, ctx);
    if (e) found.push(e);
    return e !== undefined;
  };
  switch (root.layout) {
    case "skills":
      readSkillsDir(root.dir, ctx, (file, name, dir) => make(file, name, "skill", dir));
      break;
    case "flat": {
      for (const d of listDir(root.dir, ctx) ?? []) {
        if (d.isFile && d.name.endsWith(".md") && !d.name.startsWith(".")) {
          make(posix.join(root.dir, d.name), d.name.slice(0, -3), "skill", root.dir);
        }
      }
      break;
    }
    case "file": {
      const file = root.file ?? root.dir;
      const name = posix.basename(file).replace(/\.md$/, "");
      if (!make(file, name, "skill", posix.dirname(file))) {
        if (!ctx.problems.some((p) => p.file === file)) {
          ctx.problems.push({ file, reason: "The skill file does not exist", code: "missing" });
        }
      }
      break;
    }
    case "commands":
      walkCommands(
        root.dir,
        ctx,
        (file, parts, dir) => make(file, parts.join(":"), "command", dir),
      );
      break;
    default: {
      const never: never = root.layout;
      throw new Error(`unknown layout ${never}`);
    }
  }
  const keyed = found.map((entry) => ({ entry, key: sortKey(entry, root.dir) }));
  return sortByName(keyed, (k) => k.key);
}

/**
 * A plugin's commands or skills: each path in the plugin's order, the entries of a directory
 * in name order. A command path that is a skill directory gives a command read from its
 * `SKILL.md` (Claude Code renders it without the skill's "Base directory" line).
 *
 * @param plugin the plugin
 * @param part its commands or its skills
 * @param ctx the reader, the YAML parser, where problems go
 * @param base the default base of `paths:` globs
 * @returns the entries, in order
 */
export function pluginEntries(
  plugin: Plugin,
  part: "commands" | "skills",
  ctx: ReadContext,
  base: string | undefined,
): Entry[] {
  const spec = (file: string, name: string, kind: EntryKind, dir: string) => ({
    file,
    name,
    kind,
    dir,
    source: `plugin ${plugin.name}`,
    base,
    pluginRoot: plugin.root,
    plugin: plugin.name,
  });
  const found: Entry[] = [];
  const batch: Entry[] = [];
  const make = (file: string, name: string, kind: EntryKind, dir: string) => {
    const e = readEntry(spec(file, name, kind, dir), ctx);
    if (e) batch.push(e);
    return e !== undefined;
  };
  const skillDir = (dir: string, kind: EntryKind) => {
    const name = kind === "skill"
      ? pluginSkillName(plugin.name, posix.basename(dir))
      : `${plugin.name}:${posix.basename(dir)}`;
    if (!make(posix.join(dir, "SKILL.md"), name, kind, dir)) return false;
    if (kind === "skill" && plugin.selfNamed?.includes(dir)) {
      const e = batch.at(-1)!;
      e.name = selfName(plugin.name, dir, e.frontmatter.name);
    }
    return true;
  };
  const flush = (dir: string) => {
    found.push(...sortByName(batch.splice(0), (e) => sortKey(e, dir)));
  };
  if (part === "skills") {
    for (const dir of plugin.dirs) {
      if (!skillDir(dir, "skill")) {
        readSkillsDir(
          dir,
          ctx,
          (file, name, d) => make(file, pluginSkillName(plugin.name, name), "skill", d),
        );
      }
      flush(dir);
    }
  } else {
    for (const path of plugin.commands ?? []) {
      if (typeof path !== "string") {
        make(path.path, `${plugin.name}:${path.name}`, "command", posix.dirname(path.path));
      } else if (!skillDir(path, "command")) {
        const isDir = walkCommands(
          path,
          ctx,
          (file, parts, d) => make(file, [plugin.name, ...parts].join(":"), "command", d),
        );
        if (!isDir && path.endsWith(".md")) {
          make(
            path,
            `${plugin.name}:${posix.basename(path, ".md")}`,
            "command",
            posix.dirname(path),
          );
        }
      }
      flush(typeof path === "string" ? path : posix.dirname(path.path));
    }
  }
  return found;
}

/**
 * The name of a skill a plugin's `skills` path names itself (Claude Code's `rHe`): its
 * frontmatter `name`, trimmed, without a leading `plugin:`, else the directory's name; every
 * character but `A-Z a-z 0-9 _ -` made `-`.
 */
function selfName(plugin: string, dir: string, given: unknown): string {
  const trimmed = typeof given === "string" ? given.trim() : "";
  const own = trimmed.startsWith(`${plugin}:`) ? trimmed.slice(plugin.length + 1) : trimmed;
  return pluginSkillName(plugin, own || posix.basename(dir));
}

/**
 * What orders a directory's entries: a command's path below the directory (`commit-push-pr.md`
 * before `commit.md`, as Claude Code sorts them), a skill's name.
 */
function sortKey(e: Entry, dir: string): string {
  return e.kind === "command" && e.file.endsWith(".md") && e.file.startsWith(dir + "/")
    ? e.file.slice(dir.length + 1)
    : e.name;
}
