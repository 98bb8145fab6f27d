/**
 * `skald explain` and `skald test CASES.yml`.
 */

import assert from "node:assert/strict";
import { EMPTY_HOME, golden, REPO, skald } from "./_run.ts";

const EXAMPLE = ["--root", "examples/project", "--home", EMPTY_HOME];

Deno.test("explain: every rule considered, what each matched, the verdict and its exit code", async () => {
  const r = await skald(["explain", ...EXAMPLE, "Bash", "git status && sudo rm -rf /"]);
  assert.equal(r.code, 2);
  await golden("explain.txt", r.stdout);
  const j = await skald(["explain", "--json", ...EXAMPLE, "Bash", "git status && npm run test"]);
  assert.equal(j.code, 0);
  const doc = JSON.parse(j.stdout);
  assert.equal(doc.verdict, "allow");
  assert.deepEqual(
    doc.considered.filter((c: { matches: boolean }) => c.matches).map((c: { rule: string }) =>
      c.rule
    ),
    [
      "Bash(npm run test:*)",
      "Bash(git status)",
    ],
  );
});

Deno.test("test: every case of the example agrees with the policy", async () => {
  const r = await skald(["test", ...EXAMPLE, "examples/policy-tests.yml"]);
  assert.deepEqual([r.code, r.stdout], [0, "9 passed, 0 failed\n"]);
});

Deno.test("test: each disagreeing case is named; exit 4", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/cases.yml`,
      [
        '- bash: "git push --force"',
        "  expect: allow",
        "- name: secrets",
        "  read: secrets/api-key.txt",
        "  expect: deny",
        "- webfetch: https://docs.deno.com/x",
        "  expect: ask",
      ].join("\n"),
    );
    const r = await skald(["test", ...EXAMPLE, `${dir}/cases.yml`]);
    assert.equal(r.code, 4);
    assert.equal(
      r.stdout,
      'FAIL case 1: Bash "git push --force": expected allow, got ask: Needs approval by Bash(git push:*) from .claude/settings.json\n' +
        'FAIL case 3: WebFetch "https://docs.deno.com/x": expected ask, got allow: Allowed by WebFetch(domain:docs.deno.com) from .claude/settings.json\n' +
        "1 passed, 2 failed\n",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("test: a case that cannot be read is an error naming the file and the case", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/bad.yml`,
      "- bash: ls\n  expect: maybe\n- nope: x\n  expect: allow\n",
    );
    const r = await skald(["test", ...EXAMPLE, `${dir}/bad.yml`]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /bad\.yml: Case 1: "expect" must be allow, ask or deny/);
    assert.match(r.stderr, /bad\.yml: Case 2: expected one tool key/);
    const missing = await skald(["test", ...EXAMPLE, `${REPO}/nope.yml`]);
    assert.equal(missing.code, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
