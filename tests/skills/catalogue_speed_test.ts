/**
 * Loading and listing a catalogue costs no more than 2 times reading its files once (the
 * issue's bound; `bench/catalogue_bench.ts` measures 10,000 skills in wall time). Measured in
 * CPU time of this process, best of interleaved rounds, so that other work on a busy machine
 * does not decide the result.
 */

import assert from "node:assert/strict";
import process from "node:process";
import { diskSkillReader } from "../../lib/fs/skill_reader.ts";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import { readAllOnce, writeSyntheticTree } from "../../bench/_synthetic_catalogue.ts";
import { yaml } from "../_skill_fs.ts";

/** CPU milliseconds (user and system) a function takes. */
function cpu(f: () => void): number {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

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
        c.promptText();
      };
      let raw = Infinity;
      let cat = Infinity;
      // 15 rounds: the catalogue's code is still warming up (getting faster) through round 9.
      for (let round = 0; round < 15; round++) {
        raw = Math.min(raw, cpu(() => readAllOnce(tree.files)));
        cat = Math.min(cat, cpu(load));
      }
      assert.ok(cat <= 2 * raw, `raw read ${raw.toFixed(1)} ms, catalogue ${cat.toFixed(1)} ms`);
    } finally {
      Deno.removeSync(tree.dir, { recursive: true });
    }
  },
});
