/**
 * Discovery: the roots in precedence order, plugins from `--plugin-dir` and from Claude Code's
 * installed plugins, nested `.claude/skills`.
 */

import assert from "node:assert/strict";
import { discover, nestedRoots } from "../../lib/skills/discovery.ts";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import { DIR, treeReader, yaml } from "../_skill_fs.ts";

Deno.test("discovery: the roots in precedence order, user before project, skills before commands", () => {
  const d = discover({ root: "/p", home: "/h", skillsDirs: ["/extra"] }, treeReader({}));
  assert.deepEqual(d.roots.map((r) => [r.source, r.layout, r.dir]), [
    ["~/.claude/skills", "skills", "/h/.claude/skills"],
    [".claude/skills", "skills", "/p/.claude/skills"],
    [".raider/skills", "skills", "/p/.raider/skills"],
    ["--skills ../extra", "flat", "/extra"],
    ["~/.claude/commands", "commands", "/h/.claude/commands"],
    [".claude/commands", "commands", "/p/.claude/commands"],
  ]);
  assert.ok(d.roots.every((r) => r.base === "/p"));
  assert.deepEqual(d.plugins, []);
  assert.deepEqual(d.problems, []);
});

Deno.test("discovery: a --plugin-dir folder with its manifest name, skills and commands", () => {
  const reader = treeReader({
    "/pl/.claude-plugin/plugin.json": '{"name": "superpowers"}',
    "/pl/skills/brainstorming/SKILL.md": "Brainstorm",
    "/pl/commands/plan.md": "Plan",
  });
  const d = discover({ root: "/p", home: "/h", pluginDirs: ["/pl"] }, reader);
  assert.deepEqual(d.plugins, [{
    name: "superpowers",
    dirs: ["/pl/skills/brainstorming"],
    commands: ["/pl/commands"],
    root: "/pl",
  }]);
  const c = new Catalogue({ roots: d.roots, plugins: d.plugins, reader, yaml });
  assert.deepEqual(c.skills().map((e) => e.name), [
    "superpowers:plan",
    "superpowers:brainstorming",
  ]);
});

Deno.test("discovery: a plugin without a manifest is named by its folder; a broken manifest is a problem", () => {
  const reader = treeReader({
    "/a/skills/x/SKILL.md": "x",
    "/b/.claude-plugin/plugin.json": "{nope",
  });
  const d = discover({ root: "/p", home: "/h", pluginDirs: ["/a", "/b", "/missing"] }, reader);
  // Claude Code: a manifest that is not JSON drops the plugin ("corrupt manifest file").
  assert.deepEqual(d.plugins.map((p) => p.name), ["a"]);
  assert.deepEqual(d.problems.map((p) => p.file), ["/b/.claude-plugin/plugin.json", "/missing"]);
  assert.match(d.problems[0]!.reason, /^The plugin is not loaded: its manifest is not JSON/);
});

Deno.test("discovery: Claude Code's installed plugins, unless enabledPlugins says false", () => {
  const reader = treeReader({
    "/h/.claude/plugins/installed_plugins.json": JSON.stringify({
      version: 2,
      plugins: {
        "docs@market": [{
          scope: "user",
          installPath: "/h/.claude/plugins/cache/market/docs/1.0.0",
        }],
        "off@market": [{ scope: "user", installPath: "/h/.claude/plugins/cache/market/off/1.0.0" }],
        "broken@market": [{ scope: "user" }],
      },
    }),
    "/h/.claude/plugins/cache/market/docs/1.0.0/skills/write/SKILL.md": "Write docs",
    "/h/.claude/plugins/cache/market/off/1.0.0/skills/x/SKILL.md": "x",
  });
  const d = discover({ root: "/p", home: "/h", enabledPlugins: { "off@market": false } }, reader);
  assert.deepEqual(d.plugins.map((p) => p.name), ["docs"]);
  assert.deepEqual(d.problems.map((p) => p.reason), ['"broken@market" has no installPath']);
});

Deno.test("discovery: version 1 installed_plugins.json (one object per plugin)", () => {
  const reader = treeReader({
    "/h/.claude/plugins/installed_plugins.json": JSON.stringify({
      version: 1,
      plugins: { "one@m": { installPath: "/one" } },
    }),
    "/one/commands/go.md": "Go",
  });
  const d = discover({ root: "/p", home: "/h" }, reader);
  assert.deepEqual(d.plugins.map((p) => [p.name, p.root]), [["one", "/one"]]);
});

Deno.test("discovery: nested .claude/skills between a touched file and the root, nearest first", () => {
  const reader = treeReader({
    "/p/apps/.claude/skills": DIR,
    "/p/apps/web/.claude/skills": DIR,
    "/p/.claude/skills": DIR,
  });
  assert.deepEqual(
    nestedRoots("/p/apps/web/src/index.js", "/p", reader).map((r) => [r.source, r.base]),
    [
      ["apps/web/.claude/skills", "/p/apps/web"],
      ["apps/.claude/skills", "/p/apps"],
    ],
  );
  assert.deepEqual(nestedRoots("/elsewhere/x.js", "/p", reader), []);
});
