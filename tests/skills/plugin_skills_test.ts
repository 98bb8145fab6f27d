/**
 * A plugin's skills as Claude Code 2.1.332 finds them (REPORT 4.1; the g01 and g02 trees are
 * replayed against the real binary's answers in `oracle_manifests_test.ts`; the cases here
 * vary them, each naming the rule it pins, the rule's twin beside it): `skills/` first, then the
 * manifest's `skills` paths, a root `SKILL.md` only when neither is there; a path holding a
 * `SKILL.md` is one skill named by its frontmatter, else the folders right below it; a path
 * out of the plugin, missing or a file gives no skill and a problem.
 */

import assert from "node:assert/strict";
import { diskSkillReader } from "../../lib/fs/skill_reader.ts";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import { discover } from "../../lib/skills/discovery.ts";
import { DIR, type Tree, treeReader, yaml } from "../_skill_fs.ts";

const skill = (name?: string) =>
  `---\n${name === undefined ? "" : `name: ${name}\n`}description: d\n---\nbody\n`;

/** The g01 tree: a root SKILL.md, skills/inner, sub/deep, extra/e1. */
const G01: Tree = {
  "/rp/SKILL.md": skill("rootskill"),
  "/rp/skills/inner/SKILL.md": skill("inner"),
  "/rp/sub/deep/SKILL.md": skill("deep"),
  "/rp/extra/e1/SKILL.md": skill("e1"),
};

const CASES: {
  name: string;
  skills?: unknown;
  tree?: Tree;
  names: string[];
  problems?: string[];
}[] = [
  { name: "g01 #1: no skills key: skills/ only, the root SKILL.md not read", names: ["rp:inner"] },
  {
    name: "g01 #2: '.': skills/, then the root SKILL.md as one skill named by its frontmatter",
    skills: ".",
    names: ["rp:inner", "rp:rootskill"],
  },
  { name: "g01 #3: ['./'] as '.'", skills: ["./"], names: ["rp:inner", "rp:rootskill"] },
  {
    name: "'.' and './' together: the root read once",
    skills: [".", "./"],
    names: ["rp:inner", "rp:rootskill"],
  },
  {
    name: "g01 #4: './extra': a folder of skill folders",
    skills: "./extra",
    names: ["rp:inner", "rp:e1"],
  },
  {
    name: "g01 #5: './sub/deep': a skill folder",
    skills: "./sub/deep",
    names: ["rp:inner", "rp:deep"],
  },
  {
    name: "a path written loosely ('./sub/..//sub') is './sub': the skill folders right below it",
    skills: "./sub/..//sub",
    names: ["rp:inner", "rp:deep"],
  },
  {
    name: "one level only: a SKILL.md two folders down is not read",
    skills: "./extra",
    tree: { "/rp/extra/group/e2/SKILL.md": skill("e2") },
    names: ["rp:inner", "rp:e1"],
  },
  {
    name: "'./skills' named: skills/ not read twice",
    skills: ["./skills", "./extra"],
    names: ["rp:inner", "rp:e1"],
  },
  {
    name: "'./skills/inner' named: the skill already read from skills/ is not read twice",
    skills: ["./skills/inner"],
    names: ["rp:inner"],
  },
  {
    name: "a path with '..' that stays inside the plugin",
    skills: "./sub/../extra",
    names: ["rp:inner", "rp:e1"],
  },
  {
    name: "g02 #6: './../x' leaves the plugin: no skill, even where one is",
    skills: "./../x",
    tree: { "/x/SKILL.md": skill("outside"), "/x/y/SKILL.md": skill("y") },
    names: ["rp:inner"],
    problems: ['Skills path "./../x" leaves the plugin folder: no skill is read from it'],
  },
  {
    name: "g02 #5: './SKILL.md' is a file: no skill, Claude Code's hint to use '.'",
    skills: "./SKILL.md",
    names: ["rp:inner"],
    problems: [
      'Skills path "./SKILL.md" is a file; skills entries must be directories containing ' +
      "SKILL.md \u2014 point to the plugin root '.' instead",
    ],
  },
  {
    name: "[source] './sub/deep/SKILL.md' is a file: the hint names its folder",
    skills: "./sub/deep/SKILL.md",
    names: ["rp:inner"],
    problems: [
      'Skills path "./sub/deep/SKILL.md" is a file; skills entries must be directories ' +
      "containing SKILL.md \u2014 point to the parent directory './sub/deep' instead",
    ],
  },
  {
    name: "[source] a path that does not exist",
    skills: ["./nope", "./extra"],
    names: ["rp:inner", "rp:e1"],
    problems: ['Skills path "./nope" does not exist (/rp/nope)'],
  },
  {
    name: "g01 #6: 'extra' without ./ rejects the whole plugin (its skills/ too)",
    skills: "extra",
    names: [],
    problems: [
      'The plugin is not loaded: invalid manifest: skills: Invalid string: must start with "./"',
    ],
  },
  {
    name: "g02 #4: ['.', './foo']: the root skill, then foo",
    skills: [".", "./foo"],
    tree: { "/rp/skills": DIR, "/rp/foo/SKILL.md": skill("foo") },
    names: ["rp:inner", "rp:rootskill", "rp:foo"],
  },
  {
    name: "a frontmatter name written with the plugin's prefix: the prefix dropped",
    skills: "./sub/deep",
    tree: { "/rp/sub/deep/SKILL.md": skill("rp:deeper") },
    names: ["rp:inner", "rp:deeper"],
  },
  {
    name: "a frontmatter name with a space: made '-' as every plugin skill name",
    skills: "./sub/deep",
    tree: { "/rp/sub/deep/SKILL.md": skill("Deep One") },
    names: ["rp:inner", "rp:Deep-One"],
  },
  {
    name: "g02 #2: the root SKILL.md without a frontmatter name: the folder's name",
    skills: ".",
    tree: { "/rp/SKILL.md": skill() },
    names: ["rp:inner", "rp:rp"],
  },
  {
    name: "a skill folder below skills/ keeps its folder's name (the frontmatter does not rename)",
    tree: { "/rp/skills/inner/SKILL.md": skill("renamed") },
    names: ["rp:inner"],
  },
];
for (const c of CASES) {
  Deno.test(`plugin skills: ${c.name}`, () => {
    const manifest: Record<string, unknown> = { name: "rp" };
    if (c.skills !== undefined) manifest.skills = c.skills;
    const reader = treeReader({
      ...G01,
      "/rp/.claude-plugin/plugin.json": JSON.stringify(manifest),
      ...c.tree,
    });
    const found = discover({ root: "/p", home: "/h", pluginDirs: ["/rp"] }, reader);
    const catalogue = new Catalogue({ ...found, reader, yaml });
    assert.deepEqual(catalogue.skills().map((e) => e.name), c.names);
    assert.deepEqual(found.problems.map((p) => p.reason), c.problems ?? []);
  });
}

/** The root SKILL.md when the manifest names no skills: both ways (g01 #7, g02 #3). */
const ROOT: { name: string; tree: Tree; manifest?: unknown; names: string[] }[] = [
  {
    name: "g01 #7: no skills/ and no skills key: the root SKILL.md is the plugin's skill",
    tree: { "/rp/SKILL.md": skill("rootskill") },
    manifest: { name: "rp" },
    names: ["rp:rootskill"],
  },
  {
    name: "g02 #3: the same without a frontmatter name: the folder's name",
    tree: { "/rp/SKILL.md": skill() },
    manifest: { name: "rp" },
    names: ["rp:rp"],
  },
  {
    name: "twin: a skills/ folder, even empty, takes its place",
    tree: { "/rp/SKILL.md": skill("rootskill"), "/rp/skills": DIR },
    manifest: { name: "rp" },
    names: [],
  },
  {
    name: "twin: a skills key naming another folder takes its place",
    tree: { "/rp/SKILL.md": skill("rootskill"), "/rp/extra/e1/SKILL.md": skill() },
    manifest: { name: "rp", skills: "./extra" },
    names: ["rp:e1"],
  },
  {
    name: "without a manifest too (a SKILL.md at the top marks a plugin)",
    tree: { "/rp/SKILL.md": skill("solo") },
    names: ["rp:solo"],
  },
];
for (const c of ROOT) {
  Deno.test(`plugin skills: root: ${c.name}`, () => {
    const tree: Tree = { ...c.tree };
    if (c.manifest !== undefined) {
      tree["/rp/.claude-plugin/plugin.json"] = JSON.stringify(c.manifest);
    }
    const reader = treeReader(tree);
    const found = discover({ root: "/p", home: "/h", pluginDirs: ["/rp"] }, reader);
    const catalogue = new Catalogue({ ...found, reader, yaml });
    assert.deepEqual(catalogue.skills().map((e) => e.name), c.names);
    assert.deepEqual(found.problems, []);
  });
}

Deno.test("plugin skills: a skills path through a symbolic link out of the plugin gives no skill; one that stays inside does", () => {
  const top = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-plugin-skills-" }));
  try {
    const write = (path: string, text: string) => {
      Deno.mkdirSync(`${top}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
      Deno.writeTextFileSync(`${top}/${path}`, text);
    };
    write("rp/.claude-plugin/plugin.json", '{"name":"rp","skills":["./out","./in"]}');
    write("rp/real/a/SKILL.md", skill("a"));
    write("elsewhere/b/SKILL.md", skill("b"));
    Deno.symlinkSync(`${top}/elsewhere`, `${top}/rp/out`);
    Deno.symlinkSync(`${top}/rp/real`, `${top}/rp/in`);
    const found = discover(
      { root: `${top}/proj`, home: `${top}/home`, pluginDirs: [`${top}/rp`] },
      diskSkillReader,
    );
    const catalogue = new Catalogue({ ...found, reader: diskSkillReader, yaml });
    assert.deepEqual(catalogue.skills().map((e) => e.name), ["rp:a"]);
    assert.deepEqual(found.problems.map((p) => p.reason), [
      'Skills path "./out" leaves the plugin folder: no skill is read from it',
    ]);
  } finally {
    Deno.removeSync(top, { recursive: true });
  }
});
