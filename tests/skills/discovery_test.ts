/**
 * Discovery: the roots in precedence order, plugins from `--plugin-dir` and from Claude Code's
 * installed plugins, nested `.claude/skills`.
 */

import assert from "node:assert/strict";
import { discover, nestedRoots } from "../../lib/skills/discovery.ts";
import { pluginFolders } from "../../lib/skills/plugin_folder.ts";
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

const FOLDERS: {
  name: string;
  tree: Record<string, string>;
  expected: { folders: string[]; skipped: string[] };
}[] = [
  {
    name: ".claude-plugin at the top: one plugin",
    tree: {
      "/d/.claude-plugin/plugin.json": '{"name":"d"}',
      "/d/x/.claude-plugin/plugin.json": "{}",
    },
    expected: { folders: ["/d"], skipped: [] },
  },
  {
    name: "commands/ or skills/ at the top: one plugin, without a manifest",
    tree: { "/d/skills/s/SKILL.md": "s" },
    expected: { folders: ["/d"], skipped: [] },
  },
  {
    name: "a SKILL.md at the top: one plugin",
    tree: { "/d/SKILL.md": "s", "/d/a/.claude-plugin/plugin.json": "{}" },
    expected: { folders: ["/d"], skipped: [] },
  },
  {
    name: "an empty .mcp.json marks nothing: a folder of plugins",
    tree: { "/d/.mcp.json": "", "/d/a/.claude-plugin/plugin.json": "{}" },
    expected: { folders: ["/d/a"], skipped: [] },
  },
  {
    name:
      "a marketplace.json alone in .claude-plugin: a folder of plugins, those without a manifest skipped",
    tree: {
      "/d/.claude-plugin/marketplace.json": "{}",
      "/d/plugins/one/.claude-plugin/plugin.json": "{}",
      "/d/b/.claude-plugin/plugin.json": "{}",
    },
    expected: { folders: ["/d/b"], skipped: ["/d/plugins"] },
  },
  {
    name: "a plugin named commands inside a folder of plugins is not a marker",
    tree: {
      "/d/commands/.claude-plugin/plugin.json": "{}",
      "/d/z/.claude-plugin/plugin.json": "{}",
    },
    expected: { folders: ["/d/commands", "/d/z"], skipped: [] },
  },
  {
    name: "hidden folders are not plugins of a collection; the order is by name",
    tree: {
      "/d/.hidden/.claude-plugin/plugin.json": "{}",
      "/d/b/.claude-plugin/plugin.json": "{}",
      "/d/a/.claude-plugin/plugin.json": "{}",
      "/d/notes/README.md": "x",
    },
    expected: { folders: ["/d/a", "/d/b"], skipped: ["/d/notes"] },
  },
];
for (const c of FOLDERS) {
  Deno.test(`discovery: --plugin-dir: ${c.name} (Claude Code's rule, oracle plugins.json)`, () => {
    assert.deepEqual(pluginFolders("/d", treeReader(c.tree)), c.expected);
  });
}

Deno.test("discovery: manifest commands replace commands/; skills paths add to skills/, each in order, one level deep", () => {
  const reader = treeReader({
    "/p/.claude-plugin/plugin.json": JSON.stringify({
      name: "p",
      commands: ["./extra/one.md", "./extra/sk"],
      skills: ["./x/zz", "./x/aa", "./y"],
    }),
    "/p/commands/default.md": "not loaded",
    "/p/extra/one.md": "One",
    "/p/extra/sk/SKILL.md": "A skill folder named as a command",
    "/p/skills/mm/SKILL.md": "mm",
    "/p/x/zz/SKILL.md": "zz",
    "/p/x/aa/SKILL.md": "aa",
    "/p/y/bb/SKILL.md": "bb",
    "/p/y/ab/SKILL.md": "ab",
    "/p/y/nested/inner/SKILL.md": "not loaded: two levels down",
  });
  const d = discover({ root: "/r", home: "/h", pluginDirs: ["/p"] }, reader);
  const c = new Catalogue({ roots: [], plugins: d.plugins, reader, yaml });
  assert.deepEqual(c.skills().map((e) => [e.name, e.kind]), [
    ["p:one", "command"],
    ["p:sk", "command"],
    ["p:mm", "skill"],
    ["p:zz", "skill"],
    ["p:aa", "skill"],
    ["p:ab", "skill"],
    ["p:bb", "skill"],
  ]);
});
