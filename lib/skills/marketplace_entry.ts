/**
 * A marketplace entry laid over its plugin folder's `plugin.json`, as Claude Code 2.1.332 does
 * it (its `$Vo`, `chunk-bqhgd24a.js`; observed with the oracle: `g03`, `g04`, `g05`, `g06` of
 * `tests/oracle/cases/claude-2.1.332/`):
 *
 * - no `plugin.json`: the entry is the manifest, whatever `strict` says (its name, its
 *   `dependencies`, its `engines`); its `commands` come after `commands/`, its `skills` take
 *   the place of a `SKILL.md` at the top;
 * - a `plugin.json` and `strict` (the default), or `strict: false` with no components in the
 *   entry: the `plugin.json` is the manifest (its name, its `dependencies`); the entry's
 *   descriptive fields override its own (skald lists none of them), the entry's `commands` and
 *   `skills` come after its own;
 * - a `plugin.json`, `strict: false` and components in the entry: the plugin is not loaded
 *   ("conflicting manifests");
 * - an entry whose source is the marketplace's root (`./`) and names `skills`: those paths are
 *   read instead of `skills/` (`plugin_skills.ts` has the rule);
 * - `engines["claude-code"]`: the `plugin.json`'s when it states one, else the entry's.
 *
 * Pure.
 *
 * @module
 */

import type { MarketplaceEntry } from "./marketplace.ts";
import type { Manifest } from "./manifest.ts";

/** What an entry adds to its plugin folder's own components. */
export interface EntryComponents {
  /** The entry's `commands`, read after the plugin's own. */
  commands?: Manifest["commands"];
  /** The entry's `skills`, and how they combine with the plugin's. */
  skills?: {
    paths: string[];
    /** `append` to a `plugin.json`'s; `assign`: the entry stands for a missing one. */
    mode: "append" | "assign";
    /** The source is the marketplace's root: the paths replace `skills/`'s scan. */
    replace: boolean;
  };
}

/** An entry over its plugin: the plugin to read, or why it is not loaded. */
export type MergedEntry =
  | {
    kind: "plugin";
    /**
     * The manifest the plugin is read with: its name, `dependencies` and `engines` merged;
     * `commands` and `skills` the `plugin.json`'s alone (none without one).
     */
    manifest: Manifest;
    /** The entry's own components, read after them. */
    entry: EntryComponents;
  }
  | { kind: "conflict"; reason: string };

/** Is a source the marketplace's root (`./`, `.`, `.//`)? */
export const isRootSource = (path: string): boolean =>
  path.split(/[\\/]/).every((s) => s === "" || s === ".");

/**
 * Lays an entry over its plugin folder's `plugin.json`.
 *
 * @param entry the marketplace entry
 * @param pluginJson the folder's `plugin.json`, checked, when it has one
 * @returns the plugin to read, or the reason it is not loaded
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeEntry } from "./marketplace_entry.ts";
 *
 * const entry = {
 *   index: 0,
 *   name: "tools",
 *   source: { kind: "local" as const, path: "./plugins/tools" },
 *   strict: false,
 *   manifest: { name: "tools", skills: ["./extra"] },
 *   components: true,
 *   unknownKeys: [],
 * };
 * const merged = mergeEntry(entry, undefined);
 * assert.equal(merged.kind, "plugin");
 * assert.deepEqual(merged.kind === "plugin" && merged.entry.skills, {
 *   paths: ["./extra"],
 *   mode: "assign",
 *   replace: false,
 * });
 * assert.equal(mergeEntry(entry, { name: "tools" }).kind, "conflict");
 * ```
 */
export function mergeEntry(entry: MarketplaceEntry, pluginJson: Manifest | undefined): MergedEntry {
  if (pluginJson !== undefined && !entry.strict && entry.components) {
    return {
      kind: "conflict",
      reason: `Plugin ${entry.name} has conflicting manifests: both plugin.json and marketplace ` +
        "entry specify components. Set strict: true in marketplace entry or remove component " +
        "specs from one location.",
    };
  }
  const own = entry.manifest;
  const manifest: Manifest = pluginJson === undefined ? { name: own.name } : { ...pluginJson };
  if (pluginJson === undefined) {
    if (own.dependencies) manifest.dependencies = own.dependencies;
    if (own.optionalDependencies) manifest.optionalDependencies = own.optionalDependencies;
  }
  if (!("claudeCodeRange" in manifest) && "claudeCodeRange" in own) {
    manifest.claudeCodeRange = own.claudeCodeRange;
  }
  const out: EntryComponents = {};
  if (own.commands !== undefined) out.commands = own.commands;
  if (own.skills !== undefined) {
    out.skills = {
      paths: typeof own.skills === "string" ? [own.skills] : [...own.skills],
      mode: pluginJson === undefined ? "assign" : "append",
      replace: entry.source.kind === "local" && isRootSource(entry.source.path),
    };
  }
  return { kind: "plugin", manifest, entry: out };
}
