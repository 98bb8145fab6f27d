/**
 * A plugin's `dependencies` across the plugins found, as Claude Code 2.1.332 checks them
 * (REPORT 4.1; observed: g01 #12, a `--plugin-dir` plugin whose dependency is missing is not
 * loaded; g01 #13-#14, a missing `optionalDependencies` entry is no obstacle; oracle
 * `plugins.json` "point 3", m42; the rest read from its `Y`, `chunk-a25xy4js.js`). Both ways:
 * each rule that drops a plugin beside the twin that keeps it.
 */

import assert from "node:assert/strict";
import { discover } from "../../lib/skills/discovery.ts";
import { type FoundPlugin, withDependencies } from "../../lib/skills/plugin_dependencies.ts";
import { treeReader } from "../_skill_fs.ts";

/** A plugin found: `name`, or `name@mk` for an installed one, with its dependencies. */
const p = (id: string, ...dependencies: string[]): FoundPlugin => {
  const f: FoundPlugin = {
    plugin: { name: id.split("@")[0]!, dirs: [] },
    file: `/${id}/.claude-plugin/plugin.json`,
  };
  if (id.includes("@")) f.key = id;
  if (dependencies.length > 0) f.dependencies = dependencies;
  return f;
};

const CASES: {
  name: string;
  found: FoundPlugin[];
  disabled?: string[];
  loaded: string[];
  reasons: string[];
}[] = [
  {
    name: "g01 #12: a --plugin-dir plugin whose dependency is missing is not loaded",
    found: [p("rp", "missing-plug")],
    loaded: [],
    reasons: ['its dependency "missing-plug" is not installed (nor given with --plugin-dir)'],
  },
  {
    name: "twin: the dependency given too (--plugin-dir), both load",
    found: [p("rp", "missing-plug"), p("missing-plug")],
    loaded: ["rp", "missing-plug"],
    reasons: [],
  },
  {
    name: "a dependency later in the order counts (all plugins are found first)",
    found: [p("a", "b"), p("b")],
    loaded: ["a", "b"],
    reasons: [],
  },
  {
    name: "a chain: a needs b, b needs what is missing: neither loads",
    found: [p("a", "b"), p("b", "gone"), p("c")],
    loaded: ["c"],
    reasons: [
      'its dependency "gone" is not installed (nor given with --plugin-dir)',
      'its dependency "b" is not loaded either',
    ],
  },
  {
    name: "[source] an installed plugin's bare dependency means one of its marketplace",
    found: [p("a@mk", "b"), p("b@other")],
    loaded: ["b"],
    reasons: ['its dependency "b@mk" is not installed'],
  },
  {
    name: "twin: the dependency installed from the same marketplace",
    found: [p("a@mk", "b"), p("b@mk")],
    loaded: ["a", "b"],
    reasons: [],
  },
  {
    name: "[source] a qualified dependency is met by that installed plugin only",
    found: [p("a", "b@mk"), p("b")],
    loaded: ["b"],
    reasons: ['its dependency "b@mk" is not installed'],
  },
  {
    name: "twin: a qualified dependency installed",
    found: [p("a", "b@mk"), p("b@mk")],
    loaded: ["a", "b"],
    reasons: [],
  },
  {
    name: "[source] a bare dependency of a --plugin-dir plugin is met by an installed one",
    found: [p("a", "b"), p("b@mk")],
    loaded: ["a", "b"],
    reasons: [],
  },
  {
    name: "[source] a dependency turned off in enabledPlugins",
    found: [p("a@mk", "b")],
    disabled: ["b@mk"],
    loaded: [],
    reasons: ['its dependency "b@mk" is disabled in enabledPlugins'],
  },
  {
    name: "no dependencies: nothing to check",
    found: [p("a"), p("b@mk")],
    loaded: ["a", "b"],
    reasons: [],
  },
];
for (const c of CASES) {
  Deno.test(`plugin dependencies: ${c.name}`, () => {
    const r = withDependencies(c.found, c.disabled ?? []);
    assert.deepEqual(r.plugins.map((x) => x.name), c.loaded);
    assert.deepEqual(
      r.problems.map((x) =>
        x.reason.replace(/^The plugin is not loaded: /, "").replace(/ \(Claude Code loads .*$/, "")
      ),
      c.reasons,
    );
    assert.ok(r.problems.every((x) => x.code === "missing-dependency" && x.level === undefined));
  });
}

/** The same through discovery, from manifests on a tree: optional dependencies never count. */
const TREES: { name: string; manifest: unknown; loaded: string[]; codes: string[] }[] = [
  {
    name: "g01 #12: dependencies ['missing-plug']",
    manifest: { name: "rp", dependencies: ["missing-plug"] },
    loaded: [],
    codes: ["missing-dependency"],
  },
  {
    name: "g01 #13: optionalDependencies ['missing-plug']",
    manifest: { name: "rp", optionalDependencies: ["missing-plug"] },
    loaded: ["rp"],
    codes: [],
  },
  {
    name: "g01 #14: optionalDependencies [42, 'x'] and an unknown key",
    manifest: { name: "rp", foo: 1, optionalDependencies: [42, "x"] },
    loaded: ["rp"],
    codes: ["manifest-key"],
  },
  {
    name: "[source] in both lists: required",
    manifest: { name: "rp", dependencies: ["x"], optionalDependencies: ["x"] },
    loaded: [],
    codes: ["missing-dependency"],
  },
];
for (const c of TREES) {
  Deno.test(`plugin dependencies: discovery: ${c.name}`, () => {
    const reader = treeReader({
      "/rp/.claude-plugin/plugin.json": JSON.stringify(c.manifest),
      "/rp/skills/inner/SKILL.md": "Inner",
    });
    const d = discover({ root: "/p", home: "/h", pluginDirs: ["/rp"] }, reader);
    assert.deepEqual(d.plugins.map((x) => x.name), c.loaded);
    assert.deepEqual(d.problems.map((x) => x.code), c.codes);
  });
}
