/**
 * A folder holding a marketplace (`.claude-plugin/marketplace.json`), read as Claude Code
 * 2.1.332 reads a directory marketplace whose plugins are all enabled: the file
 * (`marketplace.ts`), then each entry with a local source, its folder read through the entry
 * (`plugin_folder.ts`, `marketplace_entry.ts`). A source that leaves the marketplace's folder,
 * or a folder that is not there, keeps that plugin from loading; remote sources (`github`,
 * `url`, `npm`, ...) are counted, not fetched. Reads through a {@link SkillReader}.
 *
 * @module
 */

import { posix } from "../path.ts";
import type { SkillProblem } from "./load_catalogue.ts";
import { readMarketplace } from "./marketplace.ts";
import { type PluginRead, readPluginFolder } from "./plugin_folder.ts";
import type { SkillReader } from "./reader.ts";

/** Where a marketplace's file is, in its folder. */
export const MARKETPLACE_FILE = ".claude-plugin/marketplace.json";

/** What a marketplace held, for a summary. */
export interface MarketplaceSummary {
  /** Its file. */
  file: string;
  /** Its name, when it could be read. */
  name?: string;
  /** Its entries, read or not. */
  entries: number;
  /** The entries with a remote source, by index, with the source's type: not read. */
  remote: { index: number; type: string }[];
  /** The plugin folders read through an entry (loaded or not). */
  pluginsRead: number;
}

/** A plugin of a marketplace, read, with the key it is installed by. */
export interface MarketplacePlugin {
  read: PluginRead;
  /** `name@marketplace`. */
  key: string;
}

const inside = (root: string, path: string) => path === root || path.startsWith(root + "/");

/**
 * Reads a marketplace folder: its entries with a local source, each one's plugin read through
 * the entry.
 *
 * @param dir the folder holding `.claude-plugin/marketplace.json`
 * @param reader the file system
 * @param problems receives the file's problems and its plugins'
 * @param skip plugin folders (real paths) read already (a `--plugin-dir`): not read again
 * @returns the plugins loaded, in the entries' order, and what the file held
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readMarketplaceFolder } from "./marketplace_folder.ts";
 * import { treeReader } from "./tree_reader.ts";
 *
 * const reader = treeReader({
 *   "/mk/.claude-plugin/marketplace.json": JSON.stringify({
 *     name: "mk",
 *     owner: { name: "me" },
 *     plugins: [
 *       { name: "lsp", source: "./plugins/lsp", strict: false, skills: ["./extra"] },
 *       { name: "far", source: { source: "github", repo: "o/far" } },
 *     ],
 *   }),
 *   "/mk/plugins/lsp/extra/fmt/SKILL.md": "Format",
 * });
 * const problems: { file: string; reason: string }[] = [];
 * const { plugins, marketplace } = readMarketplaceFolder("/mk", reader, problems, new Set());
 * assert.deepEqual(plugins.map((p) => [p.key, p.read.plugin.dirs]), [
 *   ["lsp@mk", ["/mk/plugins/lsp/extra/fmt"]],
 * ]);
 * assert.deepEqual(marketplace.remote, [{ index: 1, type: "github" }]);
 * assert.equal(marketplace.pluginsRead, 1);
 * assert.deepEqual(problems, []);
 * ```
 */
export function readMarketplaceFolder(
  dir: string,
  reader: SkillReader,
  problems: SkillProblem[],
  skip: ReadonlySet<string>,
): { plugins: MarketplacePlugin[]; marketplace: MarketplaceSummary } {
  const file = posix.join(dir, MARKETPLACE_FILE);
  const marketplace: MarketplaceSummary = { file, entries: 0, remote: [], pluginsRead: 0 };
  const plugins: MarketplacePlugin[] = [];
  const read = reader.read(file, 4 * 1024 * 1024);
  if ("error" in read) {
    problems.push({
      file,
      reason: `The marketplace is not read: ${read.error}`,
      code: "unreadable",
    });
    return { plugins, marketplace };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(read.text.replace(/^\uFEFF/, ""));
  } catch (e) {
    problems.push({
      file,
      reason: `The marketplace is not loaded: it is not JSON: ${(e as Error).message}`,
      code: "bad-marketplace",
      at: { path: [] },
    });
    return { plugins, marketplace };
  }
  const m = readMarketplace(doc);
  if (Array.isArray((doc as { plugins?: unknown })?.plugins)) {
    marketplace.entries = (doc as { plugins: unknown[] }).plugins.length;
  }
  if (!m.ok) {
    problems.push({
      file,
      reason: `The marketplace is not loaded: invalid marketplace: ${m.error}`,
      code: "bad-marketplace",
      at: { path: m.path },
    });
    return { plugins, marketplace };
  }
  marketplace.name = m.name;
  for (const p of m.problems) {
    const problem: SkillProblem = {
      file,
      reason: p.message,
      code: p.code,
      at: p.key ? { path: p.path, key: true } : { path: p.path },
    };
    if (p.level === "warning") problem.level = "warning";
    problems.push(problem);
  }
  for (const entry of m.entries) {
    if (entry.source.kind === "remote") {
      marketplace.remote.push({ index: entry.index, type: entry.source.type });
      continue;
    }
    const folder = posix.resolve(dir, entry.source.path);
    const notLoaded = (why: string) =>
      problems.push({
        file,
        reason: `The plugin "${entry.name}" is not loaded: ${why}`,
        code: "bad-entry",
        at: { path: ["plugins", entry.index, "source"] },
      });
    if (!inside(dir, folder) || !inside(reader.realPath(dir), reader.realPath(folder))) {
      notLoaded(`its source "${entry.source.path}" leaves the marketplace's folder`);
      continue;
    }
    const list = reader.list(folder);
    if (list === undefined || "error" in list) {
      notLoaded(
        `Plugin directory not found at path: ${entry.source.path}. Check that the marketplace ` +
          "entry has the correct path.",
      );
      continue;
    }
    if (skip.has(reader.realPath(folder))) continue;
    marketplace.pluginsRead++;
    const plugin = readPluginFolder(folder, entry.name, reader, problems, { entry, file });
    if (plugin !== undefined) plugins.push({ read: plugin, key: `${entry.name}@${m.name}` });
  }
  return { plugins, marketplace };
}
