/**
 * Reading a root's or a plugin's files into catalogue entries: the layouts, the names, the
 * head of each file (frontmatter and first body line). The catalogue decides precedence and
 * order; this module only reads, through a `SkillReader`, and reports what it cannot read.
 *
 * @module
 */

import { posix } from "../path.ts";
import { describe, type Entry, type EntryKind, parseBool } from "./entry.ts";
import { parseFrontmatter, type YamlParse } from "./frontmatter.ts";
import type { DirEntry, SkillReader } from "./reader.ts";

/** What the readers share: the file system, the YAML parser, where problems go. */
export interface ReadContext {
  reader: SkillReader;
  yaml: YamlParse;
  problems: { file: string; reason: string; code?: string; line?: number; column?: number }[];
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

/** What an entry is read from. */
export interface EntrySpec {
  file: string;
  name: string;
  kind: EntryKind;
  dir: string;
  source: string;
  base?: string;
  pluginRoot?: string;
  plugin?: string;
}

/**
 * A plugin skill's name: the plugin's, `:`, and the directory's name with every character but
 * `A-Z a-z 0-9 _ -` made `-` (Claude Code: `skills/a.b` of plugin `p` is `p:a-b`).
 *
 * @param plugin the plugin's name
 * @param dir the skill directory's name
 * @returns the entry's name
 */
export function pluginSkillName(plugin: string, dir: string): string {
  return `${plugin}:${dir.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
}

/**
 * A directory's entries: undefined when it does not exist; none, and a problem, when it cannot
 * be listed.
 */
export function listDir(dir: string, ctx: ReadContext): DirEntry[] | undefined {
  const list = ctx.reader.list(dir);
  if (list === undefined || !("error" in list)) return list;
  ctx.problems.push({ file: dir, reason: list.error, code: "unreadable" });
  return [];
}

/** Each directory of `dir` as a skill directory: `make` is given its `SKILL.md`. */
export function readSkillsDir(
  dir: string,
  ctx: ReadContext,
  make: (file: string, name: string, dir: string) => boolean,
): void {
  for (const d of listDir(dir, ctx) ?? []) {
    if (!d.isDirectory) continue;
    const skillDir = `${dir}/${d.name}`;
    make(`${skillDir}/SKILL.md`, d.name, skillDir);
  }
}

/**
 * Reads a commands directory and the directories below it (hidden ones skipped), each
 * subdirectory adding its name to the parts of the command names; a symbolic link back to a
 * directory above, or nesting past `MAX_DEPTH`, is a problem.
 *
 * @returns false when the directory does not exist
 */
export function walkCommands(
  dir: string,
  ctx: ReadContext,
  make: (file: string, parts: string[], dir: string) => boolean,
  prefix: string[] = [],
  seen = new Set<string>(),
): boolean {
  // Listed first: a directory that does not exist costs no real-path lookup.
  const list = listDir(dir, ctx);
  if (list === undefined) return false;
  const real = ctx.reader.realPath(dir);
  if (seen.has(real)) {
    ctx.problems.push({
      file: dir,
      reason: "A symbolic link loops back to a directory above it",
      code: "link-loop",
    });
    return true;
  }
  if (prefix.length > MAX_DEPTH) {
    ctx.problems.push({
      file: dir,
      reason: `Commands nested deeper than ${MAX_DEPTH} directories`,
      code: "too-deep",
    });
    return true;
  }
  seen.add(real);
  for (const d of list) {
    if (d.name.startsWith(".")) continue;
    const path = posix.join(dir, d.name);
    if (d.isDirectory) walkCommands(path, ctx, make, [...prefix, d.name], seen);
    else if (d.isFile && d.name.endsWith(".md")) make(path, [...prefix, d.name.slice(0, -3)], dir);
  }
  seen.delete(real);
  return true;
}

/**
 * Reads a file's head into an entry.
 *
 * @returns the entry; undefined when the file does not exist; null when it cannot be read (a
 * problem says why)
 */
export function readEntry(spec: EntrySpec, ctx: ReadContext): Entry | undefined | null {
  const { reader, yaml, problems } = ctx;
  let read = reader.read(spec.file, HEAD_BYTES);
  if ("error" in read) {
    if (read.missing) return undefined;
    problems.push({ file: spec.file, reason: read.error, code: "unreadable" });
    return null;
  }
  let fm = parseFrontmatter(read.text, yaml);
  let description = describe(fm.data, fm.body);
  if (read.truncated && (fm.open || description === "")) {
    // The head was not enough: the frontmatter's end or the first body line lies further in
    // (a frontmatter closed in the head that cannot be read stays so: no second read).
    const more = reader.read(spec.file, BODY_BYTES);
    if (!("error" in more)) {
      read = more;
      fm = parseFrontmatter(read.text, yaml);
      description = describe(fm.data, fm.body);
    }
  }
  if (read.invalidUtf8) {
    problems.push({
      file: spec.file,
      reason: "The file is not valid UTF-8 (read with replacement characters)",
      code: "invalid-utf8",
    });
  }
  if (fm.problem !== undefined) {
    problems.push({
      file: spec.file,
      reason: fm.problem,
      code: "bad-frontmatter",
      line: fm.problemAt?.line ?? 1,
      column: fm.problemAt?.column ?? 1,
    });
  }
  const size = read.truncated ? read.size ?? reader.size(spec.file) : undefined;
  if (size !== undefined && size > BODY_BYTES) {
    problems.push({
      file: spec.file,
      reason: `The file is larger than ${BODY_BYTES} bytes (${size}): its body is cut there`,
      code: "too-large",
    });
  }
  const entry: Entry = {
    name: spec.name,
    kind: spec.kind,
    description,
    dir: spec.dir,
    file: spec.file,
    source: spec.source,
    frontmatter: fm.data,
    modelInvocable: !parseBool(fm.data["disable-model-invocation"], false),
    userInvocable: parseBool(fm.data["user-invocable"], true),
  };
  if (spec.plugin !== undefined) entry.plugin = spec.plugin;
  if (spec.pluginRoot !== undefined) entry.pluginRoot = spec.pluginRoot;
  if (spec.base !== undefined) entry.base = spec.base;
  return entry;
}
