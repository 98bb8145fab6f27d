/**
 * Compares skald with Claude Code on real plugin folders (a fetched collection, say), without
 * copying them anywhere: Claude Code (the oracle) and skald both get the folders as
 * `--plugin-dir` arguments and an empty project, and the script prints how many of Claude
 * Code's listing lines and slash commands skald gives identically, then every difference.
 * Needs the oracle; not part of the tests (real collections stay out of the repository).
 *
 *   deno run -A tests/oracle/compare_plugins.ts ../shared/oracle NAME DIR...
 *
 * @module
 */

import { posix } from "../../lib/path.ts";
import { diskSkillReader } from "../../lib/fs/skill_reader.ts";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import { CLAUDE_CODE_BUILTINS } from "../../lib/_generated/claude_builtins.ts";
import { discover } from "../../lib/skills/discovery.ts";
import { yaml } from "../_skill_fs.ts";

const [oracleDir, name, ...dirs] = Deno.args;
if (oracleDir === undefined || name === undefined || dirs.length === 0) {
  console.error("usage: compare_plugins.ts ORACLE_DIR NAME DIR...");
  Deno.exit(1);
}
const abs = dirs.map((d) => posix.resolve(Deno.cwd(), d));
const tmp = Deno.makeTempDirSync({ prefix: "skald-compare-" });
const spec = {
  name,
  files: {},
  args: abs.flatMap((d) => ["--plugin-dir", d]),
  full: true,
  timeoutMs: 180000,
};
Deno.writeTextFileSync(`${tmp}/spec.json`, JSON.stringify(spec));
const run = await new Deno.Command("node", {
  args: [
    posix.join(oracleDir, "claude-oracle.mjs"),
    "skills",
    `${tmp}/spec.json`,
    "--quiet",
    "--raw-paths",
    "--out",
    `${tmp}/out.json`,
  ],
}).output();
if (!run.success) throw new Error("the oracle failed");
const result = JSON.parse(Deno.readTextFileSync(`${tmp}/out.json`)).results[0] as {
  fullListing: { name: string; description: string }[];
  init: { slash_commands: string[] };
};
const builtinNames = new Set(CLAUDE_CODE_BUILTINS.map((b) => b.name));
const line = (e: { name: string; description: string }) =>
  e.description === "" ? `- ${e.name}` : `- ${e.name}: ${e.description}`;
const cc = result.fullListing.filter((e) => !builtinNames.has(e.name)).map(line);

const project = `${tmp}/proj`;
const home = `${tmp}/home`;
Deno.mkdirSync(project);
Deno.mkdirSync(home);
const found = discover({ root: project, home, pluginDirs: abs }, diskSkillReader);
const catalogue = new Catalogue({ ...found, base: project, reader: diskSkillReader, yaml });
const skald = catalogue.listing().lines.map((l) => l.text);
const ccSlash = result.init.slash_commands;
const skaldSlash = catalogue.userInvocable().map((e) => e.name);
const skaldSet = new Set(skald);
const ccSet = new Set(cc);
const same = cc.filter((l) => skaldSet.has(l)).length;
const inOrder = cc.filter((l) => skaldSet.has(l)).join("\n") ===
  skald.filter((l) => ccSet.has(l)).join("\n");
const slashSame = skaldSlash.filter((n) => ccSlash.includes(n)).length;
console.log(
  `${name}: ${abs.length} folders, ${found.plugins.length} plugins loaded by skald; ` +
    `listing: Claude Code ${cc.length} lines, skald ${skald.length}, identical ${same}` +
    `${inOrder ? " (in the same order)" : " (order differs)"}; ` +
    `slash commands: skald ${skaldSlash.length}, also Claude Code's ${slashSame}, ` +
    `Claude Code's own left out`,
);
if (!inOrder) {
  const a = cc.filter((l) => skaldSet.has(l));
  const b = skald.filter((l) => ccSet.has(l));
  const i = a.findIndex((l, k) => l !== b[k]);
  console.log(
    `  first difference in order at ${i}: Claude Code ${a[i]?.slice(0, 80)} / skald ${
      b[i]?.slice(0, 80)
    }`,
  );
}
for (const l of cc) if (!skaldSet.has(l)) console.log(`  only Claude Code: ${l.slice(0, 160)}`);
for (const l of skald) if (!ccSet.has(l)) console.log(`  only skald: ${l.slice(0, 160)}`);
const ccOnlySlash = ccSlash.filter((n) => n.includes(":") && !skaldSlash.includes(n));
for (const n of ccOnlySlash) console.log(`  slash command only in Claude Code: /${n}`);
for (const n of skaldSlash.filter((n) => !ccSlash.includes(n))) {
  console.log(`  slash command only in skald: /${n}`);
}
for (const p of [...found.problems, ...catalogue.problems()]) {
  console.log(`  skald problem: ${p.file}: ${p.level ?? "error"}: ${p.reason}`);
}
Deno.removeSync(tmp, { recursive: true });
