/**
 * lint's `hidden-name` held against Claude Code 2.1.332's listing: for each frontmatter name
 * of `tests/fixtures/oracle/shown_names.json` (frozen by `tests/oracle/freeze_shown_names.ts`
 * from the oracle cases `n01`, `n02`: a project skill and a plugin skill per name), Claude Code
 * shows it beside the directory's name (`- dir (name): ...`) exactly when lint says nothing.
 * `UnoCSS` (laurigates/claude-plugins, css-plugin) is shown: lint once said it was not.
 */

import assert from "node:assert/strict";
import { parse } from "npm:yaml@2.9.1";
import { checkFrontmatter } from "../../lib/skills/frontmatter_check.ts";

const rows: { file: string; dir: string; name: string; shown: boolean }[] = JSON.parse(
  Deno.readTextFileSync(new URL("../fixtures/oracle/shown_names.json", import.meta.url)),
);

for (const r of rows) {
  Deno.test(`shown names: ${r.file.slice(0, 3)} ${r.dir} ${JSON.stringify(r.name)} is ${r.shown ? "shown" : "hidden"}`, () => {
    const text = `---\nname: ${JSON.stringify(r.name)}\ndescription: d\n---\nbody\n`;
    const dir = r.dir.split(":").at(-1)!;
    const found = checkFrontmatter(text, parse, dir).filter((f) => f.code === "hidden-name");
    // An empty name is no name: the directory's is listed, and lint has nothing to say.
    assert.equal(found.length, r.shown || r.name === "" ? 0 : 1);
    if (found.length === 1) assert.deepEqual([found[0]!.line, found[0]!.column], [2, 7]);
  });
}

Deno.test("shown names: the table holds both sides", () => {
  assert.ok(rows.some((r) => r.shown) && rows.some((r) => !r.shown && r.name !== ""));
});
