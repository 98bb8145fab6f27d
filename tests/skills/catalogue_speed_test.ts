/**
 * Loading and listing a catalogue costs no more than 2 times reading its files once (the
 * issue's bound; `bench/catalogue_bench.ts` measures 10,000 skills). Interleaved rounds, the
 * best of each, so a busy machine does not fail it.
 */

import assert from "node:assert/strict";
import { diskSkillReader } from "../../lib/fs/skill_reader.ts";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import { readAllOnce, writeSyntheticTree } from "../../bench/_synthetic_catalogue.ts";
import { yaml } from "../_skill_fs.ts";

// The op and resource sanitizers trace every file call: they would slow both sides unevenly.
Deno.test({
  name: "catalogue speed: loading and listing within 2 times the raw read",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () => {
    const tree = writeSyntheticTree(3000);
    try {
      const load = () => {
        const c = new Catalogue({
          roots: tree.roots,
          reader: diskSkillReader,
          yaml,
          base: tree.dir,
        });
        return c.promptText()?.length ?? 0;
      };
      let raw = Infinity;
      let cat = Infinity;
      for (let round = 0; round < 9; round++) {
        let t = performance.now();
        readAllOnce(tree.files);
        raw = Math.min(raw, performance.now() - t);
        t = performance.now();
        load();
        cat = Math.min(cat, performance.now() - t);
      }
      assert.ok(cat <= 2 * raw, `raw read ${raw.toFixed(1)} ms, catalogue ${cat.toFixed(1)} ms`);
    } finally {
      Deno.removeSync(tree.dir, { recursive: true });
    }
  },
});
