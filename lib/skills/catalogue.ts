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
import { frontmatterBody, parseFrontmatter, type YamlParse } from "./frontmatter.ts";
import type { DirEntry, SkillReader } from "./reader.ts";
import { announceText, promptText, toolText } from "./texts.ts";

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
  /** Command directories, or single `.md` files. */
  commands?: string[];
  /** The plugin's root: `${CLAUDE_PLUGIN_ROOT}`. */
  root?: string;
}

/** An entry that lost its name. */
export interface Shadowed {
  /** The name both entries have. */
  name: string;
  /** The losing entry's source. */
  source: string;
  /** The losing entry's file. */
  file: string;
  /** The winner's source. */
  by: string;
}

/** A skill file that could not be read, or whose frontmatter is broken. */
export interface SkillProblem {
  /** The file or directory. */
  file: string;
  /** What went wrong, in one sentence. */
  reason: string;
}

/** What a catalogue is built from. */
export interface CatalogueOptions {
  /** The roots, in precedence order (see {@link discover}). */
  roots: Root[];
  /** The plugins, read after every root. */
  plugins?: Plugin[];
  /** The default base of `paths:` globs. */
  base?: string;
  /** Names of activated conditional skills, shared with the caller. */
  activated?: Set<string>;
  /** How directories are listed and files read. */
  reader: SkillReader;
  /** The YAML parser frontmatter that is not flat `key: value` lines goes to. */
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

/**
 * The catalogue of skills and commands: every entry's name, description and frontmatter,
 * which entry won each name, and the bodies read on demand. Files are read through a
 * {@link SkillReader} ({@link diskSkillReader} for the disk; here {@link treeReader}, a tree
 * in memory).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "npm:yaml@2.9.1";
 * import { Catalogue } from "./catalogue.ts";
 * import { treeReader } from "./tree_reader.ts";
 *
 * const files = {
 *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
 *   "/proj/deploy.md": "---\ndisable-model-invocation: true\n---\nDeploy it.\n",
 * };
 * const reader = treeReader(files);
 * const catalogue = new Catalogue({
 *   roots: Object.keys(files).map((file) => ({
 *     dir: "/proj",
 *     file,
 *     source: "demo",
 *     layout: "file",
 *   })),
 *   reader,
 *   yaml: parse,
 * });
 * assert.deepEqual(catalogue.skills().map((e) => e.name), ["review", "deploy"]);
 * assert.equal(catalogue.find("/review")?.description, "Review a change");
 * assert.equal(catalogue.body("review"), "Review $ARGUMENTS.\n");
 * // The model sees review only: deploy has `disable-model-invocation: true`.
 * assert.equal(catalogue.promptText()?.split("\n").at(-1), "- review: Review a change");
 * ```
 */
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
  #rootsRead = new Set<string>();

  /**
   * Reads every root, in precedence order, then every plugin: the first entry of a name wins,
   * except that a skill beats a command read before it; the losers are kept as shadowed.
   *
   * @param options roots, plugins, base, activated set, reader and YAML parser
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   *   "/plug/commands/fmt.md": "Format the code.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: [{ dir: "/proj", file: "/proj/review.md", source: "demo", layout: "file" }],
   *   plugins: [{ name: "tools", dirs: [], commands: ["/plug/commands/fmt.md"] }],
   *   reader,
   *   yaml: parse,
   * });
   * assert.deepEqual(catalogue.skills().map((e) => [e.name, e.kind, e.source]), [
   *   ["review", "skill", "demo"],
   *   ["tools:fmt", "command", "plugin tools"],
   * ]);
   * assert.equal(catalogue.find("tools:fmt")?.description, "Format the code.");
   * ```
   */
  constructor(options: CatalogueOptions) {
    this.activated = options.activated ?? new Set();
    this.#reader = options.reader;
    this.#yaml = options.yaml;
    this.#base = options.base;
    for (const root of options.roots) this.#readRoot(root);
    for (const plugin of options.plugins ?? []) this.#readPlugin(plugin);
  }

  /**
   * Every entry that won its name, in precedence order.
   *
   * @returns the entries
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   *   "/proj/deploy.md": "---\ndisable-model-invocation: true\n---\nDeploy it.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * assert.deepEqual(catalogue.skills().map((e) => e.name), ["review", "deploy"]);
   * ```
   */
  skills(): Entry[] {
    return [...this.#winners.values()];
  }

  /**
   * Entries that lost their name, each with the winner's source.
   *
   * @returns the shadowed entries, in the order they were read
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/home/me/review.md": "Mine.\n",
   *   "/proj/review.md": "Theirs.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: [
   *     { dir: "/home/me", file: "/home/me/review.md", source: "user", layout: "file" },
   *     { dir: "/proj", file: "/proj/review.md", source: "project", layout: "file" },
   *   ],
   *   reader,
   *   yaml: parse,
   * });
   * assert.equal(catalogue.find("review")?.description, "Mine.");
   * assert.deepEqual(catalogue.shadowed(), [
   *   { name: "review", source: "project", file: "/proj/review.md", by: "user" },
   * ]);
   * ```
   */
  shadowed(): Shadowed[] {
    return [...this.#shadowed];
  }

  /**
   * Files that could not be read, or whose frontmatter is broken (such an entry is still read,
   * with an empty frontmatter).
   *
   * @returns the problems, file by file
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/broken.md": "---\ndescription: never closed\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * assert.deepEqual(catalogue.problems(), [
   *   { file: "/proj/broken.md", reason: 'The frontmatter has no closing "---" line' },
   * ]);
   * assert.equal(catalogue.find("broken")?.name, "broken"); // still in the catalogue
   * ```
   */
  problems(): SkillProblem[] {
    return [...this.#problems];
  }

  /**
   * The entry of exactly that name (a leading `/` ignored), model-invocable or not.
   *
   * @param name the name
   * @returns the entry, or undefined
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   *   "/proj/lint.md": "---\nuser-invocable: false\n---\nLint quietly.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * assert.equal(catalogue.find("review")?.file, "/proj/review.md");
   * assert.equal(catalogue.find("/lint")?.userInvocable, false);
   * assert.equal(catalogue.find("nothing"), undefined);
   * ```
   */
  find(name: string): Entry | undefined {
    return this.#winners.get(name.replace(/^\//, ""));
  }

  /**
   * The entry a user runs as `/name`: {@link Catalogue.find}, but only one that is
   * user-invocable.
   *
   * @param name the name
   * @returns the entry, or undefined
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   *   "/proj/lint.md": "---\nuser-invocable: false\n---\nLint quietly.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * assert.equal(catalogue.findUserInvocable("/review")?.name, "review");
   * assert.equal(catalogue.findUserInvocable("lint"), undefined);
   * ```
   */
  findUserInvocable(name: string): Entry | undefined {
    const e = this.find(name);
    return e?.userInvocable ? e : undefined;
  }

  /**
   * The entries a user may run (`user-invocable` not false), in catalogue order.
   *
   * @returns the entries
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   *   "/proj/lint.md": "---\nuser-invocable: false\n---\nLint quietly.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * assert.deepEqual(catalogue.userInvocable().map((e) => e.name), ["review"]);
   * ```
   */
  userInvocable(): Entry[] {
    return this.skills().filter((e) => e.userInvocable);
  }

  /**
   * The entries the model may see and load now: model-invocable, and without `paths:` or
   * activated.
   *
   * @returns the entries, in catalogue order
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   *   "/proj/deploy.md": "---\ndisable-model-invocation: true\n---\nDeploy it.\n",
   *   "/proj/style.md": "---\npaths: src/**, test/**\n---\nFollow the style guide.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   base: "/proj",
   *   reader,
   *   yaml: parse,
   * });
   * assert.deepEqual(catalogue.listed().map((e) => e.name), ["review"]);
   * catalogue.activateFor("/proj/src/app.ts");
   * assert.deepEqual(catalogue.listed().map((e) => e.name), ["review", "style"]);
   * ```
   */
  listed(): Entry[] {
    return this.skills().filter((e) => this.isListed(e));
  }

  /**
   * True for a model-invocable entry without `paths:`, or whose `paths:` a touched file
   * matched.
   *
   * @param entry an entry
   * @returns whether the model sees it
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   *   "/proj/deploy.md": "---\ndisable-model-invocation: true\n---\nDeploy it.\n",
   *   "/proj/style.md": "---\npaths: src/**, test/**\n---\nFollow the style guide.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * const [review, deploy, style] = catalogue.skills();
   * assert.equal(catalogue.isListed(review!), true);
   * assert.equal(catalogue.isListed(deploy!), false);
   * assert.equal(catalogue.isListed(style!), false);
   * catalogue.activated.add("style");
   * assert.equal(catalogue.isListed(style!), true);
   * ```
   */
  isListed(entry: Entry): boolean {
    if (!entry.modelInvocable) return false;
    return this.pathsOf(entry).length === 0 || this.activated.has(entry.name);
  }

  /**
   * The model-invocable entries, listed or not yet (conditional ones included).
   *
   * @returns the entries, in catalogue order
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   *   "/proj/deploy.md": "---\ndisable-model-invocation: true\n---\nDeploy it.\n",
   *   "/proj/style.md": "---\npaths: src/**, test/**\n---\nFollow the style guide.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * assert.deepEqual(catalogue.invocable().map((e) => e.name), ["review", "style"]);
   * ```
   */
  invocable(): Entry[] {
    return this.skills().filter((e) => e.modelInvocable);
  }

  /**
   * The globs of an entry's `paths:` frontmatter: a YAML list, or a comma-separated string.
   *
   * @param entry an entry
   * @returns the globs; none without `paths:`
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   *   "/proj/style.md": "---\npaths: src/**, test/**\n---\nFollow the style guide.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * assert.deepEqual(catalogue.pathsOf(catalogue.find("style")!), ["src/**", "test/**"]);
   * assert.deepEqual(catalogue.pathsOf(catalogue.find("review")!), []);
   * ```
   */
  pathsOf(entry: Entry): string[] {
    return globsOf(entry.frontmatter.paths);
  }

  /**
   * Reads more roots (say the {@link nestedRoots} of a touched file), after everything the
   * catalogue holds: a known name keeps its entry (the new one is shadowed), unless the known
   * one is a command and the new one a skill.
   *
   * @param roots the roots
   * @returns the entries that are new
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "Review.\n",
   *   "/proj/pkg/build.md": "Build the package.\n",
   *   "/proj/pkg/review.md": "Another review.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: [{ dir: "/proj", file: "/proj/review.md", source: "demo", layout: "file" }],
   *   reader,
   *   yaml: parse,
   * });
   * const added = catalogue.addRoots(
   *   { dir: "/proj/pkg", file: "/proj/pkg/build.md", source: "pkg", layout: "file" },
   *   { dir: "/proj/pkg", file: "/proj/pkg/review.md", source: "pkg", layout: "file" },
   * );
   * assert.deepEqual(added.map((e) => e.name), ["build"]);
   * assert.equal(catalogue.shadowed()[0]?.file, "/proj/pkg/review.md");
   * ```
   */
  addRoots(...roots: Root[]): Entry[] {
    const added: Entry[] = [];
    for (const root of roots) this.#readRoot(root, added);
    return added;
  }

  /**
   * Marks every conditional skill whose glob matches the path (relative to its base) as
   * activated.
   *
   * @param path an absolute path of a touched file
   * @returns the entries that were not activated before
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   *   "/proj/style.md": "---\npaths: src/**, test/**\n---\nFollow the style guide.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   base: "/proj",
   *   reader,
   *   yaml: parse,
   * });
   * assert.deepEqual(catalogue.activateFor("/proj/README.md"), []);
   * assert.deepEqual(catalogue.activateFor("/proj/src/app.ts").map((e) => e.name), ["style"]);
   * assert.deepEqual(catalogue.activateFor("/proj/test/app_test.ts"), []); // already active
   * assert.equal(catalogue.activated.has("style"), true);
   * ```
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
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files: Record<string, string> = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * assert.equal(catalogue.body("review"), "Review $ARGUMENTS.\n");
   * delete files["/proj/review.md"];
   * assert.equal(catalogue.body("review"), undefined);
   * ```
   */
  body(name: string): string | undefined {
    const e = this.find(name);
    return e === undefined ? undefined : this.#body(e);
  }

  /**
   * What the skill tool returns for an entry (`Base directory for this skill: DIR`, a blank
   * line and the body; a command's body alone), with `$ARGUMENTS` replaced; a body without
   * `$ARGUMENTS` gets `ARGUMENTS: ...` appended when arguments are given.
   *
   * @param name the entry's name
   * @param args the arguments
   * @returns the text, or undefined for an unknown name or an unreadable file
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * assert.equal(
   *   catalogue.toolText("review", "src/app.ts"),
   *   "Base directory for this skill: /proj\n\nReview src/app.ts.\n",
   * );
   * assert.equal(catalogue.toolText("nothing"), undefined);
   * ```
   */
  toolText(name: string, args?: string): string | undefined {
    const e = this.find(name);
    if (e === undefined) return undefined;
    const body = this.#body(e);
    return body === undefined ? undefined : toolText(e, body, args);
  }

  /**
   * The system-prompt block listing the {@link Catalogue.listed} entries: an introduction,
   * then `- name: description` per entry.
   *
   * @returns the block, or undefined when no entry is listed
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   *   "/proj/deploy.md": "---\ndisable-model-invocation: true\n---\nDeploy it.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * const text = catalogue.promptText()!;
   * assert.ok(text.startsWith("Skills: specialised instructions loaded on demand."));
   * assert.ok(text.endsWith("Available skills:\n- review: Review a change"));
   * ```
   */
  promptText(): string | undefined {
    return promptText(this.listed());
  }

  /**
   * The note for entries that became available during a session (from
   * {@link Catalogue.activateFor} or {@link Catalogue.addRoots}).
   *
   * @param entries the new entries
   * @returns the note, or undefined for none
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { parse } from "npm:yaml@2.9.1";
   * import { Catalogue } from "./catalogue.ts";
   * import { treeReader } from "./tree_reader.ts";
   *
   * const files = {
   *   "/proj/review.md": "---\ndescription: Review a change\n---\nReview $ARGUMENTS.\n",
   * };
   * const reader = treeReader(files);
   * const catalogue = new Catalogue({
   *   roots: Object.keys(files).map((file) => ({
   *     dir: "/proj",
   *     file,
   *     source: "demo",
   *     layout: "file",
   *   })),
   *   reader,
   *   yaml: parse,
   * });
   * const text = catalogue.announceText(catalogue.skills());
   * assert.equal(
   *   text,
   *   "The following skills are available for use with the Skill tool:\n" +
   *     "\n- review: Review a change",
   * );
   * assert.equal(catalogue.announceText([]), undefined);
   * ```
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

  /** The entry's body, read from its file now; undefined when it cannot be read. */
  #body(e: Entry): string | undefined {
    const read = this.#reader.read(e.file, BODY_BYTES);
    return "error" in read ? undefined : frontmatterBody(read.text);
  }

  #readRoot(root: Root, added?: Entry[]): void {
    // A root read before adds nothing: the home as the project (`~/.claude/skills` is then
    // `.claude/skills`), or `activate` adding the same nested root for two paths. Read again,
    // each entry would be shadowed by itself.
    const key = `${root.layout}\0${root.file ?? root.dir}`;
    if (this.#rootsRead.has(key)) return;
    this.#rootsRead.add(key);
    const found: Entry[] = [];
    const base = root.base ?? this.#base;
    const make = (file: string, name: string, kind: EntryKind, dir: string) =>
      this.#entry({ file, name, kind, dir, source: root.source, base }, found);
    switch (root.layout) {
      case "skills":
        this.#readSkillsDir(root.dir, (file, name, dir) => make(file, name, "skill", dir));
        break;
      case "flat": {
        for (const d of this.#list(root.dir) ?? []) {
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
          (file, parts, dir) => make(file, parts.join(":"), "command", dir),
        );
        break;
      default: {
        const never: never = root.layout;
        throw new Error(`unknown layout ${never}`);
      }
    }
    for (const e of found.sort(byName)) this.#insert(e, added);
  }

  #readPlugin(plugin: Plugin): void {
    const found: Entry[] = [];
    const make = (file: string, parts: string[], kind: EntryKind, dir: string) =>
      this.#entry({
        file,
        name: [plugin.name, ...parts].join(":"),
        kind,
        dir,
        source: `plugin ${plugin.name}`,
        base: this.#base,
        pluginRoot: plugin.root,
      }, found);
    for (const dir of plugin.dirs) {
      if (!make(posix.join(dir, "SKILL.md"), [posix.basename(dir)], "skill", dir)) {
        this.#readSkillsDir(dir, (file, name, d) => make(file, [name], "skill", d));
      }
    }
    for (const path of plugin.commands ?? []) {
      const isDir = this.#walkCommands(path, (file, parts, d) => make(file, parts, "command", d));
      if (!isDir && path.endsWith(".md")) {
        make(path, [posix.basename(path, ".md")], "command", posix.dirname(path));
      }
    }
    const skills = found.filter((e) => e.kind === "skill").sort(byName);
    const commands = found.filter((e) => e.kind === "command").sort(byName);
    for (const e of [...skills, ...commands]) this.#insert(e);
  }

  /**
   * A directory's entries: undefined when it does not exist; none, and a problem, when it
   * cannot be listed.
   */
  #list(dir: string): DirEntry[] | undefined {
    const list = this.#reader.list(dir);
    if (list === undefined || !("error" in list)) return list;
    this.#problems.push({ file: dir, reason: list.error });
    return [];
  }

  #readSkillsDir(dir: string, make: (file: string, name: string, dir: string) => boolean): void {
    for (const d of this.#list(dir) ?? []) {
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
  #walkCommands(
    dir: string,
    make: (file: string, parts: string[], dir: string) => boolean,
    prefix: string[] = [],
    seen = new Set<string>(),
  ): boolean {
    // Listed first: a directory that does not exist costs no real-path lookup.
    const list = this.#list(dir);
    if (list === undefined) return false;
    const real = this.#reader.realPath(dir);
    if (seen.has(real)) {
      this.#problems.push({
        file: dir,
        reason: "A symbolic link loops back to a directory above it",
      });
      return true;
    }
    if (prefix.length > MAX_DEPTH) {
      this.#problems.push({
        file: dir,
        reason: `Commands nested deeper than ${MAX_DEPTH} directories`,
      });
      return true;
    }
    seen.add(real);
    for (const d of list) {
      if (d.name.startsWith(".")) continue;
      const path = posix.join(dir, d.name);
      if (d.isDirectory) this.#walkCommands(path, make, [...prefix, d.name], seen);
      else if (d.isFile && d.name.endsWith(".md")) {
        make(path, [...prefix, d.name.slice(0, -3)], dir);
      }
    }
    seen.delete(real);
    return true;
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
      pluginRoot?: string;
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
    let description = describe(fm.data, fm.body);
    if (read.truncated && (fm.open || description === "")) {
      // The head was not enough: the frontmatter's end or the first body line lies further in
      // (a frontmatter closed in the head that cannot be read stays so: no second read).
      const more = this.#reader.read(spec.file, BODY_BYTES);
      if (!("error" in more)) {
        read = more;
        fm = parseFrontmatter(read.text, this.#yaml);
        description = describe(fm.data, fm.body);
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
      description,
      dir: spec.dir,
      file: spec.file,
      source: spec.source,
      frontmatter: fm.data,
      modelInvocable: !parseBool(fm.data["disable-model-invocation"], false),
      userInvocable: parseBool(fm.data["user-invocable"], true),
    };
    if (spec.pluginRoot !== undefined) entry.pluginRoot = spec.pluginRoot;
    if (spec.base !== undefined) entry.base = spec.base;
    into.push(entry);
    return true;
  }
}

function byName(a: Entry, b: Entry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
