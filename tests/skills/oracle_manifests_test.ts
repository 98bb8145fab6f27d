/**
 * skald's reading of plugin manifests against Claude Code 2.1.332 run for real: every case of
 * `tests/fixtures/oracle/plugin_manifests.json` (frozen by `tests/oracle/freeze_manifests.ts`
 * from `tests/oracle/cases/claude-2.1.332/g0*.json`) rebuilt on disk, discovered with its
 * `--plugin-dir` arguments, and compared: the plugin skills, in Claude Code's order, and each
 * prompt (whether a command of that name exists, and the text it sends). Beside the oracle's
 * answer, each case names the problems skald reports on it (`PROBLEMS`: Claude Code's
 * answer says only what loads). A case's directory marketplaces (`extraKnownMarketplaces` of
 * source `directory`, every plugin enabled) are read as `discover`'s `marketplaceDirs`, as
 * `lint` reads a repository's own (g03-g06: entries, `strict`, a root source).
 */

import assert from "node:assert/strict";
import { diskSkillReader } from "../../lib/fs/skill_reader.ts";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import { discover } from "../../lib/skills/discovery.ts";
import { toolText } from "../../lib/skills/texts.ts";
import { buildTree, type TreeCase } from "../_oracle_tree.ts";
import { yaml } from "../_skill_fs.ts";

interface Row extends TreeCase {
  file: string;
  name: string;
  skills: string[];
  renders: { prompt: string; ran: boolean; sent: string | null }[];
}

const rows: Row[] = JSON.parse(
  Deno.readTextFileSync(new URL("../fixtures/oracle/plugin_manifests.json", import.meta.url)),
);

/** The problems skald reports on a case, code and reason (none when a case is not named here). */
const PROBLEMS: Record<string, [string, RegExp][]> = {
  // REPORT 4.1: a path without ./ fails the schema: the whole plugin is not loaded.
  "plugin.json skills: 'extra' (no ./ prefix)": [
    [
      "bad-manifest",
      /^The plugin is not loaded: invalid manifest: skills: .* must start with "\.\/"/,
    ],
  ],
  // REPORT 4.1: a file, or a path out of the plugin, gives no skill (Claude Code's errors
  // `path is a file; ...` and `path-traversal`); the plugin loads.
  "skills './SKILL.md' (a file)": [["skills-path", /is a file; skills entries must be dir/]],
  "skills '../x' (escapes)": [["skills-path", /leaves the plugin folder/]],
  // REPORT 4.1: a missing required dependency: the plugin is not loaded.
  "dependencies ['missing-plug'] (--plugin-dir)": [
    ["missing-dependency", /^The plugin is not loaded: its dependency "missing-plug"/],
  ],
  // REPORT 4.1: an unknown key is stripped; skald says it does not know it.
  "unknown manifest key 'foo' + optionalDependencies with an invalid entry 42": [
    ["manifest-key", /^Unknown key "foo": not known to skald \(Claude Code 2\.1\.332\)$/],
  ],
  // REPORT 4.2: plugin.json, strict false and components in the entry: not loaded.
  "directory marketplace (extraKnownMarketplaces + enabledPlugins): strict default/false entries with and without plugin.json":
    [["conflicting-manifests", /Plugin loosewithmani has conflicting manifests: both plugin.json/]],
  // g05: what keeps an entry's plugin from loading, each on its entry; an unknown key named.
  "directory marketplace: entry overlay corners (no plugin.json, commands, fallback, names, invalid entries, sources, dependencies)":
    [
      [
        "bad-entry",
        /^The plugin "baddesc" is not loaded: invalid marketplace entry: description: /,
      ],
      ["bad-entry", /^The plugin "noslash" is not loaded: .*must start with "\.\/"/],
      ["manifest-key", /^Unknown key "frobnicate" in the entry of "unkkey"/],
      ["skills-path", /^Skills path "\.\/\.\.\/\.\.\/shared" leaves the plugin folder/],
      ["skills-path", /^Skills path "\.\/missing" does not exist/],
      ["bad-entry", /^The plugin "escp" is not loaded: its source "\.\/\.\.\/outside-plug" leaves/],
      ["bad-entry", /^The plugin "gone" is not loaded: Plugin directory not found at path/],
      ["missing-dependency", /^The plugin is not loaded: its dependency "nosuch@mk" is not/],
      ["missing-dependency", /^The plugin is not loaded: its dependency "nosuch2@mk" is not/],
    ],
  // g06: a root source's skills paths that give nothing.
  'root-source entries ("./") with skills, with and without a plugin.json, one marketplace each': [
    ["skills-path", /^Skills path "\.\/\.\.\/nope" leaves the plugin folder/],
    ["skills-path", /^Skills path "\.\/missing" does not exist/],
  ],
};

/** Prompts whose answer skald gives differently on purpose, and why. */
const DIFFERENT: Record<string, string> = {
  "/pl:other-name": 'README, "Where the catalogue differs": a frontmatter name adds no name',
};

/** Cases skald does not replay, and why. */
const NOT_REPLAYED: Record<string, string> = {};

/**
 * The directory marketplaces of a case's settings, filled in; each of their plugins must be
 * enabled (skald reads them all).
 */
function marketplaceDirs(r: Row, fill: (t: string) => string): string[] {
  const settings = (r.settings ?? {}) as {
    extraKnownMarketplaces?: Record<string, { source: { source: string; path?: string } }>;
    enabledPlugins?: Record<string, boolean>;
  };
  const dirs: string[] = [];
  for (const [name, m] of Object.entries(settings.extraKnownMarketplaces ?? {})) {
    assert.equal(m.source.source, "directory", name);
    const dir = fill(m.source.path!);
    const doc = JSON.parse(
      r.files[
        `${m.source.path!.replace("{{PROJECT}}/", "")}/` +
        ".claude-plugin/marketplace.json"
      ] as string,
    );
    for (const e of doc.plugins) {
      assert.equal(settings.enabledPlugins?.[`${e.name}@${name}`], true, `${e.name}@${name}`);
    }
    dirs.push(dir);
  }
  return dirs;
}

for (const r of rows) {
  const skip = NOT_REPLAYED[r.file];
  Deno.test({
    name: `oracle manifests: ${r.file.replace(/-.*/, "")} ${r.name}` +
      (skip === undefined ? "" : ` (not replayed: ${skip})`),
    ignore: skip !== undefined,
    fn: () => {
      const tree = buildTree(r);
      try {
        const found = discover({
          root: tree.project,
          home: tree.home,
          pluginDirs: tree.pluginDirs,
          marketplaceDirs: marketplaceDirs(r, tree.fill),
        }, diskSkillReader);
        const catalogue = new Catalogue({
          ...found,
          base: tree.project,
          reader: diskSkillReader,
          yaml,
        });
        // Claude Code's `skills` leave commands out (they are in `slash_commands`).
        const skills = catalogue.skills().filter((e) => e.kind === "skill");
        assert.deepEqual(skills.map((e) => e.name), r.skills);
        const expected = PROBLEMS[r.name] ?? [];
        assert.deepEqual(found.problems.map((p) => p.code), expected.map(([code]) => code));
        for (const [i, [, reason]] of expected.entries()) {
          assert.match(found.problems[i]!.reason, reason);
        }
        for (const x of r.renders.filter((x) => DIFFERENT[x.prompt] === undefined)) {
          const name = x.prompt.slice(1);
          const entry = catalogue.findUserInvocable(name);
          assert.equal(entry !== undefined, x.ran, x.prompt);
          if (entry === undefined) continue;
          const text = tree.unfill(toolText(entry, catalogue.body(entry.name)!, undefined));
          assert.equal(text.replace(/\n$/, ""), x.sent!.replace(/\n$/, ""), x.prompt);
        }
      } finally {
        tree.remove();
      }
    },
  });
}

Deno.test("oracle manifests: every case named in PROBLEMS is a case of the table", () => {
  const names = new Set(rows.map((r) => r.name));
  for (const n of Object.keys(PROBLEMS)) assert.ok(names.has(n), n);
});
