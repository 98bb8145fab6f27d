/**
 * A line and column on every plugin and marketplace finding (issue 24 point 3): each problem
 * discovery reports on a `plugin.json` or a `marketplace.json` names its place (`at`), and
 * `lint` finds it in the file (`jsonPlacer`, over `jsonc-parser`): the value a message names,
 * the key of an unknown key, the place where a file stops being JSON.
 */

import assert from "node:assert/strict";
import * as jsonc from "npm:jsonc-parser@3.3.1";
import { jsonPlacer } from "../../lib/cli/lint_places.ts";
import { discover } from "../../lib/skills/discovery.ts";
import { engineRangeProblem } from "../../lib/skills/engine_range.ts";
import semver from "npm:semver@7.7.2";
import { type Tree, treeReader } from "../_skill_fs.ts";

const MK = "/r/.claude-plugin/marketplace.json";
const PJ = "/r/p/.claude-plugin/plugin.json";
const marketplace = (plugins: string) =>
  `{\n  "name": "mk",\n  "owner": { "name": "t" },\n  "plugins": [\n${plugins}\n  ]\n}\n`;

const CASES: {
  name: string;
  tree: Tree;
  /** Each problem: code, file, line, column. */
  places: [string, string, number, number][];
}[] = [
  {
    name: "bad-manifest: the value the message names (agents[0])",
    tree: {
      [MK]: marketplace('    { "name": "p", "source": "./p" }'),
      [PJ]: '{\n  "name": "p",\n  "agents": [\n    "./agents"\n  ]\n}\n',
    },
    places: [["bad-manifest", PJ, 4, 5]],
  },
  {
    name: "bad-manifest: a manifest that is not JSON: where it stops being JSON",
    tree: {
      [MK]: marketplace('    { "name": "p", "source": "./p" }'),
      [PJ]: '{\n  "name": "p",,\n}\n',
    },
    places: [["bad-manifest", PJ, 2, 15]],
  },
  {
    name: "manifest-key: an unknown key at its key, an ignored one at its value",
    tree: {
      [MK]: marketplace('    { "name": "p", "source": "./p" }'),
      [PJ]: '{\n  "name": "p",\n  "license": 1,\n  "category": "x"\n}\n',
    },
    places: [["manifest-key", PJ, 3, 14], ["manifest-key", PJ, 4, 3]],
  },
  {
    name: "skills-path: the path in the manifest's list",
    tree: {
      [MK]: marketplace('    { "name": "p", "source": "./p" }'),
      [PJ]: '{\n  "name": "p",\n  "skills": ["./a", "./gone"]\n}\n',
      "/r/p/a/s/SKILL.md": "x",
    },
    places: [["skills-path", PJ, 3, 21]],
  },
  {
    name: "bad-entry: the entry's value the message names",
    tree: {
      [MK]: marketplace('    { "name": "p", "source": "./p",\n      "description": 5 }'),
    },
    places: [["bad-entry", MK, 6, 22]],
  },
  {
    name: "bad-entry: a folder that is not there, at the entry's source",
    tree: { [MK]: marketplace('    { "name": "p", "source": "./gone" }') },
    places: [["bad-entry", MK, 5, 30]],
  },
  {
    name: "conflicting-manifests: at the entry's strict",
    tree: {
      [MK]: marketplace(
        '    { "name": "p", "source": "./p",\n      "strict": false, "skills": ["./x"] }',
      ),
      [PJ]: '{ "name": "p" }',
    },
    places: [["conflicting-manifests", MK, 6, 17]],
  },
  {
    name: "missing-dependency: the dependency in the list (an entry standing for plugin.json)",
    tree: {
      [MK]: marketplace(
        '    { "name": "p", "source": "./p",\n      "dependencies": ["q", "gone"] },\n' +
          '    { "name": "q", "source": "./q" }',
      ),
      "/r/q/skills/s/SKILL.md": "x",
    },
    places: [["missing-dependency", MK, 6, 29]],
  },
  {
    name: "manifest-key: an entry's unknown key, at its key",
    tree: { [MK]: marketplace('    { "name": "p", "source": "./p",\n      "foo": 1 }') },
    places: [["manifest-key", MK, 6, 7]],
  },
];

for (const c of CASES) {
  Deno.test(`lint places: ${c.name}`, () => {
    const tree: Tree = { "/r/p/README.md": "x", ...c.tree };
    const reader = treeReader(tree);
    const found = discover({ root: "/r", home: "/h", repository: true, projectOnly: true }, reader);
    const place = jsonPlacer(jsonc, (f) => typeof tree[f] === "string" ? tree[f] : undefined);
    assert.deepEqual(
      found.problems.map((p) => {
        const at = place(p.file, p.at!);
        return [p.code, p.file, at?.line, at?.column];
      }),
      c.places,
    );
  });
}

Deno.test("lint places: engine-range: engines.claude-code of the plugin.json, else the entry's", () => {
  const tree: Tree = {
    [MK]: marketplace(
      '    { "name": "p", "source": "./p" },\n' +
        '    { "name": "q", "source": "./q",\n      "engines": { "claude-code": ">=99" } }',
    ),
    [PJ]: '{\n  "name": "p",\n  "engines": {\n    "claude-code": ">=98"\n  }\n}\n',
    "/r/q/README.md": "x",
  };
  const found = discover(
    { root: "/r", home: "/h", repository: true, projectOnly: true },
    treeReader(tree),
  );
  const place = jsonPlacer(jsonc, (f) => tree[f] as string);
  assert.deepEqual(
    found.ranges.map((r) => {
      const p = engineRangeProblem(r, semver)!;
      const at = place(p.file, p.at!);
      return [r.plugin, p.file, at?.line, at?.column];
    }),
    [["p", PJ, 4, 20], ["q", MK, 7, 35]],
  );
});
