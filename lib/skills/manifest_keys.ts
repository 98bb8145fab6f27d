/**
 * The keys of `.claude-plugin/plugin.json` that Claude Code 2.1.332 knows, in the order of its
 * own schema (its `ot` field table, `chunk-46gfqyds.js`), each with what a value of the wrong
 * shape does there (`vNe`, `chunk-bqhgd24a.js`):
 *
 * - `rejects`: the manifest fails its schema and the plugin is not loaded;
 * - `ignored`: the key is dropped, with the warning `ignored "KEY" in plugin.json (...); the
 *   plugin still loads` (`$schema`, `displayName`, `description`, `author`, `homepage`,
 *   `repository`, `license`, `keywords`: its `dPr` set);
 * - `passed`: the schema reads any value (it maps a value of the wrong shape to "not given"
 *   first: `engines`, `metadata`, `network`, `optionalDependencies`, `binaries`,
 *   `experimental`), so nothing is said.
 *
 * A key not in the table Claude Code strips in silence (observed: `foo`, `category`). The
 * checks are the top-level shapes and the paths; the contents of hook, MCP, LSP, channel,
 * monitor and `userConfig` entries are not checked here. Pure.
 *
 * @module
 */

/** The Claude Code version the table was read from. */
export const MANIFEST_KEYS_VERSION = "2.1.332";

/** What Claude Code does with a wrong value of a key. */
export type OnWrong = "rejects" | "ignored" | "passed";

/** One key of the manifest. */
export interface ManifestKey {
  /** The key. */
  key: string;
  /** What a value of the wrong shape does. */
  onWrong: OnWrong;
  /** The value's fault, zod's way (`Invalid input: expected string, received number`). */
  check: (v: unknown) => string | undefined;
}

/** Is `v` a plain object (not null, not an array)? */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A type as zod names it in its messages ("expected string, received number"). */
function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v === "undefined" ? "undefined" : typeof v;
}

/**
 * zod's message for a value of the wrong type.
 *
 * @param want the type wanted
 * @param v the value
 * @returns the message
 */
export const expected = (want: string, v: unknown): string =>
  `Invalid input: expected ${want}, received ${typeName(v)}`;

/**
 * A path field's string: relative to the plugin root, starting with `./`. Where the schema
 * takes one of several forms for the value (`union`), one that is no string is "Invalid input".
 */
function pathError(v: unknown, ending?: string, union = false): string | undefined {
  if (typeof v !== "string") return union ? "Invalid input" : expected("string", v);
  if (!v.startsWith("./")) return 'Invalid string: must start with "./"';
  if (ending !== undefined && !v.endsWith(ending)) {
    return `Invalid string: must end with "${ending}"`;
  }
  return undefined;
}

/**
 * One value or a list of them: the first wrong one, as `.N: reason` (no prefix for a single
 * value). A value that is neither is "Invalid input", as zod says for a union. `objects`: an
 * object is allowed in place of the value (`top`) or also in the list (`both`).
 */
function oneOrList(
  v: unknown,
  check: (s: unknown) => string | undefined,
  objects?: "top" | "both",
): string | undefined {
  if (objects !== undefined && isObject(v)) return undefined;
  if (typeof v === "string") return check(v);
  if (Array.isArray(v)) {
    for (const [i, s] of v.entries()) {
      if (objects === "both" && isObject(s)) continue;
      const e = check(s);
      if (e !== undefined) return `.${i}: ${e}`;
    }
    return undefined;
  }
  return "Invalid input";
}

const mcpSource = (v: unknown) =>
  typeof v === "string" &&
    (v.startsWith("./") && /\.(json|mcpb|dxt)$/.test(v) ||
      URL.canParse(v) && /\.(mcpb|dxt)$/.test(v))
    ? undefined
    : "Invalid input";
const string = (v: unknown) => typeof v === "string" ? undefined : expected("string", v);
const never = () => undefined;

/**
 * A dependency as the schema reads it (`_2r`): `name`, `name@marketplace`, either with a version
 * range after `@^` (dropped), or `{ name, marketplace? }`; undefined when invalid.
 *
 * @param v one entry of `dependencies` or `optionalDependencies`
 * @returns the plugin it names (`name` or `name@marketplace`), or undefined
 */
export function dependencyName(v: unknown): string | undefined {
  if (typeof v === "string") {
    return DEPENDENCY.test(v) ? v.replace(/@\^[^@]*$/, "") : undefined;
  }
  if (!isObject(v)) return undefined;
  const { name, marketplace } = v;
  if (typeof name !== "string" || !PLUGIN_ID.test(name)) return undefined;
  if (marketplace === undefined) return name;
  return typeof marketplace === "string" && PLUGIN_ID.test(marketplace)
    ? `${name}@${marketplace}`
    : undefined;
}
const DEPENDENCY = /^[A-Za-z0-9][-A-Za-z0-9._]*(@[A-Za-z0-9][-A-Za-z0-9._]*)?(@\^[^@]*)?$/;
const PLUGIN_ID = /^[A-Za-z0-9][-A-Za-z0-9._]*$/;

function dependenciesError(v: unknown): string | undefined {
  if (!Array.isArray(v)) return expected("array", v);
  for (const [i, d] of v.entries()) {
    if (dependencyName(d) !== undefined) continue;
    return typeof d === "string"
      ? `.${i}: Dependency must be a plugin name, optionally qualified with @marketplace`
      : `.${i}: Invalid input`;
  }
  return undefined;
}

function channelsError(v: unknown): string | undefined {
  if (!Array.isArray(v)) return expected("array", v);
  for (const [i, c] of v.entries()) {
    if (!isObject(c)) return `.${i}: ${expected("object", c)}`;
    if (typeof c.server !== "string") return `.${i}.server: ${expected("string", c.server)}`;
    if (c.server === "") {
      return `.${i}.server: Too small: expected string to have >=1 characters`;
    }
    const extra = Object.keys(c).find((k) => !["server", "displayName", "userConfig"].includes(k));
    if (extra !== undefined) return `.${i}: Unrecognized key: "${extra}"`;
  }
  return undefined;
}

function typesError(v: unknown): string | undefined {
  const e = pathError(v);
  if (e !== undefined) return e;
  if (!(v as string).endsWith(".d.ts")) {
    return "types must name a TypeScript declaration file ending in '.d.ts'";
  }
  if ((v as string).split(/[\\/]/).includes("..")) {
    return "types must stay inside the plugin directory (no '..' segment)";
  }
  return undefined;
}

function userConfigError(v: unknown): string | undefined {
  if (!isObject(v)) return expected("record", v);
  for (const [k, field] of Object.entries(v)) {
    if (!/^[A-Za-z_]\w*$/.test(k)) {
      return `.${k}: Option keys must be valid identifiers (letters, digits, underscore; no ` +
        "leading digit) \u2014 they become CLAUDE_PLUGIN_OPTION_<KEY> env vars in hooks";
    }
    if (!isObject(field)) return `.${k}: ${expected("object", field)}`;
  }
  return undefined;
}

/** An object, or a value zod's object check rejects. */
const object = (want: string) => (v: unknown) => isObject(v) ? undefined : expected(want, v);

/** The keys, in the schema's order. */
export const MANIFEST_KEYS: readonly ManifestKey[] = [
  { key: "$schema", onWrong: "ignored", check: string },
  // `name` is checked on its own (it is required); listed for completeness.
  { key: "name", onWrong: "rejects", check: never },
  { key: "displayName", onWrong: "ignored", check: string },
  { key: "version", onWrong: "rejects", check: string },
  { key: "description", onWrong: "ignored", check: string },
  {
    key: "author",
    onWrong: "ignored",
    check: (v) =>
      !isObject(v)
        ? expected("object", v)
        : typeof v.name !== "string"
        ? `.name: ${expected("string", v.name)}`
        : v.name === ""
        ? ".name: Author name cannot be empty"
        : undefined,
  },
  {
    key: "homepage",
    onWrong: "ignored",
    check: (v) => typeof v === "string" && URL.canParse(v) ? undefined : "Invalid URL",
  },
  { key: "repository", onWrong: "ignored", check: string },
  { key: "license", onWrong: "ignored", check: string },
  {
    key: "keywords",
    onWrong: "ignored",
    check: (v) =>
      !Array.isArray(v)
        ? expected("array", v)
        : v.every((k) => typeof k === "string")
        ? undefined
        : "Invalid input: expected an array of strings",
  },
  {
    key: "defaultEnabled",
    onWrong: "rejects",
    check: (v) => typeof v === "boolean" ? undefined : expected("boolean", v),
  },
  { key: "dependencies", onWrong: "rejects", check: dependenciesError },
  { key: "optionalDependencies", onWrong: "passed", check: never },
  { key: "metadata", onWrong: "passed", check: never },
  { key: "engines", onWrong: "passed", check: never },
  { key: "network", onWrong: "passed", check: never },
  {
    key: "hooks",
    onWrong: "rejects",
    check: (v) => oneOrList(v, (s) => pathError(s, ".json", true), "both"),
  },
  {
    key: "commands",
    onWrong: "rejects",
    check: (v) => oneOrList(v, (s) => pathError(s, undefined, true), "top"),
  },
  { key: "agents", onWrong: "rejects", check: (v) => oneOrList(v, (s) => pathError(s, ".md")) },
  {
    key: "skills",
    onWrong: "rejects",
    check: (v) => oneOrList(v, (s) => s === "." ? undefined : pathError(s, undefined, true)),
  },
  { key: "outputStyles", onWrong: "rejects", check: (v) => oneOrList(v, (s) => pathError(s)) },
  { key: "themes", onWrong: "rejects", check: (v) => oneOrList(v, (s) => pathError(s)) },
  { key: "workflows", onWrong: "rejects", check: (v) => oneOrList(v, (s) => pathError(s)) },
  { key: "channels", onWrong: "rejects", check: channelsError },
  {
    key: "mcpServers",
    onWrong: "rejects",
    // A `.json` file, an MCPB bundle (`.mcpb`, `.dxt`) by path or URL, or servers by name.
    check: (v) => oneOrList(v, mcpSource, "both"),
  },
  {
    key: "lspServers",
    onWrong: "rejects",
    check: (v) => oneOrList(v, (s) => pathError(s, ".json", true), "both"),
  },
  {
    key: "monitors",
    onWrong: "rejects",
    check: (v) => Array.isArray(v) ? undefined : oneOrList(v, (s) => pathError(s, ".json")),
  },
  { key: "settings", onWrong: "rejects", check: object("record") },
  { key: "types", onWrong: "rejects", check: typesError },
  { key: "userConfig", onWrong: "rejects", check: userConfigError },
  { key: "binaries", onWrong: "passed", check: never },
  { key: "experimental", onWrong: "passed", check: never },
];

const KNOWN: ReadonlySet<string> = new Set(MANIFEST_KEYS.map((k) => k.key));

const stringList = (v: unknown) =>
  !Array.isArray(v)
    ? expected("array", v)
    : v.every((k) => typeof k === "string")
    ? undefined
    : "Invalid input: expected an array of strings";

/**
 * The keys a marketplace entry has besides the manifest's (its schema `nVo`,
 * `chunk-46gfqyds.js`: the manifest's keys made optional, then these). Any wrong value rejects
 * the entry. `source` is read on its own (`marketplace.ts`); `relevance` takes any value (a
 * value that is no object is read as none).
 */
export const ENTRY_KEYS: readonly ManifestKey[] = [
  { key: "source", onWrong: "passed", check: never },
  {
    key: "headers",
    onWrong: "rejects",
    check: (v) =>
      !isObject(v)
        ? expected("record", v)
        : Object.values(v).every((h) => typeof h === "string")
        ? undefined
        : "Invalid input: expected a record of strings",
  },
  { key: "headersHelper", onWrong: "rejects", check: string },
  { key: "category", onWrong: "rejects", check: string },
  { key: "tags", onWrong: "rejects", check: stringList },
  {
    key: "strict",
    onWrong: "rejects",
    check: (v) => typeof v === "boolean" ? undefined : expected("boolean", v),
  },
  { key: "relevance", onWrong: "passed", check: never },
];

const ENTRY_ONLY: ReadonlySet<string> = new Set(ENTRY_KEYS.map((k) => k.key));

/**
 * Whether a key is one of a marketplace entry's own (`source`, `strict`, `category`, ...).
 *
 * @param key the key
 * @returns true for a key of the entry's schema that a `plugin.json` does not have
 */
export function isEntryKey(key: string): boolean {
  return ENTRY_ONLY.has(key);
}

/**
 * Whether Claude Code 2.1.332 knows a manifest key.
 *
 * @param key the key
 * @returns true for a key of its schema
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isManifestKey } from "./manifest_keys.ts";
 *
 * assert.equal(isManifestKey("optionalDependencies"), true);
 * assert.equal(isManifestKey("category"), false);
 * ```
 */
export function isManifestKey(key: string): boolean {
  return KNOWN.has(key);
}
