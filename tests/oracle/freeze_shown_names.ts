/**
 * Freezes which frontmatter names Claude Code 2.1.332 shows beside a skill's directory name in
 * the model's listing (`- dir (name): ...`) into `tests/fixtures/oracle/shown_names.json`, the
 * table `tests/skills/shown_names_test.ts` holds lint's `hidden-name` against. The cases are
 * `tests/oracle/cases/claude-2.1.332/n0*.json` (a project skill, and for `n01` a plugin skill,
 * per name), each run with the real binary (`claude-oracle.mjs skills CASE --out OUTPUT`):
 *
 *   deno run --allow-read --allow-write tests/oracle/freeze_shown_names.ts \
 *     tests/oracle/cases/claude-2.1.332/n01-frontmatter-names.json /tmp/n01.out.json ...
 *
 * (arguments in pairs: a case file, then its output).
 *
 * @module
 */

import { writeFixture } from "./_oracle_files.ts";

const pairs = Deno.args;
if (pairs.length === 0 || pairs.length % 2 !== 0) {
  throw new Error("usage: freeze_shown_names.ts CASE.json OUTPUT.json [CASE.json OUTPUT.json ...]");
}
const rows: { file: string; dir: string; name: string; shown: boolean }[] = [];
for (let i = 0; i < pairs.length; i += 2) {
  const file = pairs[i]!.replace(/^.*\//, "");
  const c = JSON.parse(Deno.readTextFileSync(pairs[i]!)) as { files: Record<string, unknown> };
  const listing = (JSON.parse(Deno.readTextFileSync(pairs[i + 1]!)) as {
    results: { listingText: string }[];
  }).results[0]!.listingText.split("\n");
  for (const [path, text] of Object.entries(c.files)) {
    const m = /^(?:\.claude\/skills|(pl)\/skills)\/([^/]+)\/SKILL\.md$/.exec(path);
    if (m === null || typeof text !== "string") continue;
    const dir = m[1] === undefined ? m[2]! : `${m[1]}:${m[2]}`;
    const name = JSON.parse(/^name: (.*)$/m.exec(text)![1]!) as string;
    const line = listing.find((l) => l.startsWith(`- ${dir}:`) || l.startsWith(`- ${dir} (`));
    if (line === undefined) throw new Error(`${file}: ${dir} is not listed`);
    rows.push({ file, dir, name, shown: line.startsWith(`- ${dir} (`) });
  }
}
writeFixture("shown_names.json", rows);
