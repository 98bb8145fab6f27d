/**
 * The catalogue of skills and commands (the spec's `Context::Skills`): it takes roots in
 * precedence order and the skill directories and command paths of plugins, and knows every
 * entry's name, description and body: which entry wins each name, the listing order, and the
 * queries over the entries. Which roots exist is the caller's decision (`discovery.ts`); their
 * trees are walked into entries by `load_catalogue.ts`, through a `SkillReader` (the disk one
 * is `lib/fs/skill_reader.ts`), so its logic is tested without a disk.
 *
 * @module
 */

import { describesItself, type Entry, type SkillOverride } from "./entry.ts";
import { globMatches, globsOf, relativeTo } from "./conditional.ts";
import { frontmatterBody, type YamlParse } from "./frontmatter.ts";
import type { SkillReader } from "./reader.ts";
import { BODY_BYTES, type ReadContext } from "./_read_entries.ts";
import {
  type Plugin,
  pluginEntries,
  type Root,
  rootEntries,
  type SkillProblem,
} from "./load_catalogue.ts";
import { announceText, promptText, toolText } from "./texts.ts";
import { compareNames } from "./name_order.ts";
import { budgetListing, type Listing, type ListingOptions } from "./listing_budget.ts";
import { CLAUDE_CODE_BUILTINS } from "../_generated/claude_builtins.ts";

export type { Layout, Plugin, Root, SkillProblem } from "./load_catalogue.ts";

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
  /** The winner's file. */
  byFile: string;
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
  /**
   * Claude Code's `skillOverrides` (entry name -> override), merged from the settings: each
   * applies to the entry of that name that is not a plugin's, and to Claude Code's own entries
   * in the listing.
   */
  overrides?: Readonly<Record<string, SkillOverride>>;
}

export { BODY_BYTES, HEAD_BYTES } from "./_read_entries.ts";

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
  /** The winner of each name, with its place in the listing. */
  #winners = new Map<string, Placed>();
  /** The winners in listing order, until the next insert. */
  #sorted: Entry[] | undefined;
  #added = 0;
  #shadowed: Shadowed[] = [];
  #problems: SkillProblem[] = [];
  #rootsRead = new Set<string>();
  #overrides: Readonly<Record<string, SkillOverride>>;

  /**
   * Reads every root, in precedence order, then every plugin: the first entry of a name wins,
   * except that a skill beats a command read before it; the losers are kept as shadowed.
   *
   * @param options roots, plugins, base, activated set, reader and YAML parser
   */
  constructor(options: CatalogueOptions) {
    this.activated = options.activated ?? new Set();
    this.#reader = options.reader;
    this.#yaml = options.yaml;
    this.#base = options.base;
    this.#overrides = options.overrides ?? {};
    // Precedence is reading order: the roots, then every plugin's commands, then every
    // plugin's skills (Claude Code's order; a plugin's command beats its own skill).
    for (const [i, root] of options.roots.entries()) {
      this.#readRoot(root, root.layout === "commands" ? GROUP.commands : i);
    }
    const plugins = options.plugins ?? [];
    for (const [i, p] of plugins.entries()) {
      this.#readPlugin(p, GROUP.pluginCommands + i, "commands");
    }
    for (const [i, p] of plugins.entries()) this.#readPlugin(p, GROUP.pluginSkills + i, "skills");
  }

  /**
   * Every entry that won its name, in precedence order.
   *
   * @returns the entries
   */
  skills(): Entry[] {
    this.#sorted ??= [...this.#winners.values()].sort(byPlace).map((p) => p.entry);
    return [...this.#sorted];
  }

  /**
   * Entries that lost their name, each with the winner's source and file.
   *
   * @returns the shadowed entries, in the order they were read
   */
  shadowed(): Shadowed[] {
    return [...this.#shadowed];
  }

  /**
   * Files that could not be read, or whose frontmatter is broken (such an entry is still read,
   * with an empty frontmatter).
   *
   * @returns the problems, file by file
   */
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
    return this.#winners.get(name.replace(/^\//, ""))?.entry;
  }

  /**
   * The entries whose name ends in `:NAME`, for a name no entry has (`brainstorming` when only
   * `superpowers:brainstorming` exists), in catalogue order.
   *
   * @param name the name asked for (a leading `/` ignored)
   * @returns the entries; none when the name exists or nothing is near
   */
  suggest(name: string): Entry[] {
    const bare = name.replace(/^\//, "");
    if (bare === "" || this.find(bare) !== undefined) return [];
    return this.skills().filter((e) => e.name.endsWith(`:${bare}`));
  }

  /**
   * The entry a user runs as `/name`: {@link Catalogue.find}, but only one that is
   * user-invocable.
   *
   * @param name the name
   * @returns the entry, or undefined
   */
  findUserInvocable(name: string): Entry | undefined {
    const e = this.find(name);
    return e?.userInvocable ? e : undefined;
  }

  /**
   * The entries a user may run (`user-invocable` not false), in catalogue order.
   *
   * @returns the entries
   */
  userInvocable(): Entry[] {
    return this.skills().filter((e) => e.userInvocable);
  }

  /**
   * The entries the model may see and load now: model-invocable, and without `paths:` or
   * activated.
   *
   * @returns the entries, in catalogue order
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
   */
  isListed(entry: Entry): boolean {
    if (!entry.modelInvocable) return false;
    // Claude Code lists a plugin's entry only when its frontmatter describes it.
    if (entry.plugin !== undefined && !describesItself(entry.frontmatter)) return false;
    return this.pathsOf(entry).length === 0 || this.activated.has(entry.name);
  }

  /**
   * The model-invocable entries, listed or not yet (conditional ones included).
   *
   * @returns the entries, in catalogue order
   */
  invocable(): Entry[] {
    return this.skills().filter((e) => e.modelInvocable);
  }

  /**
   * The globs of an entry's `paths:` frontmatter: a YAML list, or a comma-separated string.
   *
   * @param entry an entry
   * @returns the globs; none without `paths:`
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
   */
  addRoots(...roots: Root[]): Entry[] {
    const added: Entry[] = [];
    for (const root of roots) this.#readRoot(root, GROUP.added + this.#added++, added);
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
    for (const e of this.skills()) {
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
   */
  toolText(name: string, args?: string): string | undefined {
    const e = this.find(name);
    if (e === undefined) return undefined;
    const body = this.#body(e);
    return body === undefined ? undefined : toolText(e, body, args);
  }

  /**
   * The system-prompt block listing the {@link Catalogue.listed} entries: an introduction,
   * then the lines of {@link Catalogue.listing}.
   *
   * @param options the listing's budget and limits
   * @returns the block, or undefined when no entry is listed
   */
  promptText(options?: ListingOptions): string | undefined {
    return promptText(this.listing(options).lines.map((l) => l.text));
  }

  /**
   * The {@link Catalogue.listed} entries as Claude Code lists them for the model: each line
   * `- name: description`, descriptions cut at `maxDescChars`, and under the budget (counted
   * with Claude Code's own entries after these) some entries by name alone
   * (`listing_budget.ts` has the rules).
   *
   * @param options the budget, the description limit, the entries counted after these
   * @returns the lines, each saying whether the budget dropped its description
   */
  listing(options?: ListingOptions): Listing {
    const builtins = (options?.builtins ?? CLAUDE_CODE_BUILTINS).flatMap((b) => {
      const o = this.#override(b.name);
      if (o === "off" || o === "user-invocable-only") return [];
      return o === "name-only" ? [{ ...b, description: "" }] : [b];
    });
    return budgetListing(this.listed(), { ...options, builtins });
  }

  /** `skillOverrides` of a name, when a setting names it with more than `on`. */
  #override(name: string): Exclude<SkillOverride, "on"> | undefined {
    if (!Object.hasOwn(this.#overrides, name)) return undefined;
    const o = this.#overrides[name]!;
    return o === "on" ? undefined : o;
  }

  /**
   * An entry with `skillOverrides` applied (a plugin's is not affected, as in Claude Code):
   * `off` makes it neither listed nor run by the user, `user-invocable-only` not listed.
   */
  #overridden(entry: Entry): Entry {
    const o = entry.plugin === undefined ? this.#override(entry.name) : undefined;
    if (o === undefined) return entry;
    return {
      ...entry,
      override: o,
      modelInvocable: o === "name-only" ? entry.modelInvocable : false,
      userInvocable: o === "off" ? false : entry.userInvocable,
    };
  }

  /**
   * The note for entries that became available during a session (from
   * {@link Catalogue.activateFor} or {@link Catalogue.addRoots}).
   *
   * @param entries the new entries
   * @returns the note, or undefined for none
   */
  announceText(entries: Entry[]): string | undefined {
    return announceText(entries);
  }

  /** Keeps the first entry of a name (a root skill beats a root command); the loser is shadowed. */
  #insert(given: Placed, added?: Entry[]): void {
    const entry = this.#overridden(given.entry);
    const placed = entry === given.entry ? given : { ...given, entry };
    const known = this.#winners.get(entry.name)?.entry;
    const shadow = (lost: Entry, by: Entry) =>
      this.#shadowed.push({
        name: lost.name,
        source: lost.source,
        file: lost.file,
        by: by.source,
        byFile: by.file,
      });
    this.#sorted = undefined;
    if (known === undefined) {
      this.#winners.set(entry.name, placed);
      added?.push(entry);
      return;
    }
    // The spec's exception, for root entries only: Claude Code keeps a root command over a
    // plugin skill, and a plugin's command over its own skill of the same name.
    if (
      known.kind === "command" && entry.kind === "skill" && known.plugin === undefined &&
      entry.plugin === undefined
    ) {
      shadow(known, entry);
      this.#winners.set(entry.name, placed);
      added?.push(entry);
      return;
    }
    shadow(entry, known);
  }

  /** The entry's body, read from its file now; undefined when it cannot be read. */
  #body(e: Entry): string | undefined {
    const read = this.#reader.read(e.file, BODY_BYTES);
    return "error" in read ? undefined : frontmatterBody(read.text);
  }

  #ctx(): ReadContext {
    return { reader: this.#reader, yaml: this.#yaml, problems: this.#problems };
  }
  /**
   * Reads a root into its group: a skill root's entries stand together, in name order; every
   * command root shares one group, in name order (Claude Code sorts the user's and the
   * project's commands together). A root read before adds nothing: the home as the project
   * (`~/.claude/skills` is then `.claude/skills`), or `activate` adding the same nested root
   * for two paths; read again, each entry would be shadowed by itself.
   */
  #readRoot(root: Root, group: number, added?: Entry[]): void {
    const key = `${root.layout}\0${root.file ?? root.dir}`;
    if (this.#rootsRead.has(key)) return;
    this.#rootsRead.add(key);
    const keyed = rootEntries(root, this.#ctx(), this.#base);
    // The command roots share a group, ordered by path; a skill root's entries by reading.
    for (const [i, { entry, key }] of keyed.entries()) {
      this.#insert({ entry, group, order: group === GROUP.commands ? key : i }, added);
    }
  }

  /** A plugin's commands or skills, into their group, in the plugin's order. */
  #readPlugin(plugin: Plugin, group: number, part: "commands" | "skills"): void {
    const found = pluginEntries(plugin, part, this.#ctx(), this.#base);
    for (const [i, e] of found.entries()) this.#insert({ entry: e, group, order: i });
  }
}

/** Where an entry stands in the listing: its group, then its place or name in the group. */
interface Placed {
  entry: Entry;
  group: number;
  order: string | number;
}

/** The listing's groups: skill roots, every command root, plugin commands, plugin skills. */
const GROUP = { commands: 10_000, pluginCommands: 20_000, pluginSkills: 30_000, added: 40_000 };

function byPlace(a: Placed, b: Placed): number {
  if (a.group !== b.group) return a.group - b.group;
  if (typeof a.order === "number" && typeof b.order === "number") return a.order - b.order;
  return compareNames(String(a.order), String(b.order));
}
