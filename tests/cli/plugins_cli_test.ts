/**
 * The CLI on plugin trees shaped like real public collections (`tests/fixtures/plugins/`, whose
 * Claude Code answers are frozen in `tests/fixtures/oracle/plugins.json`): a plugin at a
 * repository's top, a folder of plugins, a manifest Claude Code rejects, issue 12's minimal
 * trees; `list --json`, `prompt`, `lint`, `show` and `render` end to end.
 */

import assert from "node:assert/strict";
import { EMPTY_HOME, skald } from "./_run.ts";
import { withFixtureCopy } from "../_fixture_copy.ts";

const P = "tests/fixtures/plugins";
const base = ["--root", `${EMPTY_HOME}`, "--home", EMPTY_HOME];
const plugins = (
  ...dirs: string[]
) => [...base, ...dirs.flatMap((d) => ["--plugin-dir", `${P}/${d}`])];
/** `skald render` with the plugins, its commands run in a new empty project (not a fixture). */
const renderIn = (dirs: string[], invocation: string) =>
  withFixtureCopy(
    undefined,
    (root) => skald(["render", ...plugins(...dirs), "--root", root, invocation]),
  );

Deno.test("plugins cli: a folder of plugins lists each plugin with a manifest, in name order; the rest are warnings", async () => {
  const r = await skald(["list", "--json", ...plugins("collection")]);
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(j.entries.map((e: { name: string }) => e.name), [
    "commit:clean_gone",
    "commit:commit-push-pr",
    "commit:commit",
    "flows:scan",
    "review:review-notes",
    "review:review",
    "rules:writing-rules",
  ]);
  assert.equal(j.entries[0].plugin, "commit");
  assert.deepEqual(
    j.problems.map((p: { file: string; level?: string }) => [p.file.split("/").at(-1), p.level]),
    [["lsp-only", "warning"], ["no-manifest", "warning"]],
  );
});

Deno.test("plugins cli: prompt leaves out a plugin's entries without a frontmatter description (issue 12, point 1)", async () => {
  const r = await skald(["prompt", ...plugins("nodesc", "collection")]);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n").slice(1);
  assert.deepEqual(lines, [
    "- nd:c: C is described",
    "- commit:clean_gone: Clean up branches whose remote is gone",
    "- commit:commit-push-pr: Commit, push, and open a PR",
    "- commit:commit: Create a git commit",
    "- flows:scan: Scan the code",
    "- review:review: Code review a pull request",
    "- rules:writing-rules: Use when the user asks to write a hook rule",
  ]);
  // Still there for the user and the Skill tool.
  const show = await skald(["show", "--json", ...plugins("nodesc"), "nd:b"]);
  assert.equal(JSON.parse(show.stdout).model_invocable, true);
});

Deno.test("plugins cli: a rejected manifest drops the plugin and lint says why (point 3)", async () => {
  const list = await skald(["list", "--json", ...plugins("rejected")]);
  assert.deepEqual(JSON.parse(list.stdout).entries, []);
  const lint = await skald(["lint", "--json", ...plugins("rejected")]);
  assert.equal(lint.code, 4);
  assert.deepEqual(JSON.parse(lint.stdout).findings, [{
    file: `{{REPO}}/${P}/rejected/.claude-plugin/plugin.json`,
    // The value the message names: agents[0], line 6, column 5.
    line: 6,
    column: 5,
    code: "bad-manifest",
    kind: "skill",
    level: "error",
    reason:
      'The plugin is not loaded: invalid manifest: agents.0: Invalid string: must end with ".md"',
  }]);
});

Deno.test("plugins cli: inside a plugin the command wins, and lint names both files (point 2)", async () => {
  const render = await renderIn(["same-name"], "/p:x U");
  assert.equal(render.stdout, "COMMAND X U\n");
  const lint = await skald(["lint", ...plugins("same-name")]);
  assert.equal(lint.code, 4);
  assert.equal(
    lint.stdout,
    `{{REPO}}/${P}/same-name/skills/x/SKILL.md: /p:x from plugin p (skills/x/SKILL.md) is ` +
      "shadowed by the one from plugin p (commands/x.md) [shadowed]\n" +
      "skald lint: checked 0 settings files, 0 skills, 1 command, 1 plugin, 0 marketplace " +
      "entries: 1 error, 0 warnings, 0 info\n",
  );
});

Deno.test("plugins cli: ${CLAUDE_PLUGIN_ROOT} in allowed-tools lets the plugin's script run (point 4)", async () => {
  const r = await renderIn(["plugin-root"], "/pr:hi world");
  assert.equal(r.stderr, "");
  assert.equal(r.stdout, "Say: hello world\n");
});

Deno.test("plugins cli: a failing command's message puts [stderr] before its output (point 7)", async () => {
  const r = await renderIn(["plugin-root"], "/pr:fail");
  assert.equal(r.code, 1);
  assert.equal(
    r.stderr,
    `skald: Shell command failed for pattern "!\`{{REPO}}/${P}/plugin-root/bin/hello.sh fail\`": ` +
      "[stderr]\ncannot greet\n",
  );
});

Deno.test("plugins cli: show and render name the qualified entries a bare name matches (point 8)", async () => {
  const show = await skald(["show", ...plugins("marketplace-root"), "brainstorming"]);
  assert.deepEqual([show.code, show.stderr], [
    1,
    'skald: No skill or command named "brainstorming". Did you mean powers:brainstorming?\n',
  ]);
  const render = await renderIn(["marketplace-root", "same-name"], "/x");
  assert.equal(render.stderr, 'skald: Unknown skill or command "/x". Did you mean /p:x?\n');
  const none = await skald(["show", ...plugins("marketplace-root"), "nothing"]);
  assert.equal(none.stderr, 'skald: No skill or command named "nothing"\n');
});

Deno.test("plugins cli: lint warns once for the descriptions the budget drops and still passes (point 5; issue 24: one finding per cause)", async () => {
  const r = await skald(["lint", "--json", ...plugins("marketplace-root")], {
    env: { SLASH_COMMAND_TOOL_CHAR_BUDGET: "100" },
  });
  assert.equal(r.code, 0, r.stdout);
  const findings = JSON.parse(r.stdout).findings;
  assert.deepEqual(findings.map((f: { code: string; level: string }) => [f.code, f.level]), [
    // The real plugin's "description: Use before any creative work: explore ..." is not YAML
    // (a colon in a plain value); Claude Code reads it line by line.
    ["lenient-yaml", "warning"],
    ["listing-budget", "warning"],
  ]);
  assert.match(
    findings[1].reason,
    /^The model's listing is over its budget \(\d+ of 100 columns.*\): 2 of 2 descriptions are left out \(\/powers:brainstorming, \/powers:writing-plans\)$/,
  );
  const prompt = await skald(["prompt", ...plugins("marketplace-root")], {
    env: { SLASH_COMMAND_TOOL_CHAR_BUDGET: "100" },
  });
  assert.deepEqual(prompt.stdout.trimEnd().split("\n").slice(1), [
    "- powers:brainstorming",
    "- powers:writing-plans",
  ]);
});

Deno.test("plugins cli: a rule on a Claude Code tool skald does not decide is no lint finding in allowed-tools; an unknown tool a warning (point 6)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/.claude/commands`, { recursive: true });
    await Deno.writeTextFile(
      `${dir}/.claude/commands/go.md`,
      "---\nallowed-tools: Workflow, CronCreate, ToolSearch, SendMessage, EnterWorktree, Frob\n---\nGo\n",
    );
    const r = await skald(["lint", "--json", "--root", dir, "--home", EMPTY_HOME]);
    assert.equal(r.code, 0, r.stdout);
    assert.deepEqual(
      JSON.parse(r.stdout).findings.map((
        f: { level: string; reason: string },
      ) => [f.level, f.reason]),
      [[
        "warning",
        'allowed-tools: "Frob": Claude Code 2.1.332 has no tool "Frob"; it accepts the rule, which matches nothing',
      ]],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** `lint --json` findings as [file below the fixture folder, code, level]. */
const brief = (stdout: string) =>
  JSON.parse(stdout).findings.map((f: { file: string; code: string; level: string }) => [
    f.file.replace(`{{REPO}}/${P}/manifests/`, ""),
    f.code,
    f.level,
  ]);

Deno.test("plugins cli: every plugin.json key Claude Code 2.1.332 knows passes lint; an unknown one is a warning (REPORT 4.1)", async () => {
  const r = await skald([
    "lint",
    "--json",
    ...plugins("manifests/every-key", "manifests/needs-nothing"),
  ]);
  assert.equal(r.code, 0, r.stdout);
  const findings = JSON.parse(r.stdout).findings;
  assert.deepEqual(brief(r.stdout), [
    ["every-key/.claude-plugin/plugin.json", "manifest-key", "warning"],
    ["every-key/.claude-plugin/plugin.json", "engine-range", "warning"],
  ]);
  // Only `category` (g01 #14's `foo`, oracle m28's `category`: stripped, the plugin loads).
  assert.equal(
    findings[0].reason,
    'Unknown key "category": not known to skald (Claude Code 2.1.332)',
  );
  assert.ok(!r.stdout.includes("ignores it"), r.stdout);
  // g01 #8: a range that leaves out 2.1.332 still loads from a local folder.
  assert.equal(
    findings[1].reason,
    'engines["claude-code"] is ">=99.0.0": Claude Code 2.1.332 is outside it, and loads the ' +
      "plugin anyway, because it reads it from a local folder",
  );
  const list = await skald([
    "list",
    "--json",
    ...plugins("manifests/every-key", "manifests/needs-nothing"),
  ]);
  assert.deepEqual(JSON.parse(list.stdout).entries.map((e: { name: string }) => e.name), [
    "every-key:fmt",
    "every-key:lint",
    "needs-nothing:hello",
  ]);
});

Deno.test("plugins cli: a plugin whose required dependency is missing is not loaded, and lint says why (g01 #12)", async () => {
  // The same plugin as above, without the plugin its `dependencies` names.
  const r = await skald(["lint", "--json", ...plugins("manifests/every-key")]);
  assert.equal(r.code, 4, r.stdout);
  assert.deepEqual(brief(r.stdout), [
    ["every-key/.claude-plugin/plugin.json", "manifest-key", "warning"],
    ["every-key/.claude-plugin/plugin.json", "missing-dependency", "error"],
  ]);
  assert.equal(
    JSON.parse(r.stdout).findings[1].reason,
    'The plugin is not loaded: its dependency "needs-nothing" is not installed (nor given ' +
      'with --plugin-dir) (Claude Code loads a plugin only with every plugin of its "dependencies")',
  );
  const list = await skald(["list", "--json", ...plugins("manifests/every-key")]);
  assert.deepEqual(JSON.parse(list.stdout).entries, []);
});

Deno.test("plugins cli: a skills path out of the plugin is an error; a folder of plugins checks each one's dependencies (REPORT 4.1)", async () => {
  const r = await skald(["lint", "--json", ...plugins("manifests")]);
  assert.equal(r.code, 4, r.stdout);
  assert.deepEqual(brief(r.stdout), [
    ["every-key/.claude-plugin/plugin.json", "manifest-key", "warning"],
    ["needs-other/.claude-plugin/plugin.json", "skills-path", "error"],
    ["needs-other/.claude-plugin/plugin.json", "missing-dependency", "error"],
    ["every-key/.claude-plugin/plugin.json", "engine-range", "warning"],
  ]);
  assert.equal(
    JSON.parse(r.stdout).findings[1].reason,
    'Skills path "./../needs-nothing" leaves the plugin folder: no skill is read from it',
  );
});
