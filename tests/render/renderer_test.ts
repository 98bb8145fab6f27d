/**
 * The renderer (`spec/slash-command.txt`), steps 1 and 2 and the options, sentence by sentence,
 * with a recording runner; step 3 is in `tests/render/renderer_files_test.ts`, and
 * `tests/render/parallel_test.ts` runs real commands.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import {
  allowedToolRules,
  DISABLED_TEXT,
  Renderer,
  type Runner,
} from "../../lib/render/renderer.ts";
import { testEnv } from "../_env.ts";
import { attacher, entry, recorder, renderer } from "./_renderer_fixtures.ts";

Deno.test("render: ARGUMENTS: <args> appended after a blank line when no placeholder is used", async () => {
  const { r } = renderer({});
  const res = await r.render({ entry: entry(), body: "Plain body.\n", arguments: "a b" });
  assert.equal(res.text, "Plain body.\n\n\nARGUMENTS: a b");
  assert.deepEqual(res.arguments, ["a", "b"]);
});

Deno.test("render: no ARGUMENTS: line without arguments", async () => {
  const { r } = renderer({});
  assert.equal((await r.render({ entry: entry(), body: "Plain.\n" })).text, "Plain.\n");
});

Deno.test("render: a placeholder whose index has no argument still counts as used (spec over Claude Code)", async () => {
  const { r } = renderer({});
  const res = await r.render({ entry: entry(), body: "X=$ARGUMENTS[3] Y=$5", arguments: "a b" });
  assert.equal(res.text, "X=$ARGUMENTS[3] Y=$5");
});

Deno.test("render: a skill's text starts with its base directory and a blank line; a command's does not", async () => {
  const { r } = renderer({});
  const skill = entry({ kind: "skill", name: "pdf", dir: "/proj/.claude/skills/pdf" });
  assert.equal(
    (await r.render({ entry: skill, body: "Body" })).text,
    "Base directory for this skill: /proj/.claude/skills/pdf\n\nBody",
  );
  assert.equal((await r.render({ entry: entry(), body: "Body" })).text, "Body");
});

Deno.test("shell: an allowed command runs and its output replaces the placeholder", async () => {
  const { r, ran } = renderer({ allow: ["Bash(git log:*)"] });
  const res = await r.render({ entry: entry(), body: "Log:\n!`git log -1`\nEnd" });
  assert.deepEqual(ran, ["git log -1"]);
  assert.equal(res.text, "Log:\nout(git log -1)\nEnd");
  assert.deepEqual(res.commands, [{
    command: "git log -1",
    verdict: "allow",
    reason: "Allowed by Bash(git log:*) from s",
    exitCode: 0,
  }]);
});

Deno.test("shell: placeholders inside a command are expanded; the value is part of the checked command", async () => {
  const { r, ran } = renderer({ allow: ["Bash(git log:*)"] });
  await r.render({ entry: entry(), body: "!`git log -- $ARGUMENTS`", arguments: "src/a.ts" });
  assert.deepEqual(ran, ["git log -- src/a.ts"]);
});

Deno.test("shell: an argument value holding !`x` never runs", async () => {
  const { r, ran } = renderer({ allow: ["Bash"] });
  const res = await r.render({
    entry: entry(),
    body: "Say $ARGUMENTS",
    arguments: "!`touch pwned`",
  });
  assert.deepEqual(ran, []);
  assert.equal(res.text, "Say !`touch pwned`");
});

Deno.test("shell: command output is never scanned again (no commands, no placeholders)", async () => {
  const policy = new Policy({
    sources: [{ label: "s", scope: "project", allow: ["Bash(gen:*)"] }],
    env: testEnv(),
  });
  const rec = recorder({ gen: { exitCode: 0, output: "!`touch pwned` $ARGUMENTS @notes.txt" } });
  const r = new Renderer({
    root: "/proj",
    policy,
    runner: rec.runner,
    files: attacher({ "/proj/notes.txt": "n" }),
  });
  const res = await r.render({ entry: entry(), body: "!`gen`", arguments: "a", attachFiles: true });
  assert.deepEqual(rec.ran, ["gen"]);
  assert.equal(res.text, "!`touch pwned` $ARGUMENTS @notes.txt\n\nARGUMENTS: a");
  assert.deepEqual(res.filesRead, []);
});

Deno.test("shell: without allow, a command is refused: the render aborts with reason and pattern, nothing runs", async () => {
  const { r, ran } = renderer({});
  const res = await r.render({
    entry: entry(),
    body: 'ECHO: !`echo hi`\nNODE: !`node -e "console.log(6*7)"`\n',
  });
  assert.equal(res.text, undefined);
  assert.match(
    res.error ?? "",
    /^Shell command permission check failed for pattern "!`node -e "console\.log\(6\*7\)"`": /,
  );
  assert.deepEqual(ran, []);
});

Deno.test("shell: allowed-tools are granted while checking, and never left on the policy", async () => {
  const { r, ran, policy } = renderer({});
  const e = entry({ frontmatter: { "allowed-tools": "Bash(echo:*), Bash(node:*)" } });
  const res = await r.render({ entry: e, body: "!`echo hi` !`node -v`" });
  assert.equal(res.error, undefined);
  assert.deepEqual(ran, ["echo hi", "node -v"]);
  assert.equal(
    res.commands[1]?.reason,
    "Allowed by Bash(node:*) from /review allowed-tools",
    "the run rules carry grant_source",
  );
  assert.equal(policy.runRules.length, 0);
  const refused = await r.render({ entry: e, body: "!`echo hi` !`curl x`" });
  assert.match(refused.error ?? "", /curl x/);
  assert.equal(policy.runRules.length, 0, "the grant is taken out after a refusal too");
});

Deno.test("shell: deny and ask rules still win over allowed-tools", async () => {
  const { r, ran } = renderer({ deny: ["Bash(node:*)"], ask: ["Bash(echo secret:*)"] });
  const e = entry({ frontmatter: { "allowed-tools": ["Bash(node:*)", "Bash(echo:*)"] } });
  assert.match(
    (await r.render({ entry: e, body: "!`node -v`" })).error ?? "",
    /Denied by Bash\(node:\*\)/,
  );
  assert.match(
    (await r.render({ entry: e, body: "!`echo secret x`" })).error ?? "",
    /Needs approval/,
  );
  assert.deepEqual(ran, []);
});

Deno.test("shell: every command is checked before the first runs: a refused second leaves no trace of the first", async () => {
  const { r, ran } = renderer({ allow: ["Bash(touch:*)"] });
  const res = await r.render({ entry: entry(), body: "!`touch made.txt`\n!`mytool --danger`" });
  assert.ok(res.error);
  assert.equal(
    res.error,
    `Shell command permission check failed for pattern "!\`mytool --danger\`": ` +
      res.commands[1]?.reason,
  );
  assert.deepEqual(ran, []);
  assert.deepEqual(res.commands.map((c) => c.verdict), ["allow", "ask"]);
});

Deno.test("shell: read-only commands need no allowed-tools (oracle)", async () => {
  const { r, ran } = renderer({});
  const res = await r.render({ entry: entry(), body: "!`echo hi` and !`pwd`" });
  assert.equal(res.error, undefined);
  assert.deepEqual(ran, ["echo hi", "pwd"]);
});

Deno.test("shell: the validator gate is asked after the policy", async () => {
  const asked: [string, string][] = [];
  const { r, ran } = renderer({ allow: ["Bash"] }, {
    validator: (c, root) => {
      asked.push([c, root]);
      return c.includes("danger") ? "looks dangerous" : true;
    },
  });
  const res = await r.render({ entry: entry(), body: "!`safe` !`danger`" });
  assert.equal(res.error, 'Command refused for pattern "!`danger`": looks dangerous');
  assert.deepEqual(ran, []);
  assert.equal(res.commands[1]?.verdict, "refused");
  assert.deepEqual(asked, [["safe", "/proj"], ["danger", "/proj"]], "called as (command, root)");
  const { r: strict } = renderer({ deny: ["Bash(danger)"] }, {
    validator: (c, root) => {
      asked.push([c, root]);
      return true;
    },
  });
  asked.length = 0;
  await strict.render({ entry: entry(), body: "!`danger`" });
  assert.deepEqual(asked, [], "a command the policy refuses never reaches the gate");
});

Deno.test("shell: a non-zero exit aborts with the output", async () => {
  const policy = new Policy({
    sources: [{ label: "s", scope: "project", allow: ["Bash"] }],
    env: testEnv(),
  });
  const rec = recorder({
    "ls missing-dir": { exitCode: 2, output: "ls: cannot access 'missing-dir'" },
  });
  const r = new Renderer({ root: "/proj", policy, runner: rec.runner, files: attacher({}) });
  const res = await r.render({ entry: entry(), body: "LS: !`ls missing-dir`" });
  assert.equal(
    res.error,
    // Claude Code: the output after a "[stderr]" line (oracle R21, plugin_renders.json f1-f6).
    `Shell command failed for pattern "!\`ls missing-dir\`": [stderr]\nls: cannot access 'missing-dir'`,
  );
  assert.equal(res.commands[0]?.exitCode, 2);
});

const EXIT_ONE: { input: string; expected: boolean }[] = [
  { input: "grep x f", expected: true },
  { input: "egrep x f", expected: true },
  { input: "fgrep x f", expected: true },
  { input: "rg x", expected: true },
  { input: "diff a b", expected: true },
  { input: "cmp a b", expected: true },
  { input: "test -f x", expected: true },
  { input: "[ -f x ]", expected: true },
  { input: "git diff | grep x", expected: true },
  { input: "false", expected: false },
  { input: "grep x f | cat", expected: false },
  { input: "LC_ALL=C grep x f", expected: true },
  { input: "/usr/bin/grep x f", expected: true },
  { input: "cat $(grep -l x .)", expected: false },
];

for (const { input: command, expected: fine } of EXIT_ONE) {
  Deno.test(`shell: exit 1 of ${JSON.stringify(command)} ${fine ? "does not abort" : "aborts"}`, async () => {
    const policy = new Policy({
      sources: [{ label: "s", scope: "project", allow: ["Bash"] }],
      env: testEnv(),
    });
    const rec = recorder({ [command]: { exitCode: 1, output: "" } });
    const r = new Renderer({ root: "/proj", policy, runner: rec.runner, files: attacher({}) });
    const res = await r.render({ entry: entry(), body: `[ !\`${command}\`]` });
    assert.equal(res.error === undefined, fine, res.error);
    if (fine) assert.equal(res.text, "[ ]");
  });
}

Deno.test("shell: a timeout aborts the render", async () => {
  const policy = new Policy({
    sources: [{ label: "s", scope: "project", allow: ["Bash"] }],
    env: testEnv(),
  });
  const rec = recorder({ slow: { error: "timed out after 120 seconds" } });
  const r = new Renderer({ root: "/proj", policy, runner: rec.runner, files: attacher({}) });
  assert.equal(
    (await r.render({ entry: entry(), body: "!`slow`" })).error,
    'Shell command failed for pattern "!`slow`": timed out after 120 seconds',
  );
});

Deno.test("shell: disable_shell replaces every command; nothing is checked or run", async () => {
  const gated: string[] = [];
  const { r, ran } = renderer({ deny: ["Bash"] }, {
    disableShell: true,
    validator: (c) => {
      gated.push(c);
      return true;
    },
  });
  const res = await r.render({ entry: entry(), body: "A !`rm -rf /` B" });
  assert.equal(res.text, `A ${DISABLED_TEXT} B`);
  assert.deepEqual(ran, []);
  assert.deepEqual(gated, [], "the validator gate is not asked either");
  assert.deepEqual(res.commands, [{ command: "rm -rf /", verdict: "disabled" }]);
});

Deno.test("shell: without a policy no command passes", async () => {
  const rec = recorder();
  const r = new Renderer({ root: "/proj", runner: rec.runner, files: attacher({}) });
  const res = await r.render({ entry: entry(), body: "!`echo hi`" });
  assert.match(res.error ?? "", /No permission policy/);
  assert.deepEqual(rec.ran, []);
  assert.deepEqual(res.commands, [
    { command: "echo hi", verdict: "deny", reason: "No permission policy is set" },
  ]);
  assert.deepEqual(r.checkCommand("ls"), {
    verdict: "deny",
    reason: "No permission policy is set",
  });
});

Deno.test("render: ${CLAUDE_SKILL_DIR} is the entry's dir, ${CLAUDE_PROJECT_DIR} the root, ${CLAUDE_SESSION_ID} the session, ${CLAUDE_PLUGIN_ROOT} the entry's plugin_root, $name a frontmatter argument", async () => {
  const body = "${CLAUDE_SKILL_DIR} ${CLAUDE_PROJECT_DIR} ${CLAUDE_SESSION_ID} " +
    "${CLAUDE_PLUGIN_ROOT} $file";
  const plugin = entry({
    dir: "/plugins/p/commands",
    pluginRoot: "/plugins/p",
    frontmatter: { arguments: "file" },
  });
  const { r } = renderer({}, { sessionId: "S-1" });
  assert.equal(
    (await r.render({ entry: plugin, body, arguments: "a.ts" })).text,
    "/plugins/p/commands /proj S-1 /plugins/p a.ts",
  );
  const { r: bare } = renderer({});
  assert.equal(
    (await bare.render({ entry: entry(), body })).text,
    "/proj/.claude/commands /proj  ${CLAUDE_PLUGIN_ROOT} $file",
    "'' without a session; the plugin root stays as typed for an entry not from a plugin",
  );
});

Deno.test("shell: a command runs with bash -c in the root: the runner gets the command, the root and the timeout (120 by default)", async () => {
  const calls: [string, string, number][] = [];
  const runner: Runner = (command, root, timeout) => {
    calls.push([command, root, timeout]);
    return Promise.resolve({ exitCode: 0, output: "" });
  };
  const { r } = renderer({ allow: ["Bash(make:*)"] }, { runner });
  await r.render({ entry: entry(), body: "!`make a`" });
  const { r: quick } = renderer({ allow: ["Bash(make:*)"] }, { runner, timeout: 5 });
  await quick.render({ entry: entry(), body: "!`make b`" });
  assert.deepEqual(calls, [["make a", "/proj", 120], ["make b", "/proj", 5]]);
});

Deno.test("shell: commands lists every command found, in order, with its verdict, also after a refusal", async () => {
  const { r, ran } = renderer({ allow: ["Bash(make:*)"], deny: ["Bash(rm:*)"] });
  const res = await r.render({ entry: entry(), body: "!`make a` !`rm -rf x` !`make b` !`curl x`" });
  assert.equal(
    res.error,
    'Shell command permission check failed for pattern "!`rm -rf x`": Denied by Bash(rm:*) from s',
    "the first refusal names the abort",
  );
  assert.deepEqual(res.commands.map((c) => [c.command, c.verdict]), [
    ["make a", "allow"],
    ["rm -rf x", "deny"],
    ["make b", "allow"],
    ["curl x", "ask"],
  ]);
  assert.deepEqual(ran, []);
});

Deno.test("shell: only exit 1 of a search or compare command is spared: exit 2 of grep aborts", async () => {
  const policy = new Policy({
    sources: [{ label: "s", scope: "project", allow: ["Bash"] }],
    env: testEnv(),
  });
  const rec = recorder({ "grep x nofile": { exitCode: 2, output: "grep: nofile: No such file" } });
  const r = new Renderer({ root: "/proj", policy, runner: rec.runner, files: attacher({}) });
  const res = await r.render({ entry: entry(), body: "!`grep x nofile`" });
  assert.equal(
    res.error,
    'Shell command failed for pattern "!`grep x nofile`": [stderr]\ngrep: nofile: No such file',
  );
});

Deno.test("check_command: the renderer's policy's verdict, grants of that policy included", () => {
  const { r, policy } = renderer({});
  assert.equal(r.checkCommand("make").verdict, "ask");
  const held = new Renderer({ ...r.options, policy: policy.withGrants(["Bash(make)"], "held") });
  assert.deepEqual(held.checkCommand("make"), {
    verdict: "allow",
    reason: "Allowed by Bash(make) from held",
  });
  assert.equal(r.checkCommand("make").verdict, "ask");
});

const ALLOWED_TOOL_RULES: { name: string; input: unknown; expected: string[] }[] = [
  {
    name: "allowed-tools: a string, rules separated by commas or whitespace outside parentheses",
    input: entry({ frontmatter: { "allowed-tools": "Bash(git status:*), Read mcp__github" } }),
    expected: ["Bash(git status:*)", "Read", "mcp__github"],
  },
  {
    name: "a comma inside parentheses belongs to the rule",
    input: entry({ frontmatter: { "allowed-tools": "Bash(echo a,b), Read" } }),
    expected: ["Bash(echo a,b)", "Read"],
  },
  {
    name: "allowed_tools is read too",
    input: entry({ frontmatter: { allowed_tools: "Bash(git diff:*)" } }),
    expected: ["Bash(git diff:*)"],
  },
  {
    name: "a YAML list of such strings",
    input: entry({ frontmatter: { "allowed-tools": ["Bash(npm test:*) Read", "Grep"] } }),
    expected: ["Bash(npm test:*)", "Read", "Grep"],
  },
  {
    name: "a text that is not a valid rule is left out",
    input: entry({ frontmatter: { "allowed-tools": "Read, Bash(oops" } }),
    expected: ["Read"],
  },
  {
    name: "called with a plain value instead of an entry, it parses that value",
    input: "Bash(make:*), Read",
    expected: ["Bash(make:*)", "Read"],
  },
  { name: "an entry without allowed-tools: none", input: entry(), expected: [] },
];

for (const c of ALLOWED_TOOL_RULES) {
  Deno.test(`allowed_tool_rules: ${c.name}`, () => {
    assert.deepEqual(allowedToolRules(c.input), c.expected);
  });
}
