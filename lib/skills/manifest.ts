/**
 * A plugin's `.claude-plugin/plugin.json`, checked as Claude Code 2.1.332 checks it when it
 * loads a plugin (measured with the oracle: `tests/oracle/cases/plugins.json`, and its own
 * messages in its debug log). A manifest Claude Code rejects drops the whole plugin; a few
 * descriptive keys of a wrong type are only ignored, with a warning. Pure.
 *
 * Rejected: a document that is not an object; `name` missing, not a string, empty, with a
 * space or a control character; `version` not a string; `commands`, `agents`, `skills`,
 * `hooks`, `outputStyles`, `themes`, `mcpServers` and `lspServers` of the wrong shape (paths
 * must start with `./`; `agents` names `.md` files, not directories). Ignored with a warning:
 * `description`, `author`, `homepage`, `repository`, `license`, `keywords`, `displayName` of
 * the wrong type. Other keys are allowed. The contents of hook, MCP and LSP server
 * configurations are not checked here (Claude Code checks those further, entry by entry).
 *
 * @module
 */

/** The keys the catalogue uses from a manifest that passed. */
export interface Manifest {
  /** The plugin's name: its entries are `name:entry`. */
  name: string;
  /** `commands` as written: a path, a list of paths, or a map of names to `{ source }`. */
  commands?: string | string[] | Record<string, { source?: string }>;
  /** `skills` as written: a path or a list of paths. */
  skills?: string | string[];
}

/** A manifest checked: the plugin loads (with warnings) or is rejected. */
export type ManifestCheck =
  | { ok: true; manifest: Manifest; warnings: string[] }
  | { ok: false; error: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A type as zod names it in its messages ("expected string, received number"). */
function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v === "undefined" ? "undefined" : typeof v;
}

const expected = (want: string, v: unknown) =>
  `Invalid input: expected ${want}, received ${typeName(v)}`;

/** Control, format and bidirectional characters, which a plugin name may not hold. */
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** A path field's string: relative to the plugin root, starting with `./`. */
function pathError(v: unknown, ending?: string): string | undefined {
  if (typeof v !== "string") return expected("string", v);
  if (!v.startsWith("./")) return 'Invalid string: must start with "./"';
  if (ending !== undefined && !v.endsWith(ending)) {
    return `Invalid string: must end with "${ending}"`;
  }
  return undefined;
}

/**
 * One path or a list of them: the first wrong one, as `key` or `key.N` and the reason. A value
 * that is neither a string nor a list is "Invalid input", as zod says for a union.
 */
function pathsError(
  key: string,
  v: unknown,
  check: (s: unknown) => string | undefined,
): string | undefined {
  if (typeof v === "string") {
    const e = check(v);
    return e === undefined ? undefined : `${key}: ${e}`;
  }
  if (Array.isArray(v)) {
    for (const [i, s] of v.entries()) {
      const e = check(s);
      if (e !== undefined) return `${key}.${i}: ${e}`;
    }
    return undefined;
  }
  return `${key}: Invalid input`;
}

const skillPath = (s: unknown) => s === "." ? undefined : pathError(s);

/** The path fields and how each is checked; an object is also allowed where noted. */
const PATH_FIELDS: {
  key: string;
  check: (s: unknown) => string | undefined;
  object?: boolean;
}[] = [
  { key: "commands", check: (s) => pathError(s), object: true },
  { key: "agents", check: (s) => pathError(s, ".md") },
  { key: "skills", check: skillPath },
  { key: "hooks", check: (s) => pathError(s, ".json"), object: true },
  { key: "outputStyles", check: (s) => pathError(s) },
  { key: "themes", check: (s) => pathError(s) },
  { key: "mcpServers", check: (s) => pathError(s), object: true },
  { key: "lspServers", check: (s) => pathError(s), object: true },
];

/** The keys Claude Code ignores, with a warning, when their type is wrong. */
const LENIENT: { key: string; check: (v: unknown) => string | undefined }[] = [
  { key: "displayName", check: (v) => typeof v === "string" ? undefined : expected("string", v) },
  { key: "description", check: (v) => typeof v === "string" ? undefined : expected("string", v) },
  {
    key: "author",
    check: (v) =>
      !isObject(v)
        ? expected("object", v)
        : typeof v.name !== "string"
        ? `author.name: ${expected("string", v.name)}`
        : v.name === ""
        ? "author.name: Author name cannot be empty"
        : undefined,
  },
  {
    key: "homepage",
    check: (v) => typeof v === "string" && URL.canParse(v) ? undefined : "Invalid URL",
  },
  { key: "repository", check: (v) => typeof v === "string" ? undefined : expected("string", v) },
  { key: "license", check: (v) => typeof v === "string" ? undefined : expected("string", v) },
  {
    key: "keywords",
    check: (v) =>
      !Array.isArray(v)
        ? expected("array", v)
        : v.every((k) => typeof k === "string")
        ? undefined
        : "Invalid input: expected an array of strings",
  },
];

/**
 * Checks a parsed `plugin.json` as Claude Code does when it loads the plugin.
 *
 * @param doc the parsed JSON
 * @returns the manifest and warnings for ignored keys, or why the plugin is not loaded
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkManifest } from "./manifest.ts";
 *
 * assert.deepEqual(checkManifest({ name: "tools", license: 1 }), {
 *   ok: true,
 *   manifest: { name: "tools" },
 *   warnings: ['ignored "license" (license: Invalid input: expected string, received number)'],
 * });
 * assert.deepEqual(checkManifest({ name: "tools", agents: ["./agents"] }), {
 *   ok: false,
 *   error: 'agents.0: Invalid string: must end with ".md"',
 * });
 * assert.deepEqual(checkManifest({ description: "no name" }), {
 *   ok: false,
 *   error: "name: Invalid input: expected string, received undefined",
 * });
 * ```
 */
export function checkManifest(doc: unknown): ManifestCheck {
  if (!isObject(doc)) return { ok: false, error: "manifest must be an object" };
  const name = doc.name;
  if (typeof name !== "string") return { ok: false, error: `name: ${expected("string", name)}` };
  if (name === "") return { ok: false, error: "name: Plugin name cannot be empty" };
  if (name.includes(" ")) {
    return {
      ok: false,
      error: 'name: Plugin name cannot contain spaces. Use kebab-case (e.g., "my-plugin")',
    };
  }
  if (CONTROL.test(name)) {
    return {
      ok: false,
      error: "name: Plugin name cannot contain control or bidirectional-formatting characters",
    };
  }
  if ("version" in doc && typeof doc.version !== "string") {
    return { ok: false, error: `version: ${expected("string", doc.version)}` };
  }
  for (const f of PATH_FIELDS) {
    if (!(f.key in doc)) continue;
    const v = doc[f.key];
    if (f.object && isObject(v)) continue;
    const e = pathsError(f.key, v, f.check);
    if (e !== undefined) return { ok: false, error: e };
  }
  if ("dependencies" in doc && !Array.isArray(doc.dependencies)) {
    return { ok: false, error: `dependencies: ${expected("array", doc.dependencies)}` };
  }
  const warnings: string[] = [];
  for (const l of LENIENT) {
    if (!(l.key in doc)) continue;
    const e = l.check(doc[l.key]);
    if (e !== undefined) {
      const detail = e.startsWith(`${l.key}.`) ? e : `${l.key}: ${e}`;
      warnings.push(`ignored "${l.key}" (${detail})`);
    }
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
  return { ok: true, manifest, warnings };
}
