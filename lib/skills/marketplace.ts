/**
 * A marketplace's `.claude-plugin/marketplace.json`, read as Claude Code 2.1.332 reads it (its
 * schemas `jyt` and `nVo`, the entry reader `dn` and the bare-name rewrite `KZn`,
 * `chunk-46gfqyds.js`; observed with the oracle: `tests/oracle/cases/claude-2.1.332/g03`-`g06`):
 *
 * - the marketplace: an object with a `name`, an `owner` (an object with a non-empty `name`) and
 *   a `plugins` list; otherwise Claude Code loads none of it;
 * - each entry on its own: its `name` (a plugin name), its `source`, and the rest checked as a
 *   plugin manifest with every key strict (`checkManifest(doc, "entry")`: a `description` of
 *   the wrong type rejects the entry, where a `plugin.json` would only lose it). An entry that
 *   fails is not loaded; the others are;
 * - `source`: a path relative to the marketplace's root, starting with `./` (`.` is `./`); a
 *   bare name (`formatter`) is `./<metadata.pluginRoot>/formatter` when `metadata.pluginRoot`
 *   is a relative path inside the marketplace, and rejected otherwise; an object
 *   (`{"source": "github", ...}`, `url`, `git-subdir`, `npm`, ...) is a remote source, which
 *   skald does not fetch;
 * - `strict` (default true) and whether the entry names components, for `mergeEntry`;
 * - keys neither schema knows are stripped in silence: returned, for `lint` to name.
 *
 * Pure.
 *
 * @module
 */

import { checkManifest, type JsonPath, type Manifest } from "./manifest.ts";
import { expected, isObject } from "./manifest_keys.ts";

/** Where an entry's plugin comes from. */
export type EntrySource =
  | {
    kind: "local";
    /** Relative to the marketplace's root (the folder holding `.claude-plugin/`), `./...`. */
    path: string;
  }
  | {
    kind: "remote";
    /** `github`, `url`, `git-subdir`, `npm`, `archive`, `command`, ... */
    type: string;
  };

/** One entry of `plugins`, read. */
export interface MarketplaceEntry {
  /** Its index in `plugins`. */
  index: number;
  /** Its `name`: the plugin is installed as `name@marketplace`. */
  name: string;
  /** Its `source`: a local path, or a remote source. */
  source: EntrySource;
  /** `strict` (default true): a `plugin.json` must be there, the entry only adds to it. */
  strict: boolean;
  /** The entry read as a manifest (stands for a missing `plugin.json`; adds to one). */
  manifest: Manifest;
  /** True when it names components (`commands`, `agents`, `skills`, `hooks`, ...). */
  components: boolean;
  /** Keys neither the manifest's nor the entry's schema knows. */
  unknownKeys: string[];
}

/** Something wrong in a marketplace file, with its place. */
export interface MarketplaceProblem {
  /** `bad-entry` (the entry is not loaded) or `manifest-key` (an unknown key, a warning). */
  code: "bad-entry" | "manifest-key";
  /** `error`: the entry's plugin is not loaded; `warning`: read past. */
  level: "error" | "warning";
  /** What is wrong, in a sentence. */
  message: string;
  /** The value it concerns. */
  path: JsonPath;
  /** True when the place is the key naming the value. */
  key?: boolean;
}

/** A marketplace read: its entries and problems, or why Claude Code reads none of it. */
export type MarketplaceRead =
  | { ok: true; name: string; entries: MarketplaceEntry[]; problems: MarketplaceProblem[] }
  | { ok: false; error: string; path: JsonPath };

/** The keys of the marketplace object Claude Code 2.1.332 knows (`jyt`, and `renames`). */
const MARKETPLACE_KEYS: ReadonlySet<string> = new Set([
  "$schema",
  "name",
  "version",
  "description",
  "owner",
  "plugins",
  "forceRemoveDeletedPlugins",
  "metadata",
  "allowCrossMarketplaceDependenciesOn",
  "renames",
]);

/** The component keys whose presence in an entry conflicts with a `plugin.json` (not strict). */
const COMPONENT_KEYS = ["commands", "agents", "skills", "hooks", "outputStyles", "themes"];

/** A bare plugin name as a source (`formatter`): resolved under `metadata.pluginRoot`. */
const BARE = /^[A-Za-z0-9][-A-Za-z0-9._]*$/;

/** `metadata.pluginRoot` made a relative folder (`.` for the root), or undefined when unusable. */
function pluginRoot(v: unknown): string | undefined {
  if (typeof v !== "string" || v === "" || v.startsWith("/") || /[\\:]/.test(v)) return undefined;
  const p = v.replace(/^\.\//, "").replace(/\/+$/, "");
  if (p === "" || p === ".") return ".";
  return p.split("/").some((s) => s === "" || s === "." || s === "..") ? undefined : p;
}

/** An entry's `source`: a local path, a remote source, or why it is neither. */
function readSource(
  v: unknown,
  root: string | undefined,
): EntrySource | { error: string } {
  if (typeof v === "string") {
    if (v === ".") return { kind: "local", path: "./" };
    if (v.startsWith("./")) return { kind: "local", path: v };
    if (BARE.test(v) && !v.includes("..")) {
      if (root === undefined) {
        return {
          error: `source: Bare source name "${v}" requires metadata.pluginRoot. Use ` +
            '"./relative/path", or set metadata.pluginRoot (e.g. "./plugins") to allow bare names',
        };
      }
      return { kind: "local", path: root === "." ? `./${v}` : `./${root}/${v}` };
    }
    return { error: 'source: Invalid string: must start with "./"' };
  }
  if (isObject(v) && typeof v.source === "string") return { kind: "remote", type: v.source };
  return { error: "source: Invalid input" };
}

/**
 * Reads a parsed `marketplace.json`.
 *
 * @param doc the parsed JSON
 * @returns the marketplace's name, its entries and their problems, or why it is not read
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readMarketplace } from "./marketplace.ts";
 *
 * const read = readMarketplace({
 *   name: "mk",
 *   owner: { name: "me" },
 *   plugins: [
 *     { name: "tools", source: "./plugins/tools", category: "dev" },
 *     { name: "remote", source: { source: "github", repo: "o/r" } },
 *     { name: "bad", source: "./plugins/bad", description: 5 },
 *   ],
 * });
 * assert.ok(read.ok);
 * assert.deepEqual(read.entries.map((e) => [e.name, e.source]), [
 *   ["tools", { kind: "local", path: "./plugins/tools" }],
 *   ["remote", { kind: "remote", type: "github" }],
 * ]);
 * assert.deepEqual(read.problems.map((p) => [p.code, p.path]), [
 *   ["bad-entry", ["plugins", 2, "description"]],
 * ]);
 * ```
 */
export function readMarketplace(doc: unknown): MarketplaceRead {
  if (!isObject(doc)) return { ok: false, error: "marketplace must be an object", path: [] };
  if (typeof doc.name !== "string" || doc.name === "") {
    return { ok: false, error: `name: ${expected("string", doc.name)}`, path: ["name"] };
  }
  const owner = doc.owner;
  if (!isObject(owner)) {
    return { ok: false, error: `owner: ${expected("object", owner)}`, path: ["owner"] };
  }
  if (typeof owner.name !== "string" || owner.name === "") {
    return {
      ok: false,
      error: owner.name === ""
        ? "owner.name: Author name cannot be empty"
        : `owner.name: ${expected("string", owner.name)}`,
      path: ["owner", "name"],
    };
  }
  if (!Array.isArray(doc.plugins)) {
    return { ok: false, error: `plugins: ${expected("array", doc.plugins)}`, path: ["plugins"] };
  }
  const problems: MarketplaceProblem[] = Object.keys(doc).filter((k) => !MARKETPLACE_KEYS.has(k))
    .map((k) => ({
      code: "manifest-key",
      level: "warning",
      message: `Unknown key "${k}": not known to skald (Claude Code 2.1.332)`,
      path: [k],
      key: true,
    }));
  const root = pluginRoot(isObject(doc.metadata) ? doc.metadata.pluginRoot : undefined);
  const entries: MarketplaceEntry[] = [];
  for (const [index, e] of doc.plugins.entries()) {
    const read = readEntry(e, index, root);
    if ("error" in read) {
      problems.push({
        code: "bad-entry",
        level: "error",
        message: read.error,
        path: ["plugins", index, ...read.path],
      });
      continue;
    }
    entries.push(read);
  }
  problems.push(...unknownEntryKeys(entries));
  return { ok: true, name: doc.name, entries, problems };
}

/**
 * One problem per key the entries have that no schema knows, however many entries have it
 * (one cause: a key written the same way in each), placed at its first.
 */
function unknownEntryKeys(entries: readonly MarketplaceEntry[]): MarketplaceProblem[] {
  const byKey = new Map<string, MarketplaceEntry[]>();
  for (const e of entries) {
    for (const k of e.unknownKeys) byKey.set(k, [...byKey.get(k) ?? [], e]);
  }
  return [...byKey].map(([k, es]) => {
    const names = es.map((e) => `"${e.name}"`);
    const which = es.length === 1
      ? `the entry of ${names[0]}`
      : `${es.length} entries (${names.slice(0, 3).join(", ")}${es.length > 3 ? ", ..." : ""})`;
    return {
      code: "manifest-key",
      level: "warning",
      message: `Unknown key "${k}" in ${which}: not known to skald (Claude Code 2.1.332)`,
      path: ["plugins", es[0]!.index, k],
      key: true,
    };
  });
}

/** One entry, or why Claude Code does not load its plugin. */
function readEntry(
  e: unknown,
  index: number,
  root: string | undefined,
): MarketplaceEntry | { error: string; path: JsonPath } {
  if (!isObject(e) || typeof e.name !== "string" || e.name === "") {
    return {
      error: `Entry ${index} is dropped: it has no plugin name`,
      path: isObject(e) ? ["name"] : [],
    };
  }
  const name = e.name;
  const notLoaded = (why: string, path: JsonPath) => ({
    error: `The plugin "${name}" is not loaded: invalid marketplace entry: ${why}`,
    path,
  });
  const source = readSource(e.source, root);
  if ("error" in source) return notLoaded(source.error, ["source"]);
  const checked = checkManifest(e, "entry");
  if (!checked.ok) return notLoaded(checked.error, checked.path);
  return {
    index,
    name,
    source,
    strict: e.strict !== false,
    manifest: checked.manifest,
    components: COMPONENT_KEYS.some((k) => e[k] !== undefined) ||
      isObject(e.experimental) && e.experimental.themes !== undefined,
    unknownKeys: checked.unknownKeys,
  };
}
