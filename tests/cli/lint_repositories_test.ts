/**
 * `lint` at the root of real public plugin repositories (issue 24 point 3, "lint for CI"), on
 * the excerpts of `tests/fixtures/repositories/` (their provenance in its README): each root
 * read as the marketplace or plugin it is, with no `--plugin-dir`; a summary always; only the
 * findings that are real (each checked against Claude Code 2.1.332: the oracle's listing of the
 * whole repository, and `claude plugin validate`), each with its line and column.
 */

import assert from "node:assert/strict";
import { EMPTY_HOME, skald } from "./_run.ts";

const R = "tests/fixtures/repositories";

interface Case {
  /** The repository, and what it pins. */
  name: string;
  /** Its folder under `tests/fixtures/repositories/`. */
  fixture: string;
  env?: Record<string, string>;
  /** Each finding: file (below the fixture), line, column, code, level. */
  findings: [string, number | undefined, number | undefined, string, string][];
  /** The summary's line. */
  summary: string;
  code: number;
}

const CASES: Case[] = [
  {
    name: "anthropics/claude-plugins-official: LSP plugins defined in marketplace.json " +
      "(strict: false, no plugin.json) load; remote entries are one info (was: 12 errors, " +
      "53 --plugin-dir flags)",
    fixture: "claude-plugins-official",
    findings: [[".claude-plugin/marketplace.json", 25, 17, "remote-source", "info"]],
    summary: "checked 0 settings files, 0 skills, 1 command, 3 plugins, 5 marketplace entries " +
      "(2 remote, not read): 0 errors, 0 warnings, 1 info",
    code: 0,
  },
  {
    name: 'anthropics/skills: three entries of source "./" each read their own skills, in ' +
      "place of skills/ (was: nothing read)",
    fixture: "skills",
    findings: [],
    summary: "checked 0 settings files, 17 skills, 0 commands, 3 plugins, 3 marketplace " +
      "entries: 0 errors, 0 warnings, 0 info",
    code: 0,
  },
  {
    name: 'obra/superpowers: a plugin whose marketplace names it as "./" is read once',
    fixture: "superpowers",
    findings: [],
    summary: "checked 0 settings files, 2 skills, 0 commands, 1 plugin, 1 marketplace entry: " +
      "0 errors, 0 warnings, 0 info",
    code: 0,
  },
  {
    name: 'anthropics/claude-code: hookify\'s skill named "Writing Hookify Rules" is listed ' +
      "by its folder alone (oracle g07), on the name's line and column",
    fixture: "claude-code",
    findings: [
      ["plugins/hookify/skills/writing-rules/SKILL.md", 2, 7, "hidden-name", "warning"],
    ],
    summary: "checked 0 settings files, 1 skill, 1 command, 1 plugin, 1 marketplace entry: " +
      "0 errors, 1 warning, 0 info",
    code: 0,
  },
  {
    name: 'laurigates/claude-plugins: "Lightning CSS" is not shown, "UnoCSS" is (oracle n01)',
    fixture: "laurigates-css",
    findings: [["css-plugin/skills/lightning-css/SKILL.md", 2, 7, "hidden-name", "warning"]],
    summary: "checked 0 settings files, 8 skills, 0 commands, 2 plugins, 2 marketplace " +
      "entries: 0 errors, 1 warning, 0 info",
    code: 0,
  },
  {
    name: "laurigates/claude-plugins: the listing over its budget is one finding, whatever " +
      "it cuts (was: 346 identical warnings)",
    fixture: "laurigates-css",
    env: { SLASH_COMMAND_TOOL_CHAR_BUDGET: "200" },
    findings: [
      ["css-plugin/skills/lightning-css/SKILL.md", 2, 7, "hidden-name", "warning"],
      [
        "css-plugin/skills/lightning-css/SKILL.md",
        undefined,
        undefined,
        "listing-budget",
        "warning",
      ],
    ],
    summary: "checked 0 settings files, 8 skills, 0 commands, 2 plugins, 2 marketplace " +
      "entries: 0 errors, 2 warnings, 0 info",
    code: 0,
  },
  {
    name: 'dex-it/claude-code-marketplace: a "homepage" at the marketplace\'s top is a key ' +
      "Claude Code does not know (its own validator agrees), on its line and column",
    fixture: "dex-it",
    findings: [[".claude-plugin/marketplace.json", 9, 3, "manifest-key", "warning"]],
    summary: "checked 0 settings files, 1 skill, 0 commands, 1 plugin, 1 marketplace entry: " +
      "0 errors, 1 warning, 0 info",
    code: 0,
  },
];

type Found = { file: string; line?: number; column?: number; code: string; level: string };

for (const c of CASES) {
  Deno.test(`lint repositories: ${c.name}`, async () => {
    const root = `${R}/${c.fixture}`;
    const args = ["lint", "--root", root, "--home", EMPTY_HOME, "--project-only"];
    const json = await skald([...args, "--json"], { env: c.env });
    assert.equal(json.code, c.code, json.stdout + json.stderr);
    const { findings } = JSON.parse(json.stdout) as { findings: Found[] };
    const prefix = `{{REPO}}/${root}/`;
    assert.deepEqual(
      findings.map((f) => [f.file.replace(prefix, ""), f.line, f.column, f.code, f.level]),
      c.findings,
    );
    const text = await skald(args, { env: c.env });
    assert.equal(text.stdout.trimEnd().split("\n").at(-1), `skald lint: ${c.summary}`);
  });
}

Deno.test("lint repositories: a marketplace finding's place in --format github and sarif", async () => {
  const args = ["lint", "--root", `${R}/dex-it`, "--home", EMPTY_HOME, "--project-only"];
  const github = await skald([...args, "--format", "github"]);
  assert.deepEqual(github.stdout.trimEnd().split("\n"), [
    "::warning file=.claude-plugin/marketplace.json,line=9,col=3,title=skald manifest-key::" +
    'Unknown key "homepage": not known to skald (Claude Code 2.1.332)',
    "::notice title=skald lint::skald lint: checked 0 settings files, 1 skill, 0 commands, " +
    "1 plugin, 1 marketplace entry: 0 errors, 1 warning, 0 info",
  ]);
  const sarif = JSON.parse((await skald([...args, "--format", "sarif"])).stdout);
  const location = sarif.runs[0].results[0].locations[0].physicalLocation;
  assert.deepEqual(location, {
    artifactLocation: { uri: ".claude-plugin/marketplace.json", uriBaseId: "%SRCROOT%" },
    region: { startLine: 9, startColumn: 3 },
  });
  assert.equal(sarif.runs[0].properties.summary.warnings, 1);
});
