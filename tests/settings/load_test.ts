/**
 * Settings sources from fixture trees: every source in order, each rule remembering it; broken
 * files give problems naming the file and the reason while every other source still loads.
 */

import assert from "node:assert/strict";
import { fromFileUrl } from "../_paths.ts";
import { loadSettings } from "../../lib/settings/load.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import { cachedRealPath } from "../../lib/fs/real_path.ts";
import { settingsFromDocument } from "../../lib/settings/settings.ts";

const fixture = (p: string) => fromFileUrl(new URL(`../fixtures/settings/${p}`, import.meta.url));

Deno.test("load: every source in order, each rule remembering it", async () => {
  const dir = fixture("all-sources");
  const s = await loadSettings({
    root: `${dir}/project`,
    home: `${dir}/home`,
    managed: `${dir}/managed.json`,
    extra: [`${dir}/extra.json`, '{"permissions": {"ask": ["Bash(npm publish:*)"]}}'],
  });
  assert.deepEqual(s.problems, []);
  assert.deepEqual(s.sources.map((x) => [x.label.replace(dir, "FIX"), x.scope]), [
    ["FIX/managed.json", "managed"],
    ["~/.claude/settings.json", "user"],
    [".claude/settings.json", "project"],
    [".claude/settings.local.json", "local"],
    [".raider/config.yml", "raider"],
    ["FIX/extra.json", "cli"],
    ["--settings", "cli"],
  ]);
  const policy = new Policy({
    sources: s.sources,
    env: { root: `${dir}/project`, home: `${dir}/home`, realPath: cachedRealPath() },
  });
  assert.deepEqual(
    policy.rules.map((r) => `${r.kind} ${r.text} <- ${r.source.replace(dir, "FIX")}`),
    [
      "deny Bash(curl:*) <- FIX/managed.json",
      "allow Read(~/notes/**) <- ~/.claude/settings.json",
      "deny Read(./secrets/**) <- .claude/settings.json",
      "ask Bash(git push:*) <- .claude/settings.json",
      "allow Bash(npm run test:*) <- .claude/settings.json",
      "allow Bash(make:*) <- .claude/settings.local.json",
      "deny Bash(rm:*) <- .raider/config.yml",
      "allow WebFetch(domain:docs.deno.com) <- .raider/config.yml",
      "deny WebFetch <- FIX/extra.json",
      "ask Bash(npm publish:*) <- --settings",
    ],
  );
  assert.equal(policy.mode, "acceptEdits");
  assert.equal(policy.modeSource, "~/.claude/settings.json");
  assert.deepEqual(policy.additionalDirectories, [`${dir}/shared`]);
});

Deno.test("load: broken files give problems naming file and reason; the rest still loads", async () => {
  const dir = fixture("broken");
  const s = await loadSettings({
    root: `${dir}/project`,
    home: `${dir}/home`,
    managed: `${dir}/no-such-managed.json`,
    extra: [`${dir}/bom-crlf.json`, `${dir}/missing.json`, "{not json"],
  });
  const problems = s.problems.map((p) => `${p.file.replace(dir, "FIX")}: ${p.code}: ${p.message}`);
  assert.equal(problems.length, 11, problems.join("\n"));
  const has = (re: RegExp) =>
    assert.ok(problems.some((p) => re.test(p)), `${re} in\n${problems.join("\n")}`);
  has(/^~\/\.claude\/settings\.json: wrong-type: The settings are not an object$/);
  has(/^\.claude\/settings\.json: not-json: Cannot parse JSON/);
  has(/^\.claude\/settings\.local\.json: wrong-type: "permissions\.allow" is not a list$/);
  has(
    /^\.claude\/settings\.local\.json: wrong-type: "permissions\.deny\[1\]" is not a string: 42$/,
  );
  has(/^\.claude\/settings\.local\.json: wrong-type: "permissions\.deny\[2\]" is not a string/);
  has(
    /^\.claude\/settings\.local\.json: unknown-mode: "permissions\.defaultMode" is not a mode skald knows: "yolo"; skald decides as default and keeps the file's rules/,
  );
  has(/^\.claude\/settings\.local\.json: wrong-type: "permissions\.additionalDirectories\[0\]"/);
  has(
    /^\.claude\/settings\.local\.json: wrong-type: "disableSkillShellExecution" is not true or false$/,
  );
  has(/^\.raider\/config\.yml: not-yaml: Cannot parse YAML/);
  has(/^FIX\/missing\.json: missing: The settings file does not exist$/);
  has(/^--settings: not-json: Cannot parse JSON/);
  const local = s.sources.find((x) => x.label === ".claude/settings.local.json");
  assert.deepEqual(local?.deny, ["Bash(rm:*)", "Bash(oops"]);
  const bom = s.sources.find((x) => x.label.endsWith("bom-crlf.json"));
  assert.deepEqual(bom?.deny, ["Bash(curl:*)"]);
  const policy = new Policy({
    sources: s.sources,
    env: { root: `${dir}/project`, home: `${dir}/home`, realPath: (p) => p },
  });
  assert.equal(policy.decide({ tool: "Bash", input: { command: "rm -rf x" } }).verdict, "deny");
  assert.equal(policy.decide({ tool: "Bash", input: { command: "curl x" } }).verdict, "deny");
  assert.equal(policy.rules.find((r) => r.text === "Bash(oops")?.isValid, false);
});

Deno.test("load: a project without any settings has no sources and no problems", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const s = await loadSettings({ root: dir, home: dir, managed: `${dir}/none.json` });
    assert.deepEqual(s.sources, []);
    assert.deepEqual(s.problems, []);
    assert.equal(s.disableSkillShellExecution, false);
    assert.deepEqual(Object.keys(s.enabledPlugins), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("load: an unreadable settings file is a problem, not a crash", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/.claude/settings.json`, { recursive: true });
    const s = await loadSettings({ root: dir, home: `${dir}/home`, managed: `${dir}/none.json` });
    assert.equal(s.problems.length, 1);
    assert.equal(s.problems[0]?.file, ".claude/settings.json");
    assert.equal(s.problems[0]?.code, "unreadable");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Writes settings files into a fresh directory: path below it -> JSON value. */
async function settingsTree(files: Record<string, unknown>): Promise<string> {
  const dir = await Deno.makeTempDir();
  for (const [path, value] of Object.entries(files)) {
    await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]+$/, ""), { recursive: true });
    await Deno.writeTextFile(`${dir}/${path}`, JSON.stringify(value));
  }
  return dir;
}

const SHELL_CASES: { name: string; files: Record<string, unknown>; expected: boolean }[] = [
  {
    name: "README: disableSkillShellExecution true in the managed file, false in the user's",
    files: {
      "managed.json": { disableSkillShellExecution: true },
      "home/.claude/settings.json": { disableSkillShellExecution: false },
    },
    expected: true,
  },
  {
    name: "README: disableSkillShellExecution true in the project's file, false in the local one",
    files: {
      "project/.claude/settings.json": { disableSkillShellExecution: true },
      "project/.claude/settings.local.json": { disableSkillShellExecution: false },
    },
    expected: true,
  },
  {
    name: "README: disableSkillShellExecution false everywhere",
    files: {
      "managed.json": { disableSkillShellExecution: false },
      "project/.claude/settings.json": { disableSkillShellExecution: false },
    },
    expected: false,
  },
];

for (const c of SHELL_CASES) {
  Deno.test(`load: ${c.name} -> ${c.expected} (true in any settings file disables)`, async () => {
    const dir = await settingsTree(c.files);
    try {
      const s = await loadSettings({
        root: `${dir}/project`,
        home: `${dir}/home`,
        managed: `${dir}/managed.json`,
      });
      assert.deepEqual(s.problems, []);
      assert.equal(s.disableSkillShellExecution, c.expected);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("load: README: a plugin that any settings file disables in enabledPlugins stays disabled", async () => {
  const dir = await settingsTree({
    "managed.json": { enabledPlugins: { "off@m": false } },
    "home/.claude/settings.json": { enabledPlugins: { "user-off@m": false, "on@m": false } },
    "project/.claude/settings.json": {
      enabledPlugins: { "off@m": true, "user-off@m": true, "on@m": true, "new@m": true },
    },
  });
  try {
    const s = await loadSettings({
      root: `${dir}/project`,
      home: `${dir}/home`,
      managed: `${dir}/managed.json`,
      extra: ['{"enabledPlugins": {"on@m": true}}'],
    });
    assert.deepEqual({ ...s.enabledPlugins }, {
      "off@m": false,
      "user-off@m": false,
      "on@m": false,
      "new@m": true,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("load: managed-settings.d drop-ins after the managed file, in string order (Claude Code 2.1.332)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const managed = `${dir}/etc/managed-settings.json`;
    await Deno.mkdir(`${dir}/etc/managed-settings.d`, { recursive: true });
    const write = (path: string, doc: unknown) =>
      Deno.writeTextFile(`${dir}/etc/${path}`, JSON.stringify(doc));
    await write("managed-settings.json", {
      permissions: { defaultMode: "plan", deny: ["Bash(a:*)"] },
    });
    await write("managed-settings.d/9-b.json", {
      permissions: { defaultMode: "dontAsk", deny: ["Bash(b:*)"] },
    });
    await write("managed-settings.d/10-a.json", {
      permissions: { defaultMode: "acceptEdits", deny: ["Bash(c:*)"] },
    });
    await write("managed-settings.d/.hidden.json", { permissions: { deny: ["Bash(h:*)"] } });
    await write("managed-settings.d/notes.txt", "not a drop-in");
    const s = await loadSettings({ root: `${dir}/p`, home: `${dir}/h`, managed });
    assert.deepEqual(s.problems, []);
    assert.deepEqual(s.sources.map((x) => x.label), [
      managed,
      `${dir}/etc/managed-settings.d/10-a.json`,
      `${dir}/etc/managed-settings.d/9-b.json`,
    ]);
    const policy = new Policy({
      sources: s.sources,
      env: { root: `${dir}/p`, home: `${dir}/h`, realPath: (p) => p },
    });
    // Every file's rules add up; of single values the later file's wins (9-b after 10-a).
    assert.equal(policy.mode, "dontAsk");
    for (const c of ["a x", "b x", "c x"]) {
      assert.equal(policy.decide({ tool: "Bash", input: { command: c } }).verdict, "deny", c);
    }
    assert.equal(policy.decide({ tool: "Bash", input: { command: "h x" } }).verdict, "deny");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("load: the restricting keys are read, a wrong value is a problem", () => {
  const read = settingsFromDocument(
    {
      allowManagedPermissionRulesOnly: true,
      permissions: {
        blockReadsOutsideWorkingDirectories: true,
        blockWritesOutsideWorkingDirectories: false,
        denyInsteadOfPrompting: true,
        disableBypassPermissionsMode: "disable",
        blockReadsExemptPaths: ["/etc"],
        workingDirectoriesExclude: ["/p/vault"],
      },
    },
    "m.json",
    "managed",
  );
  assert.deepEqual(read.problems, []);
  assert.deepEqual(read.source.restricts, [
    "allowManagedPermissionRulesOnly",
    "blockReadsOutsideWorkingDirectories",
    "denyInsteadOfPrompting",
    "disableBypassPermissionsMode",
  ]);
  assert.deepEqual(read.source.blockReadsExemptPaths, ["/etc"]);
  const bad = settingsFromDocument(
    { permissions: { blockReadsOutsideWorkingDirectories: "yes" } },
    "p.json",
    "project",
  );
  assert.deepEqual(bad.problems.map((p) => p.code), ["wrong-type"]);
});
