/**
 * Tables of the documentation held to the code they describe (issue 24), so that they cannot
 * drift: the README's table of commands names every subcommand `skald --help` lists (its golden
 * file is held to the CLI by `tests/cli/cli_test.ts`), and the table of recommended deny rules in
 * `docs/init.md` is the preset `init` writes, row by row.
 */

import assert from "node:assert/strict";
import { REPO } from "../cli/_run.ts";
import { RECOMMENDED } from "../../lib/settings/preset.ts";
import { splitFences } from "./_markdown.ts";

const read = (path: string) => Deno.readTextFileSync(`${REPO}/${path}`);

/** The rows of the Markdown table under a heading, as cells (the header and rule left out). */
function tableUnder(doc: string, heading: string): string[][] {
  const prose = splitFences(read(doc)).prose;
  const at = prose.findIndex((l) => l.replace(/^#+\s*/, "") === heading && l.startsWith("#"));
  assert.ok(at >= 0, `${doc}: no heading "${heading}"`);
  const rows: string[][] = [];
  for (const l of prose.slice(at + 1)) {
    if (l.startsWith("#")) break;
    if (!l.startsWith("|")) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      l.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim().replaceAll("\\|", "|")),
    );
  }
  return rows.slice(2);
}

Deno.test("docs: the README's table of commands names every subcommand of skald --help", () => {
  const help = read("tests/golden/help.txt");
  const listed = [...help.split("Commands:")[1]!.matchAll(/^ {2}(\w+)/gm)].map((m) => m[1]!)
    .filter((c) => c !== "help");
  assert.ok(listed.length >= 15, listed.join(" "));
  const table = tableUnder("README.md", "The CLI").map((r) => /^`skald (\w+)/.exec(r[0]!)?.[1]);
  assert.deepEqual([...table].sort(), [...listed].sort());
});

Deno.test("docs: docs/init.md's table of recommended deny rules is the preset init writes", () => {
  const table = tableUnder("docs/init.md", "The recommended deny rules");
  assert.deepEqual(
    table.map(([rule, why]) => ({ rule: rule!.replace(/^`|`$/g, ""), why })),
    RECOMMENDED.map((r) => ({ rule: r.rule, why: r.why })),
  );
});
