/**
 * The package as JSR would take it: `deno publish --dry-run` passes with no error and no warning
 * (a licence, no slow types, no import it cannot analyze), and it ships the licence and the docs
 * pages the README links.
 */

import assert from "node:assert/strict";
import { REPO } from "../cli/_run.ts";

Deno.test("package: deno publish --dry-run reports no error and no warning", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["publish", "--dry-run", "--allow-dirty"],
    cwd: REPO,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, text);
  assert.doesNotMatch(text, /^(warning|error)/m, text);
  assert.match(text, /Success.*Dry run complete/);
  assert.match(text, /\/LICENSE \(/, "LICENSE is published");
  // The README links its docs pages: they go with it.
  assert.match(text, /\/docs\/install\.md \(/, "docs/ is published");
});

Deno.test("package: MIT, the authors named, in deno.json and LICENSE alike", () => {
  const deno = JSON.parse(Deno.readTextFileSync(`${REPO}/deno.json`));
  assert.equal(deno.license, "MIT");
  const licence = Deno.readTextFileSync(`${REPO}/LICENSE`);
  assert.match(licence, /^MIT License\n\nCopyright \(c\) \d{4} the skald authors\n/);
  const plugin = JSON.parse(Deno.readTextFileSync(`${REPO}/.claude-plugin/plugin.json`));
  assert.equal(plugin.license, deno.license);
});
