/**
 * The documentation's library examples run (issue 24): the README's `openProject` example, run
 * in `examples/project` as the README says, prints exactly the text block that follows it; each
 * example of `docs/` that imports the library runs and prints its text block. Each is written to
 * a temporary file with `jsr:@skald/skald` pointed at this checkout's `mod.ts`.
 */

import assert from "node:assert/strict";
import { ENV, REPO, run } from "../cli/_run.ts";
import { documents, type Fence, splitFences } from "./_markdown.ts";

const LIBRARY = "jsr:@skald/skald";

/** The `ts` blocks of a document that import the library, each with the text block after it. */
function examples(doc: string): { code: Fence; output?: Fence }[] {
  const { fences } = splitFences(Deno.readTextFileSync(`${REPO}/${doc}`));
  return fences.flatMap((f, i) => {
    if (f.info !== "ts" || !f.text.includes(`"${LIBRARY}"`)) return [];
    const next = fences[i + 1];
    return [{ code: f, output: next?.info === "text" ? next : undefined }];
  });
}

/** Runs an example in a directory of the repository, as a user would with the README's flags. */
async function runExample(code: string, cwd: string): Promise<{ code: number; stdout: string }> {
  const dir = await Deno.makeTempDir({ prefix: "skald-example-" });
  try {
    const file = `${dir}/example.ts`;
    const mod = new URL("../../mod.ts", import.meta.url).href;
    await Deno.writeTextFile(file, code.replaceAll(`"${LIBRARY}"`, JSON.stringify(mod)));
    const ran = await run(
      Deno.execPath(),
      ["run", "--quiet", "--allow-read", "--allow-env", "--allow-run=bash", file],
      { cwd: `${REPO}/${cwd}`, env: { ...ENV } },
    );
    assert.equal(ran.stderr, "", ran.stderr);
    return { code: ran.code, stdout: ran.stdout };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("docs: the README's library example prints what the README says, in examples/project", async () => {
  const found = examples("README.md");
  assert.equal(found.length, 1, "one library example in the README");
  const [{ code, output }] = found as [{ code: Fence; output?: Fence }];
  assert.match(code.text, /openProject/);
  assert.ok(output, "a text block of what it prints follows it");
  const ran = await runExample(code.text, "examples/project");
  assert.equal(ran.code, 0);
  assert.equal(ran.stdout, output.text + "\n");
});

Deno.test("docs: each library example of docs/ runs and prints its text block", async () => {
  let count = 0;
  for (const doc of documents().filter((d) => d.startsWith("docs/"))) {
    for (const { code, output } of examples(doc)) {
      count++;
      const ran = await runExample(code.text, ".");
      assert.equal(ran.code, 0, `${doc}:${code.line}`);
      if (output) assert.equal(ran.stdout, output.text + "\n", `${doc}:${code.line}`);
    }
  }
  assert.ok(count >= 1);
});
