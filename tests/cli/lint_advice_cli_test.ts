/**
 * `skald lint` warns about deny and ask rules that cannot catch a common spelling (issue 11),
 * as a finding of kind `weak-rule` naming the rule to write instead, and exits 4; `skald
 * explain` prints how a deny rule read the command it matched.
 */

import assert from "node:assert/strict";
import { EMPTY_HOME, skald } from "./_run.ts";

async function project(permissions: unknown): Promise<string> {
  const root = await Deno.makeTempDir({ prefix: "skald-lint-" });
  await Deno.mkdir(`${root}/.claude`);
  await Deno.writeTextFile(`${root}/.claude/settings.json`, JSON.stringify({ permissions }));
  return root;
}

Deno.test("cli: lint warns about a deny rule that cannot catch a common spelling", async () => {
  const root = await project({
    deny: ["Bash(git push --force)", "Bash(rm -rf:*)"],
    allow: ["Bash(ls)"],
  });
  try {
    const r = await skald(["lint", "--json", "--root", root, "--home", EMPTY_HOME]);
    assert.equal(r.code, 0, "a warning alone does not fail");
    assert.deepEqual(JSON.parse(r.stdout).findings, [{
      file: ".claude/settings.json",
      line: 1,
      column: 25, // the rule's place: {"permissions":{"deny":["Bash(git push --force)"
      code: "weak-rule",
      kind: "weak-rule",
      level: "warning",
      reason: 'deny Bash(git push --force) cannot catch "git push --force x": write ' +
        "Bash(git push --force:*)",
    }]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("cli: lint is quiet about prefix rules", async () => {
  const root = await project({ deny: ["Bash(git push --force:*)", "Bash(rm -rf *)"] });
  try {
    const r = await skald(["lint", "--json", "--root", root, "--home", EMPTY_HOME]);
    assert.deepEqual([r.code, JSON.parse(r.stdout).findings], [0, []]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("cli: explain prints how a deny rule read the command", async () => {
  const root = await project({ deny: ["Bash(git push:*)"], allow: ["Bash(git:*)"] });
  try {
    const r = await skald([
      "explain",
      "--root",
      root,
      "--home",
      EMPTY_HOME,
      "Bash",
      "git -C . push",
    ]);
    assert.equal(r.code, 2);
    assert.match(r.stdout, /\n {13}read as the program reads it: `-C \.` is a git global option\n/);
    const j = await skald([
      "explain",
      "--json",
      "--root",
      root,
      "--home",
      EMPTY_HOME,
      "Bash",
      "git -C . push",
    ]);
    const rule = JSON.parse(j.stdout).considered.find((c: { rule: string }) =>
      c.rule === "Bash(git push:*)"
    );
    assert.deepEqual(rule.readings, ["`-C .` is a git global option"]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
