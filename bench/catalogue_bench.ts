/**
 * Loading and listing a catalogue of 10,000 skills over several roots, against reading those
 * files once (the goal: no more than 2 times the raw read).
 */

import { loadYaml } from "../lib/deps/yaml.ts";
import { diskSkillReader } from "../lib/fs/skill_reader.ts";
import { Catalogue } from "../lib/skills/catalogue.ts";
import { readAllOnce, writeSyntheticTree } from "./_synthetic_catalogue.ts";

const YAML = await loadYaml();
const tree = writeSyntheticTree(10_000);

Deno.bench({
  name: "read 10,000 skill files once (raw)",
  group: "catalogue",
  baseline: true,
  fn: () => {
    readAllOnce(tree.files);
  },
});

Deno.bench({
  name: "load and list a catalogue of 10,000 skills",
  group: "catalogue",
  fn: () => {
    const c = new Catalogue({
      roots: tree.roots,
      reader: diskSkillReader,
      yaml: (t) => YAML.parse(t),
      base: tree.dir,
    });
    c.promptText();
  },
});

globalThis.addEventListener("unload", () => Deno.removeSync(tree.dir, { recursive: true }));
