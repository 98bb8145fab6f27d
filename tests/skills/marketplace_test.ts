/**
 * A marketplace read as Claude Code 2.1.332 reads a directory marketplace (REPORT 4.2; the
 * oracle cases g03-g06, replayed in `oracle_manifests_test.ts`; its schemas `jyt` and `nVo`):
 * `marketplace.json` checked (`readMarketplace`), an entry laid over its plugin's `plugin.json`
 * (`mergeEntry`), the entry's skills over the plugin's (`pluginSkillDirs`), and a repository's
 * root read as the marketplace or plugin it is (`discover`'s `repository`). Each table names
 * the rule or the observed case it pins, the rule's twin beside it.
 */

import assert from "node:assert/strict";
import { Catalogue, type SkillProblem } from "../../lib/skills/catalogue.ts";
import { discover } from "../../lib/skills/discovery.ts";
import { type MarketplaceEntry, readMarketplace } from "../../lib/skills/marketplace.ts";
import { mergeEntry } from "../../lib/skills/marketplace_entry.ts";
import type { Manifest } from "../../lib/skills/manifest.ts";
import { type EntrySkills, pluginSkillDirs } from "../../lib/skills/plugin_skills.ts";
import { type Tree, treeReader, yaml } from "../_skill_fs.ts";

const owner = { name: "t" };

const READ: {
  name: string;
  doc: unknown;
  /** The entries read: name and source. */
  entries?: [string, unknown][];
  /** The problems: code, path, and a pattern of the message. */
  problems?: [string, (string | number)[], RegExp][];
  /** Why the whole marketplace is not read, and where. */
  error?: [RegExp, (string | number)[]];
}[] = [
  {
    name: "a local entry, a remote one ('github', 'url', 'git-subdir' are all remote)",
    doc: {
      name: "mk",
      owner,
      plugins: [
        { name: "a", source: "./plugins/a" },
        { name: "b", source: { source: "github", repo: "o/b" } },
        { name: "c", source: { source: "git-subdir", url: "o/r", path: "p" } },
      ],
    },
    entries: [
      ["a", { kind: "local", path: "./plugins/a" }],
      ["b", { kind: "remote", type: "github" }],
      ["c", { kind: "remote", type: "git-subdir" }],
    ],
  },
  {
    name: "'.' is the marketplace's root, as './'",
    doc: { name: "mk", owner, plugins: [{ name: "a", source: "." }] },
    entries: [["a", { kind: "local", path: "./" }]],
  },
  {
    name: "g05 'barep': a bare name resolves under metadata.pluginRoot",
    doc: {
      name: "mk",
      owner,
      metadata: { pluginRoot: "./plugins" },
      plugins: [{ name: "a", source: "a" }],
    },
    entries: [["a", { kind: "local", path: "./plugins/a" }]],
  },
  {
    name: "a bare name without metadata.pluginRoot: the entry is not loaded",
    doc: { name: "mk", owner, plugins: [{ name: "a", source: "a" }] },
    entries: [],
    problems: [["bad-entry", ["plugins", 0, "source"], /Bare source name "a" requires metadata/]],
  },
  {
    name: "g05 'noslash': a path without ./ is not loaded",
    doc: { name: "mk", owner, plugins: [{ name: "a", source: "plugins/a" }] },
    entries: [],
    problems: [["bad-entry", ["plugins", 0, "source"], /must start with "\.\/"/]],
  },
  {
    name: "g05 'baddesc': a description of the wrong type rejects the entry (plugin.json: ignored)",
    doc: { name: "mk", owner, plugins: [{ name: "a", source: "./a", description: 5 }] },
    entries: [],
    problems: [[
      "bad-entry",
      ["plugins", 0, "description"],
      /^The plugin "a" is not loaded: invalid marketplace entry: description: Invalid input: expected string, received number$/,
    ]],
  },
  {
    name: "the entry's own keys are known: category, tags, strict, headers, relevance",
    doc: {
      name: "mk",
      owner,
      plugins: [{
        name: "a",
        source: "./a",
        category: "dev",
        tags: ["x"],
        strict: false,
        headers: { A: "b" },
        relevance: "not an object",
        lspServers: { ts: { command: "tsls" } },
      }],
    },
    entries: [["a", { kind: "local", path: "./a" }]],
  },
  {
    name: "strict not a boolean rejects the entry",
    doc: { name: "mk", owner, plugins: [{ name: "a", source: "./a", strict: "no" }] },
    entries: [],
    problems: [["bad-entry", ["plugins", 0, "strict"], /strict: Invalid input: expected boolean/]],
  },
  {
    name: "an entry without a name is dropped",
    doc: { name: "mk", owner, plugins: [{ source: "./a" }, "x"] },
    entries: [],
    problems: [
      ["bad-entry", ["plugins", 0, "name"], /^Entry 0 is dropped/],
      ["bad-entry", ["plugins", 1], /^Entry 1 is dropped/],
    ],
  },
  {
    name: "one finding per unknown key, however many entries have it, at its first",
    doc: {
      name: "mk",
      owner,
      plugins: [
        { name: "a", source: "./a", foo: 1 },
        { name: "b", source: "./b", foo: 2, bar: 3 },
      ],
    },
    entries: [["a", { kind: "local", path: "./a" }], ["b", { kind: "local", path: "./b" }]],
    problems: [
      ["manifest-key", ["plugins", 0, "foo"], /^Unknown key "foo" in 2 entries \("a", "b"\)/],
      ["manifest-key", ["plugins", 1, "bar"], /^Unknown key "bar" in the entry of "b"/],
    ],
  },
  {
    name: "dex-it: an unknown key at the marketplace's top (Claude Code's validator: ignored)",
    doc: { name: "mk", owner, homepage: "https://x", renames: {}, plugins: [] },
    entries: [],
    problems: [["manifest-key", ["homepage"], /^Unknown key "homepage"/]],
  },
  {
    name: "no owner: nothing of the marketplace is read",
    doc: { name: "mk", plugins: [] },
    error: [/^owner: Invalid input: expected object, received undefined$/, ["owner"]],
  },
  {
    name: "an owner with an empty name",
    doc: { name: "mk", owner: { name: "" }, plugins: [] },
    error: [/^owner\.name: Author name cannot be empty$/, ["owner", "name"]],
  },
  {
    name: "plugins not a list",
    doc: { name: "mk", owner, plugins: {} },
    error: [/^plugins: Invalid input: expected array, received object$/, ["plugins"]],
  },
  { name: "not an object", doc: [], error: [/^marketplace must be an object$/, []] },
];

for (const c of READ) {
  Deno.test(`marketplace: read: ${c.name}`, () => {
    const r = readMarketplace(c.doc);
    if (c.error !== undefined) {
      assert.ok(!r.ok);
      assert.match(r.error, c.error[0]);
      assert.deepEqual(r.path, c.error[1]);
      return;
    }
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(r.entries.map((e) => [e.name, e.source]), c.entries ?? []);
    const problems = c.problems ?? [];
    assert.deepEqual(r.problems.map((p) => [p.code, p.path]), problems.map(([k, p]) => [k, p]));
    for (const [i, [, , re]] of problems.entries()) assert.match(r.problems[i]!.message, re);
  });
}

const entry = (e: Partial<MarketplaceEntry> & { manifest?: Manifest }): MarketplaceEntry => ({
  index: 0,
  name: "p",
  source: { kind: "local", path: "./plugins/p" },
  strict: true,
  manifest: { name: "p" },
  components: false,
  unknownKeys: [],
  ...e,
});

const MERGE: {
  name: string;
  entry: MarketplaceEntry;
  pluginJson?: Manifest;
  expected: ReturnType<typeof mergeEntry>;
}[] = [
  {
    name: "g03 'strictnomani': no plugin.json, strict: the entry is the manifest",
    entry: entry({ manifest: { name: "p", dependencies: ["d"] } }),
    expected: { kind: "plugin", manifest: { name: "p", dependencies: ["d"] }, entry: {} },
  },
  {
    name: "g03 'loosep': no plugin.json, strict false: the same, its skills assigned",
    entry: entry({ strict: false, components: true, manifest: { name: "p", skills: ["./x"] } }),
    expected: {
      kind: "plugin",
      manifest: { name: "p" },
      entry: { skills: { paths: ["./x"], mode: "assign", replace: false } },
    },
  },
  {
    name: "g03 'strictappend': plugin.json and strict: its manifest, the entry's skills appended",
    entry: entry({ components: true, manifest: { name: "p", skills: "./x" } }),
    pluginJson: { name: "p", skills: "./other" },
    expected: {
      kind: "plugin",
      manifest: { name: "p", skills: "./other" },
      entry: { skills: { paths: ["./x"], mode: "append", replace: false } },
    },
  },
  {
    name: "g03 'loosewithmani': plugin.json, strict false, components in the entry: not loaded",
    entry: entry({ strict: false, components: true, manifest: { name: "p", skills: ["./x"] } }),
    pluginJson: { name: "p" },
    expected: {
      kind: "conflict",
      reason: "Plugin p has conflicting manifests: both plugin.json and marketplace entry " +
        "specify components. Set strict: true in marketplace entry or remove component specs " +
        "from one location.",
    },
  },
  {
    name: "g03 'loosenocomp': plugin.json, strict false, no components in the entry: as strict",
    entry: entry({ strict: false }),
    pluginJson: { name: "p", skills: "./other" },
    expected: { kind: "plugin", manifest: { name: "p", skills: "./other" }, entry: {} },
  },
  {
    name: "g05 'maniname': plugin.json's name wins over the entry's",
    entry: entry({ name: "entryname", manifest: { name: "entryname" } }),
    pluginJson: { name: "maniname" },
    expected: { kind: "plugin", manifest: { name: "maniname" }, entry: {} },
  },
  {
    name: "g05 'manidep': plugin.json's dependencies, not the entry's",
    entry: entry({ manifest: { name: "p", dependencies: ["e"] } }),
    pluginJson: { name: "p", dependencies: ["m"] },
    expected: { kind: "plugin", manifest: { name: "p", dependencies: ["m"] }, entry: {} },
  },
  {
    name: "g04 'engentry': engines from the entry when plugin.json states none",
    entry: entry({ manifest: { name: "p", claudeCodeRange: ">=99" } }),
    pluginJson: { name: "p" },
    expected: { kind: "plugin", manifest: { name: "p", claudeCodeRange: ">=99" }, entry: {} },
  },
  {
    name: "engines: plugin.json's first",
    entry: entry({ manifest: { name: "p", claudeCodeRange: ">=99" } }),
    pluginJson: { name: "p", claudeCodeRange: ">=2" },
    expected: { kind: "plugin", manifest: { name: "p", claudeCodeRange: ">=2" }, entry: {} },
  },
  {
    name: "g05 'nocmd': the entry's commands come after the plugin's",
    entry: entry({ components: true, manifest: { name: "p", commands: ["./more"] } }),
    expected: { kind: "plugin", manifest: { name: "p" }, entry: { commands: ["./more"] } },
  },
  {
    name: "g03 'rootsrc': a './' source with skills replaces skills/",
    entry: entry({
      source: { kind: "local", path: "./" },
      strict: false,
      components: true,
      manifest: { name: "p", skills: ["./rootskills/r1"] },
    }),
    expected: {
      kind: "plugin",
      manifest: { name: "p" },
      entry: { skills: { paths: ["./rootskills/r1"], mode: "assign", replace: true } },
    },
  },
];

for (const c of MERGE) {
  Deno.test(`marketplace: mergeEntry: ${c.name}`, () => {
    assert.deepEqual(mergeEntry(c.entry, c.pluginJson), c.expected);
  });
}

const skill = (n: string) => `---\nname: ${n}\ndescription: d\n---\nbody\n`;
/** The g06 tree: a marketplace's root with skills/k0, a/a1, b/b1, top1, and ../nope/n1. */
const G06: Tree = {
  "/mk/skills/k0/SKILL.md": skill("k0"),
  "/mk/a/a1/SKILL.md": skill("a1"),
  "/mk/b/b1/SKILL.md": skill("b1"),
  "/mk/top1/SKILL.md": skill("top1"),
  "/nope/n1/SKILL.md": skill("n1"),
};

const OVERLAY: {
  name: string;
  tree?: Tree;
  pluginJson?: Manifest;
  entry: Omit<EntrySkills, "file" | "at">;
  dirs: string[];
  problems?: string[];
}[] = [
  {
    name: "g06 'pa': a root source whose every path leaves the plugin: no skill at all",
    pluginJson: { name: "pa", skills: ["./b"] },
    entry: { paths: ["./../nope"], mode: "append", replace: true },
    dirs: [],
    problems: ["skills-path"],
  },
  {
    name: "g06 'pb': './' keeps skills/, the manifest's paths dropped, the root read last",
    pluginJson: { name: "pb", skills: ["./b"] },
    entry: { paths: ["./", "./a"], mode: "append", replace: true },
    dirs: ["/mk/skills/k0", "/mk/a/a1", "/mk/top1"],
  },
  {
    name: "g06 'pc': no path gives a folder: skills/ and the manifest's as ever",
    pluginJson: { name: "pc", skills: ["./b"] },
    entry: { paths: ["./missing"], mode: "append", replace: true },
    dirs: ["/mk/skills/k0", "/mk/b/b1"],
    problems: ["skills-path"],
  },
  {
    name: "g06 'pd': no plugin.json: skills/ kept for './', then the paths in their order",
    entry: { paths: ["./", "./a"], mode: "assign", replace: true },
    dirs: ["/mk/skills/k0", "/mk/top1", "/mk/a/a1"],
  },
  {
    name: "g06 'pe': the paths in place of skills/",
    entry: { paths: ["./a"], mode: "assign", replace: true },
    dirs: ["/mk/a/a1"],
  },
  {
    name: "g06 'pg': './skills' named: skills/ read",
    entry: { paths: ["./skills"], mode: "assign", replace: true },
    dirs: ["/mk/skills/k0"],
  },
  {
    name: "g03 'loosep': not a root source: skills/ and then the entry's",
    entry: { paths: ["./a"], mode: "assign", replace: false },
    dirs: ["/mk/skills/k0", "/mk/a/a1"],
  },
  {
    name: "g05 'fallb': no path gives a folder: the SKILL.md at the top stays the one skill",
    tree: { "/mk/SKILL.md": skill("fb") },
    entry: { paths: ["./missing"], mode: "assign", replace: false },
    dirs: ["/mk"],
    problems: ["skills-path"],
  },
  {
    name: "g05 'assignp': a path that gives a folder takes the top SKILL.md's place",
    tree: { "/mk/SKILL.md": skill("as0"), "/mk/extra/as1/SKILL.md": skill("as1") },
    entry: { paths: ["./extra"], mode: "assign", replace: false },
    dirs: ["/mk/extra/as1"],
  },
  {
    name: "g05 'appendp': over a plugin.json, the top SKILL.md stays and the path comes after",
    tree: { "/mk/SKILL.md": skill("ap0"), "/mk/extra/ap1/SKILL.md": skill("ap1") },
    pluginJson: { name: "appendp" },
    entry: { paths: ["./extra"], mode: "append", replace: false },
    dirs: ["/mk", "/mk/extra/ap1"],
  },
  {
    name: "g03 'strictappend': the manifest's path, then the entry's (not twice)",
    pluginJson: { name: "p", skills: ["./b"] },
    entry: { paths: ["./a", "./b"], mode: "append", replace: false },
    dirs: ["/mk/skills/k0", "/mk/b/b1", "/mk/a/a1"],
  },
];

for (const c of OVERLAY) {
  Deno.test(`marketplace: entry skills: ${c.name}`, () => {
    const problems: SkillProblem[] = [];
    const found = pluginSkillDirs(
      "/mk",
      c.pluginJson,
      "/mk/.claude-plugin/plugin.json",
      treeReader(c.tree ?? G06),
      problems,
      { ...c.entry, file: "/mk/.claude-plugin/marketplace.json", at: ["plugins", 0, "skills"] },
    );
    assert.deepEqual(found.dirs, c.dirs);
    assert.deepEqual(problems.map((p) => p.code), c.problems ?? []);
    for (const p of problems) {
      assert.equal(p.file, "/mk/.claude-plugin/marketplace.json");
      assert.deepEqual(p.at, { path: ["plugins", 0, "skills", 0] });
    }
  });
}

const mk = (plugins: unknown[]) => JSON.stringify({ name: "mk", owner, plugins });

const REPOSITORY: {
  name: string;
  tree: Tree;
  pluginDirs?: string[];
  /** The names the catalogue lists. */
  names: string[];
  problems?: string[];
}[] = [
  {
    name: "a root with plugin.json is read as a plugin",
    tree: {
      "/r/.claude-plugin/plugin.json": '{"name": "solo"}',
      "/r/skills/s/SKILL.md": skill("s"),
    },
    names: ["solo:s"],
  },
  {
    name: "a root with marketplace.json: its entries' plugins",
    tree: {
      "/r/.claude-plugin/marketplace.json": mk([{ name: "a", source: "./plugins/a" }]),
      "/r/plugins/a/skills/s/SKILL.md": skill("s"),
    },
    names: ["a:s"],
  },
  {
    name: "superpowers: plugin.json and a marketplace naming './': the plugin read once",
    tree: {
      "/r/.claude-plugin/plugin.json": '{"name": "sp"}',
      "/r/.claude-plugin/marketplace.json": mk([{ name: "sp", source: "./" }]),
      "/r/skills/s/SKILL.md": skill("s"),
    },
    names: ["sp:s"],
  },
  {
    name: "plugin.json and a marketplace of other plugins: both read",
    tree: {
      "/r/.claude-plugin/plugin.json": '{"name": "top"}',
      "/r/.claude-plugin/marketplace.json": mk([{ name: "a", source: "./plugins/a" }]),
      "/r/skills/s/SKILL.md": skill("s"),
      "/r/plugins/a/skills/t/SKILL.md": skill("t"),
    },
    names: ["a:t", "top:s"],
  },
  {
    name: "a --plugin-dir naming an entry's folder: that folder read once, by the flag",
    tree: {
      "/r/.claude-plugin/marketplace.json": mk([{ name: "a", source: "./plugins/a" }]),
      "/r/plugins/a/.claude-plugin/plugin.json": '{"name": "a"}',
      "/r/plugins/a/skills/s/SKILL.md": skill("s"),
    },
    pluginDirs: ["/r/plugins/a"],
    names: ["a:s"],
  },
  {
    name: "a --plugin-dir naming the root: read once",
    tree: {
      "/r/.claude-plugin/plugin.json": '{"name": "solo"}',
      "/r/skills/s/SKILL.md": skill("s"),
    },
    pluginDirs: ["/r"],
    names: ["solo:s"],
  },
  {
    name: "an entry's dependency means one of its marketplace (a@mk needs b@mk)",
    tree: {
      "/r/.claude-plugin/marketplace.json": mk([
        { name: "a", source: "./a", dependencies: ["b"] },
        { name: "c", source: "./c", dependencies: ["gone"] },
        { name: "b", source: "./b" },
      ]),
      "/r/a/skills/s/SKILL.md": skill("s"),
      "/r/b/skills/t/SKILL.md": skill("t"),
      "/r/c/skills/u/SKILL.md": skill("u"),
    },
    names: ["a:s", "b:t"],
    problems: ["missing-dependency"],
  },
  {
    name: "a plain project: nothing more is read",
    tree: { "/r/.claude/skills/s/SKILL.md": skill("s") },
    names: ["s"],
  },
];

for (const c of REPOSITORY) {
  Deno.test(`marketplace: repository: ${c.name}`, () => {
    const reader = treeReader(c.tree);
    const found = discover(
      { root: "/r", home: "/h", pluginDirs: c.pluginDirs, repository: true, projectOnly: true },
      reader,
    );
    const catalogue = new Catalogue({ ...found, base: "/r", reader, yaml });
    assert.deepEqual(catalogue.skills().map((e) => e.name).sort(), c.names);
    // Each plugin folder read once: nothing shadowed by a second reading of itself.
    assert.deepEqual(catalogue.shadowed(), []);
    assert.equal(found.pluginsRead, found.plugins.length + (c.problems?.length ?? 0));
    assert.deepEqual(found.problems.map((p) => p.code), c.problems ?? []);
  });
}

Deno.test("marketplace: repository: without it, the catalogue reads no marketplace (as Claude Code)", () => {
  const reader = treeReader({
    "/r/.claude-plugin/marketplace.json": mk([{ name: "a", source: "./plugins/a" }]),
    "/r/plugins/a/skills/s/SKILL.md": skill("s"),
  });
  const found = discover({ root: "/r", home: "/h", projectOnly: true }, reader);
  assert.deepEqual([found.plugins, found.marketplaces], [[], []]);
});
