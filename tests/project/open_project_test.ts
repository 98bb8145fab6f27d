/**
 * The library in one call (issue 24): `openProject` reads a project as the CLI does, with the
 * YAML parser built in, and hands back the policy, the catalogue, a renderer and every problem.
 */

import assert from "node:assert/strict";
import { openProject } from "../../mod.ts";
import { REPO } from "../cli/_run.ts";

Deno.test("openProject: the example project's policy, catalogue and a render, no problem", async () => {
  const p = await openProject({ root: `${REPO}/examples/project`, projectOnly: true });
  assert.deepEqual(p.problems, []);
  assert.equal(p.policy.decide({ tool: "Read", input: { file_path: ".env" } }).verdict, "deny");
  assert.ok(p.catalogue.find("review"));
  const r = await p.render("/review src/app.ts readability");
  assert.equal(r.error, undefined);
  assert.match(r.text!, /src\/app\.ts/);
});

Deno.test("openProject: a broken settings file is a problem of level error, the rest still read", async () => {
  const dir = await Deno.makeTempDir({ prefix: "skald-open-" });
  try {
    await Deno.mkdir(`${dir}/.claude/commands`, { recursive: true });
    await Deno.writeTextFile(`${dir}/.claude/settings.json`, '{"permissions": {"deny": [,]}}');
    await Deno.writeTextFile(
      `${dir}/.claude/settings.local.json`,
      JSON.stringify({ permissions: { deny: ["Bash(rm:*)"] }, skillOverrides: { hide: "off" } }),
    );
    await Deno.writeTextFile(`${dir}/.claude/commands/hide.md`, "Hidden.\n");
    const p = await openProject({ root: dir, projectOnly: true });
    assert.deepEqual(p.problems.map((x) => [x.file, x.code, x.level]), [
      [".claude/settings.json", "not-json", "error"],
    ]);
    assert.equal(p.policy.decide({ tool: "Bash", input: { command: "rm -rf x" } }).verdict, "deny");
    const r = await p.render("/hide");
    assert.match(r.error!, /disabled via skillOverrides/);
    assert.match((await p.render("/nope")).error!, /Unknown skill or command "\/nope"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
