/**
 * `skillOverrides` as Claude Code 2.1.332 applies it (issue 21), held against its own answers in
 * the oracle cases `tests/oracle/cases/claude-2.1.332/s01-skilloverrides-values.json` (values),
 * `s03-skilloverrides-plugin.json` (a plugin's entries are not affected) and
 * `s06-skilloverrides-keys.json` (the key is the listed name): what the model's listing holds,
 * which names a user may run, and which the model may.
 */

import assert from "node:assert/strict";
import { parse } from "npm:yaml@2.9.1";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import type { SkillOverride } from "../../lib/skills/entry.ts";
import { treeReader } from "../../lib/skills/tree_reader.ts";

const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n${name.toUpperCase()}-BODY\n`;

/** The tree of s01, and its settings' `skillOverrides`. */
const FILES: Record<string, string> = {
  "/p/.claude/skills/aon/SKILL.md": skill("aon", "A on"),
  "/p/.claude/skills/bname/SKILL.md": skill("bname", "B name-only"),
  "/p/.claude/skills/cuser/SKILL.md": skill("cuser", "C user-invocable-only"),
  "/p/.claude/skills/doff/SKILL.md": skill("doff", "D off"),
  "/p/.claude/commands/ecmd.md": "---\ndescription: E command off\n---\nECMD-BODY\n",
  "/p/.claude/commands/fcmd.md": "---\ndescription: F command name-only\n---\nFCMD-BODY\n",
  "/p/.claude/commands/gcmd.md": "---\ndescription: G command user-invocable-only\n---\nG\n",
  "/plug/skills/pa/SKILL.md": skill("pa", "Plugin A"),
};
const OVERRIDES: Record<string, SkillOverride> = {
  aon: "on",
  bname: "name-only",
  cuser: "user-invocable-only",
  doff: "off",
  ecmd: "off",
  fcmd: "name-only",
  gcmd: "user-invocable-only",
  simplify: "off",
  loop: "name-only",
  "myplug:pa": "off",
  pa: "off",
};

const catalogue = new Catalogue({
  roots: [
    { dir: "/p/.claude/skills", source: "project", layout: "skills" },
    { dir: "/p/.claude/commands", source: "project", layout: "commands" },
  ],
  plugins: [{ name: "myplug", root: "/plug", dirs: ["/plug/skills"] }],
  reader: treeReader(FILES),
  yaml: parse,
  overrides: OVERRIDES,
});
const lines = catalogue.listing().lines.map((l) => l.text);

const CASES: { name: string; check: () => void }[] = [
  {
    name: "s01: the model's listing holds on (with its description) and name-only (by name alone)",
    check: () =>
      assert.deepEqual(
        lines.filter((l) => !l.startsWith("- myplug:")),
        ["- aon: A on", "- bname", "- fcmd"],
      ),
  },
  {
    name: "s01: user-invocable-only and off are not listed for the model",
    check: () =>
      assert.deepEqual(
        catalogue.listed().map((e) => e.name).filter((n) => !n.startsWith("myplug:")),
        ["aon", "bname", "fcmd"],
      ),
  },
  {
    name: "s01: the user may run every entry but the ones turned off (slash_commands)",
    check: () =>
      assert.deepEqual(
        catalogue.userInvocable().map((e) => e.name).filter((n) => !n.startsWith("myplug:"))
          .sort(),
        ["aon", "bname", "cuser", "fcmd", "gcmd"],
      ),
  },
  {
    name: "s01: /doff is refused as off, not as a model-only skill",
    check: () => {
      assert.equal(catalogue.find("doff")?.override, "off");
      assert.equal(catalogue.findUserInvocable("doff"), undefined);
    },
  },
  {
    name: "s01: Claude Code's own entries: simplify off leaves the listing, loop is by name",
    check: () => {
      const listed = catalogue.listing({
        builtins: [
          { name: "loop", description: "Run a prompt on a loop", fixed: false },
          { name: "simplify", description: "Simplify", fixed: false },
        ],
      });
      // The own lines, then "- loop" by name alone; simplify not at all.
      const own = listed.lines.map((l) => l.text);
      assert.equal(listed.total, [...own, "- loop"].join("\n").length);
    },
  },
  {
    name: "s03: a plugin's entries are not affected, whatever the key (myplug:pa or pa)",
    check: () => {
      assert.ok(lines.includes("- myplug:pa: Plugin A"));
      assert.equal(catalogue.find("myplug:pa")?.override, undefined);
    },
  },
];

for (const c of CASES) Deno.test(`skill overrides: ${c.name}`, c.check);

Deno.test("skill overrides: s06: the key is the listed (directory) name, not a frontmatter name", () => {
  const c = new Catalogue({
    roots: [{ dir: "/q/.claude/skills", source: "project", layout: "skills" }],
    reader: treeReader({ "/q/.claude/skills/r2-dir/SKILL.md": skill("r2-name", "R2") }),
    yaml: parse,
    overrides: { "r2-name": "off" },
  });
  assert.equal(c.find("r2-dir")?.override, undefined);
  const off = new Catalogue({
    roots: [{ dir: "/q/.claude/skills", source: "project", layout: "skills" }],
    reader: treeReader({ "/q/.claude/skills/r2-dir/SKILL.md": skill("r2-name", "R2") }),
    yaml: parse,
    overrides: { "r2-dir": "off" },
  });
  assert.equal(off.find("r2-dir")?.override, "off");
});
