/**
 * The library behaves like the CLI (issue 14, point 9): a `Renderer` turns the shell off when
 * the policy's settings say `disableSkillShellExecution: true` (unless told otherwise), attaches
 * `@file` references by default as `skald render` does, and `runCommand` takes the defaults its
 * doc names.
 */

import assert from "node:assert/strict";
import { diskAttacher, Policy, Renderer, runCommand, settingsFromJson } from "../../mod.ts";
import type { Entry } from "../../mod.ts";

const entry: Entry = {
  name: "t",
  kind: "command",
  description: "t",
  dir: "/p/.claude/commands",
  file: "/p/.claude/commands/t.md",
  source: ".claude/commands",
  frontmatter: {},
  modelInvocable: true,
  userInvocable: true,
};

function renderer(root: string, settings: string, disableShell?: boolean) {
  const source = settingsFromJson(settings, ".claude/settings.json", "project").source;
  const policy = new Policy({
    sources: [source],
    env: { root, home: "/home/me", realPath: (p) => p },
  });
  return new Renderer({
    root,
    policy,
    ...(disableShell === undefined ? {} : { disableShell }),
    runner: (command) => Promise.resolve({ exitCode: 0, output: `ran ${command}` }),
    files: diskAttacher((p) => p),
  });
}

const ALLOW_ECHO = '"permissions": {"allow": ["Bash(echo:*)"]}';

Deno.test("library: disableSkillShellExecution in the policy's settings turns the shell off", async () => {
  const off = renderer("/p", `{${ALLOW_ECHO}, "disableSkillShellExecution": true}`);
  const r = await off.render({ entry, body: "X !`echo hi`" });
  assert.deepEqual(r.commands.map((c) => c.verdict), ["disabled"]);
  const on = renderer("/p", `{${ALLOW_ECHO}}`);
  assert.equal((await on.render({ entry, body: "X !`echo hi`" })).text, "X ran echo hi");
  const told = renderer("/p", `{${ALLOW_ECHO}, "disableSkillShellExecution": true}`, false);
  assert.equal((await told.render({ entry, body: "X !`echo hi`" })).text, "X ran echo hi");
});

Deno.test("library: @file references are attached by default, as skald render does", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${root}/a.txt`, "A\n");
    const r = await renderer(root, "{}").render({ entry, body: "see @a.txt" });
    assert.deepEqual(r.filesRead.map((f) => f.path), [`${root}/a.txt`]);
    const none = await renderer(root, "{}").render({
      entry,
      body: "see @a.txt",
      attachFiles: false,
    });
    assert.deepEqual(none.filesRead, []);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("library: runCommand with only a directory takes its documented defaults", async () => {
  const cwd = await Deno.makeTempDir();
  try {
    assert.deepEqual(await runCommand("echo ok", { cwd }), { exitCode: 0, output: "ok" });
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});
