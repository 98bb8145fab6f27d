/**
 * A file system as data for catalogue tests (the reader is `lib/skills/tree_reader.ts`: paths
 * map to file texts, `DIR` for an empty directory, or `UNREADABLE`), and the YAML parser the
 * CLI uses.
 *
 * @module
 */

import { loadYaml } from "../lib/deps/yaml.ts";

export { DIR, type Tree, treeReader, UNREADABLE } from "../lib/skills/tree_reader.ts";

const YAML = await loadYaml();

/** The YAML parser the CLI uses. */
export const yaml = (text: string): unknown => YAML.parse(text, { maxAliasCount: 100 });
