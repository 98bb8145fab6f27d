/**
 * `plugin.json` checked as Claude Code 2.1.332 checks it: each case's message is the one its
 * debug log gave for the same manifest ("Validation errors: ...", "ignored ... the plugin still
 * loads"); which plugins load at all is held against the oracle in `oracle_plugins_test.ts`
 * ("point 3: manifests Claude Code rejects or accepts") and `oracle_manifests_test.ts` (g01,
 * g02). The keys it knows, and what a wrong value of each does, are read out of its schema
 * (`chunk-46gfqyds.js`, `ot`; `vNe` in `chunk-bqhgd24a.js`; the findings' REPORT 4.1): cases
 * marked [source] were read there, not run.
 */

import assert from "node:assert/strict";
import { checkManifest } from "../../lib/skills/manifest.ts";
import { isManifestKey, MANIFEST_KEYS } from "../../lib/skills/manifest_keys.ts";

const REJECTED: { name: string; doc: unknown; error: string }[] = [
  {
    name: "agents names a directory",
    doc: { name: "p", agents: ["./agents"] },
    error: 'agents.0: Invalid string: must end with ".md"',
  },
  {
    name: "agents without ./",
    doc: { name: "p", agents: ["agents/x.md"] },
    error: 'agents.0: Invalid string: must start with "./"',
  },
  {
    name: "commands without ./",
    doc: { name: "p", commands: ["commands/c.md"] },
    error: 'commands.0: Invalid string: must start with "./"',
  },
  { name: "commands a number", doc: { name: "p", commands: 5 }, error: "commands: Invalid input" },
  {
    name: "skills without ./",
    doc: { name: "p", skills: ["skills"] },
    error: 'skills.0: Invalid string: must start with "./"',
  },
  {
    name: "hooks without ./",
    doc: { name: "p", hooks: "hooks.json" },
    error: 'hooks: Invalid string: must start with "./"',
  },
  {
    name: "outputStyles without ./",
    doc: { name: "p", outputStyles: "styles" },
    error: 'outputStyles: Invalid string: must start with "./"',
  },
  {
    name: "mcpServers a number",
    doc: { name: "p", mcpServers: 5 },
    error: "mcpServers: Invalid input",
  },
  {
    name: "no name",
    doc: { description: "x" },
    error: "name: Invalid input: expected string, received undefined",
  },
  {
    name: "an empty object",
    doc: {},
    error: "name: Invalid input: expected string, received undefined",
  },
  {
    name: "name with a space",
    doc: { name: "p x" },
    error: 'name: Plugin name cannot contain spaces. Use kebab-case (e.g., "my-plugin")',
  },
  { name: "empty name", doc: { name: "" }, error: "name: Plugin name cannot be empty" },
  {
    name: "name a number",
    doc: { name: 5 },
    error: "name: Invalid input: expected string, received number",
  },
  {
    name: "name with a control character",
    doc: { name: "p\u0007" },
    error: "name: Plugin name cannot contain control or bidirectional-formatting characters",
  },
  {
    name: "version a number",
    doc: { name: "p", version: 1 },
    error: "version: Invalid input: expected string, received number",
  },
  {
    name: "version null",
    doc: { name: "p", version: null },
    error: "version: Invalid input: expected string, received null",
  },
  { name: "an array", doc: [], error: "manifest must be an object" },
  {
    name: "[source] defaultEnabled a string",
    doc: { name: "p", defaultEnabled: "yes" },
    error: "defaultEnabled: Invalid input: expected boolean, received string",
  },
  {
    name: "[source] dependencies not a list",
    doc: { name: "p", dependencies: "other" },
    error: "dependencies: Invalid input: expected array, received string",
  },
  {
    name: "[source] dependencies with a name that is no plugin name",
    doc: { name: "p", dependencies: ["ok", "not a name"] },
    error:
      "dependencies.1: Dependency must be a plugin name, optionally qualified with @marketplace",
  },
  {
    name: "[source] dependencies with a number",
    doc: { name: "p", dependencies: [42] },
    error: "dependencies.0: Invalid input",
  },
  {
    name: "[source] workflows without ./",
    doc: { name: "p", workflows: "workflows" },
    error: 'workflows: Invalid string: must start with "./"',
  },
  {
    name: "[source] channels not a list",
    doc: { name: "p", channels: { server: "s" } },
    error: "channels: Invalid input: expected array, received object",
  },
  {
    name: "[source] a channel without its server",
    doc: { name: "p", channels: [{ displayName: "T" }] },
    error: "channels.0.server: Invalid input: expected string, received undefined",
  },
  {
    name: "[source] a channel with a key it does not have (strict)",
    doc: { name: "p", channels: [{ server: "s", color: "red" }] },
    error: 'channels.0: Unrecognized key: "color"',
  },
  {
    name: "[source] monitors a file that is not .json",
    doc: { name: "p", monitors: "./monitors.yaml" },
    error: 'monitors: Invalid string: must end with ".json"',
  },
  {
    name: "[source] settings a list",
    doc: { name: "p", settings: [] },
    error: "settings: Invalid input: expected record, received array",
  },
  {
    name: "[source] types not a .d.ts",
    doc: { name: "p", types: "./types.ts" },
    error: "types: types must name a TypeScript declaration file ending in '.d.ts'",
  },
  {
    name: "[source] types out of the plugin",
    doc: { name: "p", types: "./x/../../t.d.ts" },
    error: "types: types must stay inside the plugin directory (no '..' segment)",
  },
  {
    name: "[source] userConfig with a key that is no identifier",
    doc: { name: "p", userConfig: { "1st": { type: "string", title: "t", description: "d" } } },
    error: "userConfig.1st: Option keys must be valid identifiers (letters, digits, " +
      "underscore; no leading digit) \u2014 they become CLAUDE_PLUGIN_OPTION_<KEY> env vars in hooks",
  },
  {
    name: "[source] hooks a list with a number",
    doc: { name: "p", hooks: ["./h.json", { PreToolUse: [] }, 5] },
    error: "hooks.2: Invalid input",
  },
  {
    name: "[source] mcpServers a path that is no .json or MCPB file",
    doc: { name: "p", mcpServers: "./servers" },
    error: "mcpServers: Invalid input",
  },
  {
    name: "[source] lspServers a path that is no .json file",
    doc: { name: "p", lspServers: ["./lsp"] },
    error: 'lspServers.0: Invalid string: must end with ".json"',
  },
  {
    name: "commands a list holding a map (only the whole value may be one)",
    doc: { name: "p", commands: [{ about: { source: "./c.md" } }] },
    error: "commands.0: Invalid input",
  },
];
for (const c of REJECTED) {
  Deno.test(`manifest: rejected: ${c.name}`, () => {
    const r = checkManifest(c.doc);
    assert.ok(!r.ok);
    assert.equal(r.error, c.error);
    // The place (lint's line and column) is the value the message names: `agents.0: ...`.
    const named = /^([\w$.]+): /.exec(c.error)?.[1];
    assert.equal(r.path.join("."), named ?? "");
  });
}

const LOADED: { name: string; doc: Record<string, unknown>; warnings: string[] }[] = [
  {
    name: "description a number",
    doc: { name: "p", description: 5 },
    warnings: [
      'ignored "description" (description: Invalid input: expected string, received number)',
    ],
  },
  {
    name: "author a string",
    doc: { name: "p", author: "Someone" },
    warnings: ['ignored "author" (author: Invalid input: expected object, received string)'],
  },
  {
    name: "author without a name",
    doc: { name: "p", author: { email: "a@b" } },
    warnings: [
      'ignored "author" (author.name: Invalid input: expected string, received undefined)',
    ],
  },
  {
    name: "homepage not a URL",
    doc: { name: "p", homepage: "not a url" },
    warnings: ['ignored "homepage" (homepage: Invalid URL)'],
  },
  {
    name: "repository an object (npm's shape)",
    doc: { name: "p", repository: { type: "git", url: "u" } },
    warnings: [
      'ignored "repository" (repository: Invalid input: expected string, received object)',
    ],
  },
  {
    name: "keywords a string",
    doc: { name: "p", keywords: "a,b" },
    warnings: ['ignored "keywords" (keywords: Invalid input: expected array, received string)'],
  },
  {
    name: "license a number",
    doc: { name: "p", license: 1 },
    warnings: ['ignored "license" (license: Invalid input: expected string, received number)'],
  },
  {
    name: "unknown keys beside $schema (category, foo: oracle m28, g01 #14)",
    doc: { $schema: "https://x", name: "p", category: "x", foo: 1 },
    warnings: [],
  },
  {
    name: "[source] $schema a number (in the set Claude Code drops with a warning)",
    doc: { name: "p", $schema: 5 },
    warnings: ['ignored "$schema" ($schema: Invalid input: expected string, received number)'],
  },
  {
    name: "engines of any shape (g01 #8-#11; a wrong shape reads as none)",
    doc: { name: "p", engines: "claude-code >=2" },
    warnings: [],
  },
  {
    name: "optionalDependencies with an invalid entry (g01 #14: filtered, the plugin loads)",
    doc: { name: "p", optionalDependencies: [42, "x"] },
    warnings: [],
  },
  {
    name: "[source] optionalDependencies not a list (read as none)",
    doc: { name: "p", optionalDependencies: "x" },
    warnings: [],
  },
  {
    name: "[source] metadata, network, binaries, experimental of a wrong shape (read as none)",
    doc: { name: "p", metadata: 5, network: "x", binaries: 5, experimental: [] },
    warnings: [],
  },
  {
    name: "[source] mcpServers an MCPB bundle by URL",
    doc: { name: "p", mcpServers: "https://x.example/s.mcpb" },
    warnings: [],
  },
  {
    name: "[source] mcpServers a list of a file, a bundle and servers by name",
    doc: { name: "p", mcpServers: ["./.mcp.json", "./s.dxt", { srv: { command: "x" } }] },
    warnings: [],
  },
  {
    name: "hooks a list of a file and an object",
    doc: { name: "p", hooks: ["./h.json", {}] },
    warnings: [],
  },
  {
    name: "monitors a list of monitors",
    doc: { name: "p", monitors: [{ name: "m" }] },
    warnings: [],
  },
  { name: "agents one .md file", doc: { name: "p", agents: "./agents/x.md" }, warnings: [] },
  { name: "commands a directory", doc: { name: "p", commands: "./commands" }, warnings: [] },
  {
    name: "commands a map of names",
    doc: { name: "p", commands: { about: { source: "./c.md" } } },
    warnings: [],
  },
  { name: "skills the plugin root", doc: { name: "p", skills: "." }, warnings: [] },
  { name: "hooks an object", doc: { name: "p", hooks: { NotAnEvent: [] } }, warnings: [] },
  { name: "a name with dots and capitals", doc: { name: "m.Up_v" }, warnings: [] },
];
for (const c of LOADED) {
  Deno.test(`manifest: loads: ${c.name}`, () => {
    const r = checkManifest(c.doc);
    assert.ok(r.ok, JSON.stringify(r));
    assert.equal(r.manifest.name, c.doc.name);
    assert.deepEqual(r.warnings, c.warnings);
  });
}

/**
 * Every key of Claude Code 2.1.332's `plugin.json` schema (REPORT 4.1, `ot` in
 * `chunk-46gfqyds.js`), each with a value of the right shape: the plugin loads, with no
 * warning and no key reported unknown (lint's `manifest-key`).
 */
const KNOWN: Record<string, unknown> = {
  $schema: "https://json.schemastore.org/claude-code-plugin.json",
  name: "p",
  displayName: "Nice Name",
  version: "1.2.3",
  description: "d",
  author: { name: "A", email: "a@b.c", url: "https://a.example" },
  homepage: "https://p.example",
  repository: "https://github.com/a/p",
  license: "MIT",
  keywords: ["a", "b"],
  defaultEnabled: false,
  dependencies: ["other", "tools@mk", "pinned@mk@^1.2.0", { name: "obj", marketplace: "mk" }],
  optionalDependencies: ["extra"],
  metadata: { catalog: "x" },
  engines: { "claude-code": ">=2.1.0", node: ">=20" },
  network: { hosts: ["api.example.com"] },
  hooks: "./hooks/extra.json",
  commands: ["./commands/a.md", "./skills/b"],
  agents: ["./agents/x.md"],
  skills: [".", "./extra"],
  outputStyles: "./styles",
  themes: ["./themes"],
  workflows: "./flows",
  channels: [{ server: "telegram", displayName: "Telegram", userConfig: {} }],
  mcpServers: { srv: { command: "x" } },
  lspServers: "./.lsp.json",
  monitors: "./monitors/monitors.json",
  settings: { agent: "x" },
  types: "./types/index.d.ts",
  userConfig: { API_KEY: { type: "string", title: "Key", description: "k", sensitive: true } },
  binaries: { "tool-x86_64-linux": { sha256: "0".repeat(64) } },
  experimental: { themes: "./themes", evals: "./evals" },
};

Deno.test("manifest: every key Claude Code 2.1.332 knows is read, none reported unknown", () => {
  const r = checkManifest(KNOWN);
  assert.ok(r.ok, JSON.stringify(r));
  assert.deepEqual([r.warnings, r.unknownKeys], [[], []]);
  // The table is the schema's key list, in its order, and the cases above cover each key.
  assert.deepEqual(MANIFEST_KEYS.map((k) => k.key), Object.keys(KNOWN));
  for (const k of Object.keys(KNOWN)) assert.ok(isManifestKey(k), k);
});

const UNKNOWN: { name: string; doc: Record<string, unknown>; unknown: string[] }[] = [
  {
    name: "g01 #14: foo (stripped, the plugin loads)",
    doc: { name: "p", foo: 1 },
    unknown: ["foo"],
  },
  {
    name: "oracle m28: category beside foo, in the manifest's order",
    doc: { name: "p", foo: 1, category: "x" },
    unknown: ["foo", "category"],
  },
  {
    name: "a key of a marketplace entry is not a plugin.json key",
    doc: { name: "p", strict: false, source: "./p" },
    unknown: ["strict", "source"],
  },
  { name: "a key's case matters", doc: { name: "p", Engines: {} }, unknown: ["Engines"] },
  {
    name: "__proto__ as a key",
    doc: JSON.parse('{"name":"p","__proto__":1}'),
    unknown: ["__proto__"],
  },
  {
    name: "known keys only",
    doc: { name: "p", engines: {}, optionalDependencies: [] },
    unknown: [],
  },
];
for (const c of UNKNOWN) {
  Deno.test(`manifest: unknown keys: ${c.name}`, () => {
    const r = checkManifest(c.doc);
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(r.unknownKeys, c.unknown);
  });
}

const READ: { name: string; doc: Record<string, unknown>; manifest: Record<string, unknown> }[] = [
  {
    name: "engines: only claude-code is read (g01 #11: node alone is nothing)",
    doc: { name: "p", engines: { node: ">=99" } },
    manifest: { name: "p" },
  },
  {
    name: "engines: claude-code as written, even when it is no range (g01 #10)",
    doc: { name: "p", engines: { "claude-code": "not a range", node: ">=99" } },
    manifest: { name: "p", claudeCodeRange: "not a range" },
  },
  {
    name: "engines: claude-code that is not text is kept, for lint to say so",
    doc: { name: "p", engines: { "claude-code": 2 } },
    manifest: { name: "p", claudeCodeRange: 2 },
  },
  {
    name: "dependencies: names, a version range dropped, an object joined",
    doc: { name: "p", dependencies: ["a", "b@mk", "c@mk@^1.0.0", { name: "d", marketplace: "m" }] },
    manifest: { name: "p", dependencies: ["a", "b@mk", "c@mk", "d@m"] },
  },
  {
    name: "optionalDependencies: invalid entries left out (g01 #14)",
    doc: { name: "p", optionalDependencies: [42, "x", "not a name"] },
    manifest: { name: "p", optionalDependencies: ["x"] },
  },
  {
    name: "a plugin in both lists is required",
    doc: { name: "p", dependencies: ["x"], optionalDependencies: ["x", "y"] },
    manifest: { name: "p", dependencies: ["x"], optionalDependencies: ["y"] },
  },
];
for (const c of READ) {
  Deno.test(`manifest: read: ${c.name}`, () => {
    const r = checkManifest(c.doc);
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(r.manifest, c.manifest);
  });
}
