/**
 * `plugin.json` checked as Claude Code 2.1.332 checks it: each case's message is the one its
 * debug log gave for the same manifest ("Validation errors: ...", "ignored ... the plugin still
 * loads"); which plugins load at all is held against the oracle in `oracle_plugins_test.ts`
 * ("point 3: manifests Claude Code rejects or accepts").
 */

import assert from "node:assert/strict";
import { checkManifest } from "../../lib/skills/manifest.ts";

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
];
for (const c of REJECTED) {
  Deno.test(`manifest: rejected: ${c.name}`, () => {
    assert.deepEqual(checkManifest(c.doc), { ok: false, error: c.error });
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
    name: "unknown keys ($schema, category)",
    doc: { $schema: "https://x", name: "p", category: "x", foo: 1 },
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
