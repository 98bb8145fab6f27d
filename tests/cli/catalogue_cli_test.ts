/**
 * `list`, `show`, `prompt`, `activate` and `lint` on the catalogue fixture tree and on
 * `examples/`, compared with golden files.
 */

import assert from "node:assert/strict";
import { summaryText } from "../../lib/cli/lint_report.ts";
import { EMPTY_HOME, golden, skald } from "./_run.ts";

const F = "tests/fixtures/catalogue";
const FIXTURE = [
  "--root",
  `${F}/project`,
  "--home",
  `${F}/home`,
  "--plugin-dir",
  `${F}/plugin`,
  "--skills",
  `${F}/flat`,
];

Deno.test("cli: list shows entries, then shadowed entries with the winner's source, then problems", async () => {
  const r = await skald(["list", ...FIXTURE]);
  assert.equal(r.code, 0, r.stderr);
  await golden("list.txt", r.stdout);
});

Deno.test("cli: list --json prints entries, shadowed and problems with the spec's field names", async () => {
  const r = await skald(["list", "--json", ...FIXTURE]);
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(j), ["entries", "shadowed", "off", "problems"]);
  assert.deepEqual(Object.keys(j.entries[0]), [
    "name",
    "kind",
    "description",
    "dir",
    "file",
    "source",
    "frontmatter",
    "model_invocable",
    "user_invocable",
  ]);
  assert.equal(
    j.entries.find((e: { name: string }) => e.name === "superpowers:plan").plugin_root,
    "{{REPO}}/tests/fixtures/catalogue/plugin",
  );
  await golden("list.json", r.stdout);
});

Deno.test("cli: show prints the fields, frontmatter and body", async () => {
  const r = await skald(["show", ...FIXTURE, "/frontend:component"]);
  assert.equal(r.code, 0, r.stderr);
  await golden("show.txt", r.stdout);
  const json = await skald(["show", "--json", ...FIXTURE, "/frontend:component"]);
  assert.equal(json.code, 0, json.stderr);
  const listed = JSON.parse((await skald(["list", "--json", ...FIXTURE])).stdout).entries
    .find((e: { name: string }) => e.name === "frontend:component");
  const { body, ...entry } = JSON.parse(json.stdout);
  assert.deepEqual(entry, listed, "show --json is the entry list --json prints, with body");
  assert.ok(r.stdout.endsWith(body), "the body show prints");
  const missing = await skald(["show", ...FIXTURE, "nope"]);
  assert.equal(missing.code, 1);
  assert.equal(missing.stderr, 'skald: No skill or command named "nope"\n');
});

Deno.test("cli: prompt prints the system-prompt block; nothing when none is listed", async () => {
  const r = await skald(["prompt", ...FIXTURE]);
  assert.equal(r.code, 0, r.stderr);
  await golden("prompt.txt", r.stdout);
  const empty = await skald([
    "prompt",
    "--root",
    "tests/fixtures/empty-home",
    "--home",
    EMPTY_HOME,
  ]);
  assert.deepEqual([empty.code, empty.stdout], [0, ""]);
  const json = await skald(["prompt", "--json", ...FIXTURE]);
  assert.deepEqual(JSON.parse(json.stdout), { text: r.stdout.replace(/\n$/, "") });
  const none = await skald(["prompt", "--json", "--root", EMPTY_HOME, "--home", EMPTY_HOME]);
  assert.deepEqual([none.code, none.stdout], [0, '{"text":null}\n']);
});

Deno.test("cli: activate announces nested skills and conditional ones a touched file makes available", async () => {
  const r = await skald(["activate", ...FIXTURE, "apps/web/index.js", "src/app.ts"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    "The following skills are available for use with the Skill tool:\n\n" +
      "- webonly: Only in apps/web\n- ts-helper: TypeScript helper\n",
  );
  const none = await skald(["activate", ...FIXTURE, "README.md"]);
  assert.equal(none.stdout, "");
  const json = await skald(["activate", "--json", ...FIXTURE, "apps/web/index.js", "src/app.ts"]);
  const j = JSON.parse(json.stdout);
  assert.deepEqual(Object.keys(j), ["entries", "text"]);
  assert.deepEqual(j.entries.map((e: { name: string }) => e.name), ["webonly", "ts-helper"]);
  assert.equal(j.text + "\n", r.stdout);
  const noneJson = await skald(["activate", "--json", ...FIXTURE, "README.md"]);
  assert.deepEqual(JSON.parse(noneJson.stdout), { entries: [], text: null });
});

Deno.test("cli: lint names file and reason for each finding and exits 4", async () => {
  const r = await skald(["lint", ...FIXTURE]);
  assert.equal(r.code, 4);
  await golden("lint.txt", r.stdout);
  const json = await skald(["lint", "--json", ...FIXTURE]);
  assert.equal(json.code, 4);
  const { findings, summary } = JSON.parse(json.stdout);
  type F = { file: string; line?: number; column?: number; code: string; level: string };
  assert.deepEqual(
    findings.map((f: F & { reason: string }) =>
      `${f.file}${f.line ? `:${f.line}` : ""}${f.column ? `:${f.column}` : ""}: ` +
      `${f.level === "warning" ? "warning: " : ""}${f.reason} [${f.code}]\n`
    ).join("") + summaryText(summary) + "\n",
    r.stdout,
    "the same findings and summary as the text output",
  );
  assert.deepEqual([summary.errors, summary.warnings, summary.infos], [6, 3, 0]);
  for (const f of findings) {
    assert.deepEqual(
      Object.keys(f).filter((k) => k !== "line" && k !== "column"),
      ["file", "code", "kind", "level", "reason"],
    );
  }
  assert.deepEqual(
    [...new Set(findings.map((f: { kind: string }) => f.kind))],
    ["rule", "skill", "shadowed", "allowed-tools"],
  );
});

Deno.test("cli: a --plugin-dir that does not exist fails every command (a typo fails)", async () => {
  for (const cmd of ["lint", "list"]) {
    const r = await skald([cmd, "--json", "--root", F, "--plugin-dir", "/nope"]);
    assert.equal(r.code, 1, cmd);
    assert.deepEqual(JSON.parse(r.stdout), { error: '--plugin-dir "/nope" does not exist' }, cmd);
  }
});

Deno.test("cli: lint reports a settings file that cannot be parsed, with its place, and exits 1", async () => {
  const dir = "tests/fixtures/settings/broken";
  const r = await skald(["lint", "--json", "--root", `${dir}/project`, "--home", `${dir}/home`]);
  assert.equal(r.code, 1);
  const settings = JSON.parse(r.stdout).findings.filter((f: { kind: string }) =>
    f.kind === "settings"
  );
  assert.ok(
    settings.some((f: { file: string; reason: string; code: string; line: number }) =>
      f.file === ".claude/settings.json" && f.reason.startsWith("Cannot parse JSON") &&
      f.code === "not-json" && f.line === 1
    ),
    JSON.stringify(settings),
  );
});

Deno.test("cli: lint on a clean project exits 0 and prints its summary alone", async () => {
  const r = await skald(["lint", "--root", "examples/project", "--home", EMPTY_HOME]);
  assert.deepEqual([r.code, r.stdout, r.stderr], [
    0,
    "skald lint: checked 1 settings file, 1 skill, 2 commands, 0 plugins, 0 marketplace " +
    "entries: 0 errors, 0 warnings, 0 info\n",
    "",
  ]);
});

Deno.test("cli: list on examples/", async () => {
  const r = await skald(["list", "--root", "examples/project", "--home", EMPTY_HOME]);
  assert.equal(r.code, 0, r.stderr);
  await golden("list-examples.txt", r.stdout);
});
