/**
 * The catalogue of skills and commands (the spec's `Context::Skills`): it takes roots in
 * precedence order and the skill directories and command paths of plugins, and knows every
 * entry's name, description and body. Which roots exist is the caller's decision
 * (`discovery.ts`); the catalogue reads what it is given through a `SkillReader` (the disk one
 * is `lib/fs/skill_reader.ts`), so its logic is tested without a disk.
 *
 * @module
 */

import { posix } from "../path.ts";
import { describe, type Entry, type EntryKind, parseBool } from "./entry.ts";
import { globMatches, globsOf, relativeTo } from "./conditional.ts";
import { parseFrontmatter, type YamlParse } from "./frontmatter.ts";
import type { SkillReader } from "./reader.ts";
import { announceText, promptText, toolText } from "./texts.ts";

/** How a root's files are laid out. */
export type Layout = "skills" | "flat" | "file" | "commands";

/** A root of the catalogue. */
export interface Root {
  /** The directory (for `file`: the file's directory, when `file` is given). */
  dir: string;
  /** The report label, e.g. `.claude/skills`. */
  source: string;
  layout: Layout;
  /** The `file` layout's file. */
  file?: string;
  /** The directory `paths:` globs are relative to, for this root's skills. */
  base?: string;
}

/** A plugin's skill directories and command paths. */
export interface Plugin {
  name: string;
  /** Skill directories (each with a `SKILL.md`), or directories of them. */
  dirs: string[];
  /** Command directories, or single `.md` files. */
  commands?: string[];
  /** The plugin's root: `${CLAUDE_PLUGIN_ROOT}`. */
  root?: string;
}

/** An entry that lost its name. */
export interface Shadowed {
  name: string;
  source: string;
  file: string;
  /** The winner's source. */
  by: string;
}

/** A skill file that could not be read, or whose frontmatter is broken. */
export interface SkillProblem {
  file: string;
  reason: string;
}

/** What a catalogue is built from. */
export interface CatalogueOptions {
  roots: Root[];
  plugins?: Plugin[];
  /** The default base of `paths:` globs. */
  base?: string;
  /** Names of activated conditional skills, shared with the caller. */
  activated?: Set<string>;
  reader: SkillReader;
  yaml: YamlParse;
}

/**
 * How much of a skill file is read to build its entry: enough for nearly every frontmatter and
 * the first body line; a frontmatter that does not close within it is read again, up to
 * `BODY_BYTES`. Bodies are read when asked for.
 */
export const HEAD_BYTES = 1024;
/** The most of a skill file that is read; a larger file is a problem and its body is cut. */
export const BODY_BYTES = 8 * 1024 * 1024;
const MAX_DEPTH = 32;

/** The catalogue. */
export class Catalogue {
  /** Names of activated conditional skills (shared with the caller). */
  readonly activated: Set<string>;
  #reader: SkillReader;
  #yaml: YamlParse;
  #base: string | undefined;
  /** The winner of each name, in precedence order (a Map keeps insertion order). */
  #winners = new Map<string, Entry>();
  #shadowed: Shadowed[] = [];
  #problems: SkillProblem[] = [];

  /**
   * Reads every root, then every plugin.
   *
   * @param options roots, plugins, base, activated set, reader and YAML parser
   */
  constructor(options: CatalogueOptions) {
    this.activated = options.activated ?? new Set();
    this.#reader = options.reader;
    this.#yaml = options.yaml;
    this.#base = options.base;
    for (const root of options.roots) this.#readRoot(root, undefined);
    for (const plugin of options.plugins ?? []) this.#readPlugin(plugin);
  }

  /** Every entry that won its name, in precedence order. */
  skills(): Entry[] {
    return [...this.#winners.values()];
  }

  /** Entries that lost their name, each with the winner's source. */
  shadowed(): Shadowed[] {
    return [...this.#shadowed];
  }

  /** Files that could not be read, or whose frontmatter is broken. */
  problems(): SkillProblem[] {
    return [...this.#problems];
  }

  /**
   * The entry of exactly that name (a leading `/` ignored), model-invocable or not.
   *
   * @param name the name
   * @returns the entry, or undefined
   */
  find(name: string): Entry | undefined {
    return this.#winners.get(name.replace(/^\//, ""));
  }

  /**
   * The entry a user runs as `/name`: `find`, but only one that is user-invocable.
   *
   * @param name the name
   * @returns the entry, or undefined
   */
  findUserInvocable(name: string): Entry | undefined {
    const e = this.find(name);
    return e?.userInvocable ? e : undefined;
  }

  /** The entries a user may run, in catalogue order. */
  userInvocable(): Entry[] {
    return this.skills().filter((e) => e.userInvocable);
  }

  /** The entries the model may see and load now. */
  listed(): Entry[] {
    return this.skills().filter((e) => this.isListed(e));
  }

  /**
   * True for a model-invocable entry without `paths:`, or whose `paths:` a touched file
   * matched.
   *
   * @param entry an entry
   * @returns whether the model sees it
   */
  isListed(entry: Entry): boolean {
    if (!entry.modelInvocable) return false;
    return this.pathsOf(entry).length === 0 || this.activated.has(entry.name);
  }

  /** The model-invocable entries, listed or not yet. */
  invocable(): Entry[] {
    return this.skills().filter((e) => e.modelInvocable);
  }

  /**
   * The globs of an entry's `paths:` frontmatter.
   *
   * @param entry an entry
   * @returns the globs; none without `paths:`
   */
  pathsOf(entry: Entry): string[] {
    return globsOf(entry.frontmatter.paths);
  }

  /**
   * Reads more roots, after everything the catalogue holds: a known name keeps its entry
   * (the new one is shadowed), unless the known one is a command and the new one a skill.
   *
   * @param roots the roots
   * @returns the entries that are new
   */
  addRoots(...roots: Root[]): Entry[] {
    const added: Entry[] = [];
    for (const root of roots) this.#readRoot(root, undefined, added);
    return added;
  }

  /**
   * Marks every conditional skill whose glob matches the path (relative to its base) as
   * activated.
   *
   * @param path an absolute path of a touched file
   * @returns the entries that were not activated before
   */
  activateFor(path: string): Entry[] {
    const out: Entry[] = [];
    for (const e of this.#winners.values()) {
      const globs = this.pathsOf(e);
      if (globs.length === 0 || this.activated.has(e.name) || e.base === undefined) continue;
      const rel = relativeTo(path, e.base);
      if (rel !== undefined && globs.some((g) => globMatches(g, rel))) {
        this.activated.add(e.name);
        out.push(e);
      }
    }
    return out;
  }

  /**
   * The entry's text without the frontmatter and leading blank lines, read from its file when
   * asked for (bodies are not kept: a catalogue of 10,000 skills holds only their entries).
   *
   * @param name the entry's name
   * @returns the body, or undefined for an unknown name or an unreadable file
   */
  body(name: string): string | undefined {
    const e = this.find(name);
    if (e === undefined) return undefined;
    const read = this.#reader.read(e.file, BODY_BYTES);
    if ("error" in read) return undefined;
    return parseFrontmatter(read.text, this.#yaml).body;
  }

  /**
   * What the skill tool returns for an entry (`Base directory for this skill: DIR`, a blank
   * line and the body; a command's body alone), with `$ARGUMENTS` replaced.
   *
   * @param name the entry's name
   * @param args the arguments
   * @returns the text, or undefined for an unknown name
   */
  toolText(name: string, args?: string): string | undefined {
    const e = this.find(name);
    const body = this.body(name);
    return e === undefined || body === undefined ? undefined : toolText(e, body, args);
  }

  /** The system-prompt block listing the listed entries, or undefined when none is. */
  promptText(): string | undefined {
    return promptText(this.listed());
  }

  /**
   * The note for entries that became available during a session.
   *
   * @param entries the new entries
   * @returns the note, or undefined for none
   */
  announceText(entries: Entry[]): string | undefined {
    return announceText(entries);
  }

  #insert(entry: Entry, added?: Entry[]): void {
    const known = this.#winners.get(entry.name);
    if (known === undefined) {
      this.#winners.set(entry.name, entry);
      added?.push(entry);
      return;
    }
    if (known.kind === "command" && entry.kind === "skill") {
      this.#shadowed.push({
        name: known.name,
        source: known.source,
        file: known.file,
        by: entry.source,
      });
      // Deleted and set again: the skill stands where it was read.
      this.#winners.delete(known.name);
      this.#winners.set(entry.name, entry);
      added?.push(entry);
      return;
    }
    this.#shadowed.push({
      name: entry.name,
      source: entry.source,
      file: entry.file,
      by: known.source,
    });
  }

  #readRoot(root: Root, plugin: Plugin | undefined, added?: Entry[]): void {
    const found: Entry[] = [];
    const base = root.base ?? this.#base;
    const make = (file: string, name: string, kind: EntryKind, dir: string) =>
      this.#entry({ file, name, kind, dir, source: root.source, base, plugin }, found);
    switch (root.layout) {
      case "skills":
        this.#readSkillsDir(root.dir, (file, name, dir) => make(file, name, "skill", dir));
        break;
      case "flat": {
        const list = this.#list(root.dir);
        for (const d of list ?? []) {
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
          if (!this.#problems.some((p) => p.file === file)) {
            this.#problems.push({ file, reason: "The skill file does not exist" });
          }
        }
        break;
      }
      case "commands":
        this.#walkCommands(
          root.dir,
          [],
          new Set(),
          0,
          (file, parts, dir) => make(file, parts.join(":"), "command", dir),
        );
        break;
      default: {
        const never: never = root.layout;
        throw new Error(`unknown layout ${never}`);
      }
    }
    found.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    for (const e of found) this.#insert(e, added);
  }

  #readPlugin(plugin: Plugin): void {
    const source = `plugin ${plugin.name}`;
    const found: Entry[] = [];
    for (const dir of plugin.dirs) {
      const single = posix.join(dir, "SKILL.md");
      const make = (file: string, name: string, d: string) =>
        this.#entry({
          file,
          name: `${plugin.name}:${name}`,
          kind: "skill",
          dir: d,
          source,
          base: this.#base,
          plugin,
        }, found);
      if (!make(single, posix.basename(dir), dir)) this.#readSkillsDir(dir, make);
    }
    for (const path of plugin.commands ?? []) {
      const list = this.#list(path);
      if (list === undefined && path.endsWith(".md")) {
        const name = `${plugin.name}:${posix.basename(path, ".md")}`;
        this.#entry({
          file: path,
          name,
          kind: "command",
          dir: posix.dirname(path),
          source,
          base: this.#base,
          plugin,
        }, found);
        continue;
      }
      this.#walkCommands(path, [], new Set(), 0, (file, parts, dir) =>
        this.#entry({
          file,
          name: [plugin.name, ...parts].join(":"),
          kind: "command",
          dir,
          source,
          base: this.#base,
          plugin,
        }, found));
    }
    const skills = found.filter((e) => e.kind === "skill").sort(byName);
    const commands = found.filter((e) => e.kind === "command").sort(byName);
    for (const e of [...skills, ...commands]) this.#insert(e);
  }

  #list(dir: string) {
    const list = this.#reader.list(dir);
    if (list !== undefined && "error" in list) {
      this.#problems.push({ file: dir, reason: list.error });
      return undefined;
    }
    return list;
  }

  #readSkillsDir(dir: string, make: (file: string, name: string, dir: string) => boolean): void {
    for (const d of this.#list(dir) ?? []) {
      if (!d.isDirectory) continue;
      const skillDir = `${dir}/${d.name}`;
      make(`${skillDir}/SKILL.md`, d.name, skillDir);
    }
  }

  #walkCommands(
    dir: string,
    prefix: string[],
    seen: Set<string>,
    depth: number,
    make: (file: string, parts: string[], dir: string) => boolean,
  ): void {
    const real = this.#reader.realPath(dir);
    if (seen.has(real)) {
      this.#problems.push({
        file: dir,
        reason: "A symbolic link loops back to a directory above it",
      });
      return;
    }
    if (depth > MAX_DEPTH) {
      this.#problems.push({
        file: dir,
        reason: `Commands nested deeper than ${MAX_DEPTH} directories`,
      });
      return;
    }
    seen.add(real);
    for (const d of this.#list(dir) ?? []) {
      if (d.name.startsWith(".")) continue;
      const path = posix.join(dir, d.name);
      if (d.isDirectory) this.#walkCommands(path, [...prefix, d.name], seen, depth + 1, make);
      else if (d.isFile && d.name.endsWith(".md")) {
        make(path, [...prefix, d.name.slice(0, -3)], dir);
      }
    }
    seen.delete(real);
  }

  /** Reads a file into an entry; false when the file does not exist. */
  #entry(
    spec: {
      file: string;
      name: string;
      kind: EntryKind;
      dir: string;
      source: string;
      base?: string;
      plugin?: Plugin;
    },
    into: Entry[],
  ): boolean {
    let read = this.#reader.read(spec.file, HEAD_BYTES);
    if ("error" in read) {
      if (read.missing) return false;
      this.#problems.push({ file: spec.file, reason: read.error });
      return true;
    }
    let fm = parseFrontmatter(read.text, this.#yaml);
    if (read.truncated && (fm.problem !== undefined || describe(fm.data, fm.body) === "")) {
      // The head was not enough: the frontmatter or the first body line lies further in.
      const more = this.#reader.read(spec.file, BODY_BYTES);
      if (!("error" in more)) {
        read = more;
        fm = parseFrontmatter(read.text, this.#yaml);
      }
    }
    if (read.invalidUtf8) {
      this.#problems.push({
        file: spec.file,
        reason: "The file is not valid UTF-8 (read with replacement characters)",
      });
    }
    if (fm.problem !== undefined) this.#problems.push({ file: spec.file, reason: fm.problem });
    const size = read.truncated ? read.size ?? this.#reader.size(spec.file) : undefined;
    if (size !== undefined && size > BODY_BYTES) {
      this.#problems.push({
        file: spec.file,
        reason: `The file is larger than ${BODY_BYTES} bytes (${size}): its body is cut there`,
      });
    }
    const entry: Entry = {
      name: spec.name,
      kind: spec.kind,
      description: describe(fm.data, fm.body),
      dir: spec.dir,
      file: spec.file,
      source: spec.source,
      frontmatter: fm.data,
      modelInvocable: !parseBool(fm.data["disable-model-invocation"], false),
      userInvocable: parseBool(fm.data["user-invocable"], true),
    };
    if (spec.plugin?.root !== undefined) entry.pluginRoot = spec.plugin.root;
    if (spec.base !== undefined) entry.base = spec.base;
    into.push(entry);
    return true;
  }
}

function byName(a: Entry, b: Entry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
