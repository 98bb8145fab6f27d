/**
 * A plugin's `.claude-plugin/plugin.json`, checked as Claude Code 2.1.332 checks it when it
 * loads a plugin (measured with the oracle: `tests/oracle/cases/plugins.json`, and its own
 * messages in its debug log; the keys and what a wrong value of each does are read out of its
 * schema, `manifest_keys.ts`). A manifest Claude Code rejects drops the whole plugin; a few
 * descriptive keys of a wrong type are only ignored, with a warning. Pure.
 *
 * Rejected: a document that is not an object; `name` missing, not a string, empty, with a
 * space or a control character; `version` not a string; `defaultEnabled` not a boolean;
 * `dependencies` not a list of plugin names; `commands`, `agents`, `skills`, `hooks`,
 * `outputStyles`, `themes`, `workflows`, `channels`, `mcpServers`, `lspServers`, `monitors`,
 * `settings`, `types` and `userConfig` of the wrong shape (paths must start with `./`; `agents`
 * names `.md` files, not directories). Ignored with a warning: `$schema`, `description`,
 * `author`, `homepage`, `repository`, `license`, `keywords`, `displayName` of the wrong type.
 * Read whatever they hold: `engines` (only `engines["claude-code"]` means anything),
 * `optionalDependencies` (invalid entries left out), `metadata`, `network`, `binaries`,
 * `experimental`. A key Claude Code does not know is stripped in silence: it is returned in
 * `unknownKeys`. The contents of hook, MCP, LSP, channel, monitor and `userConfig` entries are
 * not checked here (Claude Code checks those further, entry by entry).
 *
 * @module
 */

import {
  dependencyName,
  ENTRY_KEYS,
  expected,
  isEntryKey,
  isManifestKey,
  isObject,
  MANIFEST_KEYS,
} from "./manifest_keys.ts";

/** The keys the catalogue uses from a manifest that passed. */
export interface Manifest {
  /** The plugin's name: its entries are `name:entry`. */
  name: string;
  /** `commands` as written: a path, a list of paths, or a map of names to `{ source }`. */
  commands?: string | string[] | Record<string, { source?: string }>;
  /** `skills` as written: a path or a list of paths. */
  skills?: string | string[];
  /**
   * `engines["claude-code"]` as written (any JSON value; only a string can be a range), when
   * `engines` is an object that has it. Claude Code reads no other key of `engines`.
   */
  claudeCodeRange?: unknown;
  /** `dependencies`: the plugins it needs, `name` or `name@marketplace` (a `@^range` dropped). */
  dependencies?: string[];
  /**
   * `optionalDependencies`: the valid entries (Claude Code passes over the others), less those
   * also in `dependencies` (a plugin in both lists is required).
   */
  optionalDependencies?: string[];
}

/** A place in a JSON document: its keys and indices from the top. */
export type JsonPath = (string | number)[];

/** A manifest checked: the plugin loads (with warnings) or is rejected. */
export type ManifestCheck =
  | {
    ok: true;
    manifest: Manifest;
    /** Keys Claude Code drops for their wrong value (`ignored "license" (...)`). */
    warnings: string[];
    /** The key of each warning, in the same order. */
    ignored: string[];
    /** Keys Claude Code 2.1.332 does not know (it strips them in silence). */
    unknownKeys: string[];
  }
  | {
    ok: false;
    error: string;
    /** Where the error is: the value its message names (`["agents", 0]`). */
    path: JsonPath;
  };

/**
 * Where a manifest is read from: a plugin's own `plugin.json` (a few descriptive keys of the
 * wrong type are only ignored) or a marketplace entry (Claude Code checks it against the
 * manifest's schema with every key strict, and knows the entry's own keys too).
 */
export type ManifestFrom = "plugin.json" | "entry";

/** Control, format and bidirectional characters, which a plugin name may not hold. */
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** `key` and a check's message: `key: reason`, or `key.N: reason` for a place inside it. */
const at = (key: string, e: string) => e.startsWith(".") ? `${key}${e}` : `${key}: ${e}`;

/** The place a check's message names: `key`, then the `.N.sub` before its `: `. */
function errorPath(key: string, e: string): JsonPath {
  if (!e.startsWith(".")) return [key];
  const inner = e.slice(1, e.indexOf(": ") === -1 ? e.length : e.indexOf(": "));
  return [key, ...inner.split(".").map((s) => /^\d+$/.test(s) ? Number(s) : s)];
}

const rejected = (error: string, path: JsonPath): ManifestCheck => ({ ok: false, error, path });

/**
 * Checks a parsed `plugin.json` as Claude Code does when it loads the plugin, or a marketplace
 * entry as it checks one when it reads the marketplace (`from: "entry"`: every key strict, so
 * a `description` of the wrong type rejects the entry; the entry's own keys known).
 *
 * @param doc the parsed JSON
 * @param from `plugin.json` (the default) or `entry`
 * @returns the manifest, warnings for ignored keys and the keys Claude Code does not know, or
 * why the plugin is not loaded (and where)
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkManifest } from "./manifest.ts";
 *
 * assert.deepEqual(checkManifest({ name: "tools", license: 1, category: "x" }), {
 *   ok: true,
 *   manifest: { name: "tools" },
 *   warnings: ['ignored "license" (license: Invalid input: expected string, received number)'],
 *   ignored: ["license"],
 *   unknownKeys: ["category"],
 * });
 * assert.deepEqual(checkManifest({ name: "tools", agents: ["./agents"] }), {
 *   ok: false,
 *   error: 'agents.0: Invalid string: must end with ".md"',
 *   path: ["agents", 0],
 * });
 * assert.deepEqual(checkManifest({ name: "tools", license: 1, category: "x" }, "entry"), {
 *   ok: false,
 *   error: "license: Invalid input: expected string, received number",
 *   path: ["license"],
 * });
 * ```
 */
export function checkManifest(doc: unknown, from: ManifestFrom = "plugin.json"): ManifestCheck {
  if (!isObject(doc)) return rejected("manifest must be an object", []);
  const name = doc.name;
  if (typeof name !== "string") return rejected(`name: ${expected("string", name)}`, ["name"]);
  if (name === "") return rejected("name: Plugin name cannot be empty", ["name"]);
  if (name.includes(" ")) {
    return rejected(
      'name: Plugin name cannot contain spaces. Use kebab-case (e.g., "my-plugin")',
      ["name"],
    );
  }
  if (CONTROL.test(name)) {
    return rejected(
      "name: Plugin name cannot contain control or bidirectional-formatting characters",
      ["name"],
    );
  }
  const warnings: string[] = [];
  const ignored: string[] = [];
  const keys = from === "entry" ? [...MANIFEST_KEYS, ...ENTRY_KEYS] : MANIFEST_KEYS;
  for (const k of keys) {
    if (!Object.hasOwn(doc, k.key) || k.onWrong === "passed") continue;
    const e = k.check(doc[k.key]);
    if (e === undefined) continue;
    if (k.onWrong === "rejects" || from === "entry") {
      return rejected(at(k.key, e), errorPath(k.key, e));
    }
    warnings.push(`ignored "${k.key}" (${at(k.key, e)})`);
    ignored.push(k.key);
  }
  const manifest: Manifest = { name };
  const commands = doc.commands;
  if (typeof commands === "string" || Array.isArray(commands)) {
    manifest.commands = commands as string | string[];
  } else if (isObject(commands)) {
    manifest.commands = Object.fromEntries(
      Object.entries(commands).map(([k, v]) => [k, isObject(v) ? v as { source?: string } : {}]),
    );
  }
  if (typeof doc.skills === "string" || Array.isArray(doc.skills)) {
    manifest.skills = doc.skills as string | string[];
  }
  if (isObject(doc.engines) && Object.hasOwn(doc.engines, "claude-code")) {
    manifest.claudeCodeRange = doc.engines["claude-code"];
  }
  const names = (v: unknown) => Array.isArray(v) ? v.flatMap((d) => dependencyName(d) ?? []) : [];
  const required = names(doc.dependencies);
  if (required.length > 0) manifest.dependencies = required;
  const optional = names(doc.optionalDependencies).filter((d) => !required.includes(d));
  if (optional.length > 0) manifest.optionalDependencies = optional;
  const unknownKeys = Object.keys(doc).filter((k) =>
    !isManifestKey(k) && !(from === "entry" && isEntryKey(k))
  );
  return { ok: true, manifest, warnings, ignored, unknownKeys };
}
